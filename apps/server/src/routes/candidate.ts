import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  asksFor,
  AnswerInput,
  answerLanguageFor,
  CandidateSession,
  IdParam,
  ProctoringEventInput,
  RunCodeInput,
  RunCodeResult,
  SnapshotInput,
  succeed,
  type RunBudget,
} from '@assay/domain';
import type { CodeRunner } from '@assay/sandbox';
import type { KnownTokens } from '../auth/known-tokens.js';
import type { CandidateAttempts } from '../candidate/attempts-service.js';
import { SampleRunGate } from '../candidate/sample-run-gate.js';
import { withRetryAfter } from '../plugins/retry-later.js';
import { requireKnownToken } from '../plugins/take-test-token.js';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { refusal, unwrap } from '../refusal-error.js';
import { envelopeResponses } from './responses.js';

export interface CandidateRouteOptions {
  attempts: CandidateAttempts;
  runner: CodeRunner;
  /** Sample runs per token and window (429.3 beyond); one at a time either way (429.2). */
  runBudget: RunBudget;
  now: () => number;
  /** The tokens the candidate API has seen, and the per-address budget of the ones it does not know. */
  tokens: KnownTokens;
  unknownTokens: FailureLimiter;
}

/** Tokens are opaque; a malformed one is simply not found. */
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const QuestionParams = TokenParams.extend({ questionId: IdParam });
const tags = ['candidate'];

/** The candidate JSON API behind the take-test page; the token in the path is the only credential. */
export const candidateRoutes: FastifyPluginAsyncZod<CandidateRouteOptions> = async (app, { attempts, runner, runBudget, now, tokens, unknownTokens }) => {
  requireKnownToken(app, tokens, unknownTokens);
  const sampleRuns = new SampleRunGate(runBudget, now);

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: 'The candidate session: state, test, deadline, saved answers',
        params: TokenParams,
        response: envelopeResponses(CandidateSession),
      },
    },
    async (request) => succeed(await attempts.session(request.params.token)),
  );

  app.post(
    '/:token/start',
    { schema: { tags, summary: 'Start the test (access rules are enforced here)', params: TokenParams, response: envelopeResponses(CandidateSession) } },
    async (request) => {
      const session = await attempts.start(request.params.token);
      // The candidate reads the first question before running anything: time for Python to warm up.
      if (asksFor(session, 'python')) runner.warmUp?.('candidate');
      return succeed(session);
    },
  );

  app.put(
    '/:token/answers/:questionId',
    {
      schema: {
        tags,
        summary: 'Save an answer as it changes',
        params: QuestionParams,
        body: AnswerInput,
        response: envelopeResponses(z.object({ questionId: z.int(), savedAt: z.string() })),
      },
    },
    async (request) => succeed(await attempts.saveAnswer(request.params.token, request.params.questionId, request.body)),
  );

  app.post(
    '/:token/events',
    {
      schema: {
        tags,
        summary: 'Report leaving or returning to the test window',
        params: TokenParams,
        body: ProctoringEventInput,
        response: envelopeResponses(z.object({ wv: z.int(), tv: z.int() })),
      },
    },
    async (request) => succeed(await attempts.recordEvent(request.params.token, request.body)),
  );

  app.post(
    '/:token/snapshots',
    {
      schema: {
        tags,
        summary: 'Upload a camera snapshot (links with imageProctoring)',
        params: TokenParams,
        body: SnapshotInput,
        response: envelopeResponses(z.object({ snapshotId: z.int() })),
      },
    },
    async (request) => succeed(await attempts.addSnapshot(request.params.token, request.body.image)),
  );

  app.post(
    '/:token/run/:questionId',
    {
      schema: {
        tags,
        summary: "Run code against a coding question's sample tests",
        params: QuestionParams,
        body: RunCodeInput,
        response: envelopeResponses(RunCodeResult),
      },
    },
    async (request, reply) => {
      const { token, questionId } = request.params;
      const { question, owner } = await attempts.sampleRunFor(token, questionId, request.ip);
      if (question.type !== 'coding') throw refusal('400.10', 'Only coding questions have sample tests to run.');
      const language = unwrap(answerLanguageFor(question, request.body.language));
      const run = { code: request.body.code, language, functionName: question.functionName, cases: question.sampleTests };
      const outcome = await withRetryAfter(
        reply,
        sampleRuns.run({ token, owner }, (options) => runner.run(run, options)),
      );
      await attempts.countSampleRun(token, questionId);
      return succeed({
        results: question.sampleTests.map((sample, index) => {
          const result = outcome.results[index] ?? { passed: false, error: 'Not run' };
          return {
            passed: result.passed,
            args: sample.args,
            expected: sample.expected,
            ...(result.actual !== undefined ? { actual: result.actual as z.core.util.JSONType } : {}),
            ...(result.error !== undefined ? { error: result.error } : {}),
            ...(result.output !== undefined ? { output: result.output } : {}),
            ...(result.timeMs !== undefined ? { timeMs: result.timeMs } : {}),
            ...(result.errorLocation !== undefined ? { errorLocation: result.errorLocation } : {}),
          };
        }),
      });
    },
  );

  app.post(
    '/:token/submit',
    { schema: { tags, summary: 'Submit the test', params: TokenParams, response: envelopeResponses(CandidateSession) } },
    async (request) => succeed(await attempts.submit(request.params.token)),
  );
};
