import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PagingQuery, TestDefinition, TestDetails, ImportedTest, TestList, pageOffset, succeed } from '@assay/domain';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { newAccessKey } from '@assay/store';
import { apiKeySecurity, envelopeResponses } from './responses.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';

export const testRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  app.get(
    '/tests',
    {
      schema: {
        tags: ['tests'],
        summary: 'List tests (4.1)',
        security: apiKeySecurity,
        querystring: PagingQuery,
        response: envelopeResponses(TestList),
      },
    },
    async (request) => {
      const paging = request.query;
      return succeed(await store.tests.list(request.org.orgId, paging.page_size, pageOffset(paging)));
    },
  );

  app.get(
    '/tests/:testId',
    {
      schema: {
        tags: ['tests'],
        summary: 'Get test details (4.2)',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        response: envelopeResponses(TestDetails),
      },
    },
    async (request) => {
      const { testId } = request.params;
      return succeed(found(await store.tests.details(request.org.orgId, testId), '404.2', `No test ${testId}.`));
    },
  );

  app.post(
    '/tests',
    {
      schema: {
        tags: ['tests'],
        summary: 'Import a test definition (Assay extension)',
        description:
          'Sections, questions, marks, negative marks, durations and status. Answers with the stored test; `sameContentAs` names an earlier test of the org with exactly the same definition (it is imported all the same).',
        security: apiKeySecurity,
        body: TestDefinition,
        response: envelopeResponses(ImportedTest),
      },
    },
    async (request, reply) =>
      answerWithEffect(reply, store, (repositories) => repositories.tests.importDefinition(request.org.orgId, request.body, newAccessKey(), now()), succeed),
  );
};
