import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, V3TestDetails, V3TestList, V3TestListQuery, toV3Test, toV3TestDetails } from '@assay/domain';
import type { AppContext } from '../../context.js';
import { found } from '../../refusal-error.js';
import { v3Responses, v3Security } from './responses.js';

/** `GET /v3/tests` and `GET /v3/tests/{testId}` (decision 889): the org's tests, as v2's 4.1 and 4.2 read them. */
export const v3TestRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/tests',
    {
      schema: {
        tags: ['v3'],
        summary: 'List tests (iMocha v3)',
        description: 'Paged by `pageNo` and `pageSize` (default 20, at most 100); `totalCount` counts every test of the organization.',
        security: v3Security,
        querystring: V3TestListQuery,
        response: v3Responses(V3TestList),
      },
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      const { orgId } = request.org;
      const { tests, testsCount } = await store.tests.list(orgId, pageSize, (pageNo - 1) * pageSize);
      const aliases = await store.testSettings.aliases(
        orgId,
        tests.map((test) => test.testId),
      );
      return { tests: tests.map((test) => toV3Test(test, aliases.get(test.testId) ?? null)), totalCount: testsCount, pageNo, pageSize };
    },
  );

  app.get(
    '/tests/:testId',
    {
      schema: {
        tags: ['v3'],
        summary: 'Get a test with its sections (iMocha v3)',
        description: "Not published by iMocha; Assay's choice (decision 889). Another organization's test answers 404 like a missing one.",
        security: v3Security,
        params: z.object({ testId: IdParam }),
        response: v3Responses(V3TestDetails),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const { orgId } = request.org;
      const test = found(await store.tests.details(orgId, testId), 'test-not-found', `No test ${testId}.`);
      const aliases = await store.testSettings.aliases(orgId, [testId]);
      return toV3TestDetails(test, aliases.get(testId) ?? null);
    },
  );
};
