import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, TestDefinition, TestVersionList, TestVersionMade } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { poolExposuresOfVersion } from '../services/pool-exposures.js';
import { checkDefinitionRuns } from '../services/test-import.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const Params = z.object({ testId: IdParam });

/** A test's versions (issue 62 item 4, decisions 1485–1490; docs/test-versions.md). */
export const testVersionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now } = context;
  app.get(
    '/tests/:testId/versions',
    {
      schema: {
        tags: ['tests'],
        summary: 'List a test’s versions (Assay extension)',
        description:
          'Every version of the test, oldest first: its name, duration, questions and marks, when it was made, whether attempts starting now take it (`current`), how many attempts started on it and why Assay made it (`madeFor`, a question retired at its pool’s exposure cap); `pools`: the current version’s pools with an exposure cap, each question’s exposures and the retired ones. 404.2 for a test not in the org.',
        security: apiKeySecurity,
        params: Params,
        response: envelopeResponses(TestVersionList),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const list = found(await store.tests.versions(request.org.orgId, testId), 'test-not-found', `No test ${testId}.`);
      const current = await store.tests.currentContentId(request.org.orgId, testId);
      const pools = await poolExposuresOfVersion(store, testId, current);
      return succeed(pools.length === 0 ? list : { ...list, pools });
    },
  );

  app.post(
    '/tests/:testId/versions',
    {
      schema: {
        tags: ['tests'],
        summary: 'Change a test: make a new version (Assay extension)',
        description:
          'The whole definition of the test as it is to be (as POST /v2/org/tests takes it). It becomes the current version: invitations not started yet take it, an attempt already started keeps the version it started on to its end, and its report and workbook row say which. The test keeps its id, links and settings. The same definition as the current version makes nothing (`created: false`). A question that keeps its `key` must keep what it asks and accepts; one that `reimplements` another names a key of the current version that this one drops (400.132). 400.30 and 400.31 as for an import; 404.2 for a test not in the org.',
        security: apiKeySecurity,
        params: Params,
        body: TestDefinition,
        response: envelopeResponses(TestVersionMade),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      await checkDefinitionRuns(context, orgId, request.body);
      return answerWithEffect(
        reply,
        store,
        async (repositories) => unwrap(found(await repositories.tests.addVersion(orgId, testId, request.body, now()), 'test-not-found', `No test ${testId}.`)),
        succeed,
      );
    },
  );
};
