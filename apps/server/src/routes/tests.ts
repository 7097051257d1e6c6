import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PagingQuery, TestDefinition, TestDetails, ImportedTest, TestList, pageOffset } from '@assay/domain';
import type { AppContext } from '../context.js';
import { orgModelAvailability } from '../ai/model-availability.js';
import { found, unwrap } from '../refusal-error.js';
import { importableLanguages, languagesNeeded } from '@assay/domain/languages';
import { assistantAvailable, defaultAiSettingsOf, needsModel } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import { newAccessKey } from '@assay/store';
import { apiKeySecurity, envelopeResponses } from './responses.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';

export const testRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now, languages, model }) => {
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
    async (request, reply) => {
      // Every language a question accepts must run somewhere: here, or in a live worker that declared it (400.30).
      const needed = languagesNeeded(request.body);
      unwrap(importableLanguages(needed, languages, await store.sandboxWorkers.liveLanguages()));
      // A policy that offers the assistant needs a model (400.31); follow-ups and the evidence need none.
      unwrap(
        assistantAvailable(needsModel(defaultAiSettingsOf(request.body), request.body.sections), await orgModelAvailability(store, model, request.org.orgId)),
      );
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.tests.importDefinition(request.org.orgId, request.body, newAccessKey(), now()),
        succeed,
      );
    },
  );
};
