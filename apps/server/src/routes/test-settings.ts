import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, TestSettings, checkTestSettings } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { orgModelAvailability } from '../ai/model-availability.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['tests'];
const TestParams = z.object({ testId: IdParam });

export const TEST_SETTINGS_DESCRIPTION =
  'iMocha v3’s test settings, every group present: question and answer order, question marks shown, practice test, ' +
  'section-end popup, time-left alerts, candidate feedback, the report emailed to the candidate, and the violation rules. ' +
  'A test that never had settings answers its defaults (randomQuestions and randomAnswers follow its sections’ shuffle flags). ' +
  'docs/v3.md “Test settings” says what each does.';

/**
 * A test's settings on the v2 side (issue 52, decision 931): the same object `/v3/tests/{testId}/settings` reads and
 * writes, in the envelope, so a v2 integrator (and the TUI) reaches every setting without moving to v3.
 */
export const testSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, model }) => {
  const noTest = (testId: number) => `No test ${testId}.`;

  app.get(
    '/tests/:testId/settings',
    {
      schema: {
        tags,
        summary: 'A test’s settings (Assay extension; v3’s settings object)',
        description: TEST_SETTINGS_DESCRIPTION,
        security: apiKeySecurity,
        params: TestParams,
        response: envelopeResponses(TestSettings),
      },
    },
    async (request) => {
      const { testId } = request.params;
      return succeed(found(await store.testSettings.get(request.org.orgId, testId), 'test-not-found', noTest(testId)));
    },
  );

  app.put(
    '/tests/:testId/settings',
    {
      schema: {
        tags,
        summary: 'Replace a test’s settings (Assay extension; v3’s settings object)',
        description: `${TEST_SETTINGS_DESCRIPTION} The whole object, every group (400.2 otherwise); testName must be the test’s own (a test keeps its name: decision 883; testAliasName shows another). A reviewer key is refused (403.17).`,
        security: apiKeySecurity,
        params: TestParams,
        body: TestSettings,
        response: envelopeResponses(TestSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      const subject = found(await store.testSettings.subject(orgId, testId), 'test-not-found', noTest(testId));
      const checked = unwrap(checkTestSettings(subject, request.body, await orgModelAvailability(store, model, orgId)));
      return succeed(found(await store.testSettings.put(orgId, testId, checked), 'test-not-found', noTest(testId)));
    },
  );
};
