import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@assay/domain';
import { AiCheck } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { AiCheckRuns, aiCheckAnswerOf } from '../ai/ai-check-runs.js';
import { orgModelAvailability } from '../ai/model-availability.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['tests'];
const TestParams = z.object({ testId: IdParam });
const DESCRIPTION =
  'Which of the test’s questions the configured model solves (docs/ai.md “Which questions a model solves”): the model answers each question three times ' +
  '(coding and SQL questions: three times in each of their first two languages, each answer run against the hidden tests in the sandbox; choice questions ' +
  'scored exactly, short answers by the accepted answers, essays answered but not scored), recorded per question version. Nothing changes a score or a status.';

/** Which questions a model solves (issue 60 item 7): start a check, read the latest. */
export const aiCheckRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, model, assistantModel, now }) => {
  const runs = new AiCheckRuns(store, app.assay.runner, assistantModel, now);
  app.addHook('onClose', () => runs.close());
  const noTest = (testId: number) => `No test ${testId}.`;

  app.post(
    '/tests/:testId/ai-check',
    {
      schema: {
        tags,
        summary: 'Check which questions the model solves (Assay extension)',
        description: `${DESCRIPTION} Answers at once (200.1, state running) with the check; GET follows it. 400.31 without a model (or with the org’s assistant switched off); 409.103 while a check of the test runs; 404.2 for another org’s test. Idempotent under Idempotency-Key. A reviewer key is refused (403.17).`,
        security: apiKeySecurity,
        params: TestParams,
        response: envelopeResponses(AiCheck),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      found(await store.tests.find(orgId, testId), 'test-not-found', noTest(testId));
      const check = unwrap(await runs.start(orgId, testId, await orgModelAvailability(store, model, orgId)));
      return succeed(aiCheckAnswerOf(check));
    },
  );

  app.get(
    '/tests/:testId/ai-check',
    {
      schema: {
        tags,
        summary: 'The latest check of which questions the model solves (Assay extension)',
        description: `${DESCRIPTION} The latest check, running (with the questions done so far) or finished; 404.104 before the first.`,
        security: apiKeySecurity,
        params: TestParams,
        response: envelopeResponses(AiCheck),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      found(await store.tests.find(orgId, testId), 'test-not-found', noTest(testId));
      const check = found(
        await store.aiChecks.latest(orgId, testId),
        'ai-check-not-found',
        `Test ${testId} has not been checked against the model yet: POST starts a check.`,
      );
      return succeed(aiCheckAnswerOf(check));
    },
  );
};
