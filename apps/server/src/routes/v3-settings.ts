import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, TestSettings, TestSettingsInput, V3Failure, checkTestSettings } from '@assay/domain';
import type { AppContext } from '../context.js';
import { orgModelAvailability } from '../ai/model-availability.js';
import { found, unwrap } from '../refusal-error.js';
import { TEST_SETTINGS_DESCRIPTION } from './test-settings.js';

const TestParams = z.object({ testId: IdParam });
const failures = { '4xx': V3Failure, '5xx': V3Failure };

/**
 * iMocha v3's `GET`/`POST /v3/tests/{testId}/settings` (issue 52, decision 931): the settings object bare, as v3 answers
 * it, and written whole (v3 documents 201 for the update). The same rows `/v2/org/tests/{testId}/settings` reads.
 */
export const v3SettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, model } = context;
  const noTest = (testId: number) => `No test ${testId}.`;

  app.get(
    '/tests/:testId/settings',
    {
      schema: {
        tags: ['tests'],
        summary: "A test's settings (iMocha v3)",
        description: `${TEST_SETTINGS_DESCRIPTION} Failures answer \`{ statusCode, message, errors: [message] }\`.`,
        security: [{ apiKey: [] }],
        params: TestParams,
        response: { 200: TestSettings, ...failures },
      },
    },
    async (request) => {
      const { testId } = request.params;
      return found(await store.testSettings.get(request.org.orgId, testId), 'test-not-found', noTest(testId));
    },
  );

  app.post(
    '/tests/:testId/settings',
    {
      schema: {
        tags: ['tests'],
        summary: "Replace a test's settings (iMocha v3)",
        description: `${TEST_SETTINGS_DESCRIPTION} The whole object, every group (400 otherwise; testName must be the test’s own: decision 883); each switch 0 or 1 as iMocha documents it, or true or false (decision 1029); answers 201 with what was stored, switches as booleans. A reviewer key is refused (403).`,
        security: [{ apiKey: [] }],
        params: TestParams,
        body: TestSettingsInput,
        response: { 201: TestSettings, ...failures },
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      const subject = found(await store.testSettings.subject(orgId, testId), 'test-not-found', noTest(testId));
      const checked = unwrap(checkTestSettings(subject, request.body, await orgModelAvailability(store, model, orgId)));
      const stored = found(await store.testSettings.put(orgId, testId, checked), 'test-not-found', noTest(testId));
      return reply.code(201).send(stored);
    },
  );
};
