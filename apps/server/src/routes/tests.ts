import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PagingQuery, TestDefinition, TestDetails, ImportedTest, TestList, pageOffset } from '@assay/domain';
import type { AppContext } from '../context.js';
import { SerializedOnce } from '../http/serialized-once.js';
import { found } from '../refusal-error.js';
import { importTestDefinition } from '../services/test-import.js';
import { succeed } from '@assay/domain/v2';
import { apiKeySecurity, envelopeResponses } from './responses.js';

export const testRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store } = context;
  const pages = new SerializedOnce<object>();
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
    async (request, reply) => {
      const paging = request.query;
      const page = await store.tests.list(request.org.orgId, paging.page_size, pageOffset(paging));
      return pages.send(reply, page.tests, page.testsCount, () => succeed(page));
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
      return succeed(found(await store.tests.details(request.org.orgId, testId), 'test-not-found', `No test ${testId}.`));
    },
  );

  app.post(
    '/tests',
    {
      schema: {
        tags: ['tests'],
        summary: 'Import a test definition (Assay extension)',
        description:
          'Sections, questions, marks, negative marks, durations and status. A test whose coding questions accept a language no process of this Assay can run (not this server, no live assay-worker that declared it) is refused 400.30, naming the language and how to enable it. Answers with the stored test; `sameContentAs` names an earlier test of the org with exactly the same definition (it is imported all the same).',
        security: apiKeySecurity,
        body: TestDefinition,
        response: envelopeResponses(ImportedTest),
      },
    },
    async (request, reply) => importTestDefinition(context, request.org.orgId, request.body, reply),
  );
};
