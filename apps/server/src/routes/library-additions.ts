import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, TestDefinition, TestVersionMade } from '@assay/domain';
import { LibraryAdditionInput, libraryImportDefinition, withLibraryAddition } from '@assay/domain/library';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { checkDefinitionRuns } from '../services/test-import.js';
import { shipped } from './library.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** Library items into an existing test, as its next version (issue 62 item 2; decision 1491; docs/library.md). */
export const libraryAdditionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now } = context;
  app.post(
    '/tests/:testId/library-items',
    {
      schema: {
        tags: ['library'],
        summary: 'Add library items to a test, as its next version (Assay extension)',
        description:
          '`{ "items": [id, …] }` or `{ "readyTest": id }`: the items (the questions in a general section, the coding problems in a coding section) or the ready test’s sections are added after the test’s own, and the result becomes its next version (docs/test-versions.md): invitations not started take it, attempts already started keep theirs. The description gains the items’ attribution. Answers the version made. 400.139 for an item that is no item or is named twice, 404.126 for a ready test that is not one, 404.2 for a test not in the org; 400.30 and 400.31 as for an import.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        body: LibraryAdditionInput,
        response: envelopeResponses(TestVersionMade),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      const current = found(await store.tests.currentDefinition(orgId, testId), 'test-not-found', `No test ${testId}.`);
      const addition = TestDefinition.parse(unwrap(libraryImportDefinition({ ...request.body, testName: current.testName }, shipped().byId)));
      const definition = TestDefinition.parse(withLibraryAddition(current, addition));
      await checkDefinitionRuns(context, orgId, definition);
      return answerWithEffect(
        reply,
        store,
        async (repositories) => unwrap(found(await repositories.tests.addVersion(orgId, testId, definition, now()), 'test-not-found', `No test ${testId}.`)),
        succeed,
      );
    },
  );
};
