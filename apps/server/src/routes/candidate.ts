import { CandidateStartInput } from '@assay/domain/ai';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  asksForAny,
  AnswerInput,
  CandidateFeedback,
  CandidateFeedbackInput,
  CandidateSession,
  ViolationCounts,
  IdParam,
  isAttemptRunning,
  ProctoringEventInput,
  RunCodeInput,
  RunCodeResult,
  SnapshotInput,
  SnapshotSaved,
  type RunBudget,
  sampleRunNotRun,
} from '@assay/domain';
import type { CodeRunner } from '@assay/sandbox';
import type { LanguageAvailabilities, LanguageId } from '@assay/domain/languages';
import { succeed } from '@assay/domain/v2';
import type { KnownTokens } from '../auth/known-tokens.js';
import type { CandidateAttempts } from '../candidate/attempts-service.js';
import { SampleRunGate } from '../candidate/sample-run-gate.js';
import { compileErrorsOfRun, sampleResults } from '../candidate/sample-run-request.js';
import { SampleRunRegistry } from '../candidate/sample-run-registry.js';
import { withRetryAfter } from '../plugins/retry-later.js';
import { requireKnownToken } from '../plugins/take-test-token.js';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { RefusalError, unwrap } from '../refusal-error.js';
import { prepareSampleRun } from '../services/sample-run-plan.js';
import { candidateRunRoutes } from './candidate-runs.js';
import { candidateAssistantRoutes } from './candidate-assistant.js';
import type { CandidateAssistant } from '../candidate/candidate-assistant.js';
import { candidateFollowUpRoutes } from './candidate-follow-ups.js';
import type { CandidateFollowUpsService } from '../candidate/candidate-follow-ups.js';
import type { AssistantModel } from '../ai/assistant-model.js';
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
  /** Which languages this server runs (a run of another is refused 409.5), and the ones its sandbox warms ahead. */
  languages: LanguageAvailabilities;
  prewarm: readonly LanguageId[];
  /** The AI assistant (issue 60): its candidate side, and the operator's model when one is configured. */
  assistant: CandidateAssistant;
  model: AssistantModel | undefined;
  /** Authorship follow-ups (issue 60 item 6): served after a coding or written answer is submitted. */
  followUps: CandidateFollowUpsService;
}

/** Tokens are opaque; a malformed one is simply not found. */
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const QuestionParams = TokenParams.extend({ questionId: IdParam });
const tags = ['candidate'];

/** The candidate JSON API behind the take-test page; the token in the path is the only credential. */
export const candidateRoutes: FastifyPluginAsyncZod<CandidateRouteOptions> = async (
  app,
  { attempts, runner, runBudget, now, tokens, unknownTokens, languages, prewarm, assistant, model, followUps },
) => {
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
    async (request) => {
      const session = await attempts.open(request.params.token);
      // The page of a running attempt loads (or reloads after a server restart): Python warms before the first run.
      if (isAttemptRunning(session.state) && asksForAny(session, prewarm)) runner.warmUp?.('candidate');
      return succeed(session);
    },
  );

  app.post(
    '/:token/start',
    {
      schema: {
        tags,
        summary: 'Start the test (access rules are enforced here)',
        description:
          "The optional body `{ aiNoticeAcknowledged: true }` says the candidate acknowledged the landing page's AI notice: recorded with the attempt's AI snapshot (docs/ai.md).",
        params: TokenParams,
        body: CandidateStartInput.nullish(),
        response: envelopeResponses(CandidateSession),
      },
    },
    async (request) => {
      const session = await attempts.start(request.params.token, request.body ?? {});
      // The candidate reads the first question before running anything: time for Python to warm up.
      if (asksForAny(session, prewarm)) runner.warmUp?.('candidate');
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
    async (request) => {
      const saved = await attempts.saveAnswer(request.params.token, request.params.questionId, request.body);
      // Python being written on a server that has not warmed it yet (it restarted during the attempt): warm it now.
      if ('language' in request.body && request.body.language !== undefined && prewarm.includes(request.body.language)) runner.warmUp?.('candidate');
      return succeed(saved);
    },
  );

  app.post(
    '/:token/events',
    {
      schema: {
        tags,
        summary: 'Report leaving or returning to the test window',
        params: TokenParams,
        body: ProctoringEventInput,
        response: envelopeResponses(ViolationCounts),
      },
    },
    async (request) => succeed(await attempts.recordEvent(request.params.token, request.body)),
  );

  app.post(
    '/:token/feedback',
    {
      schema: {
        tags,
        summary: "The candidate's feedback on the test, once per attempt after it ends (when the test asks for it)",
        params: TokenParams,
        body: CandidateFeedbackInput,
        response: envelopeResponses(CandidateFeedback),
      },
    },
    async (request) => succeed(await attempts.giveFeedback(request.params.token, request.body)),
  );

  app.post(
    '/:token/snapshots',
    {
      schema: {
        tags,
        summary: 'Upload a camera snapshot (links with imageProctoring)',
        params: TokenParams,
        body: SnapshotInput,
        response: envelopeResponses(SnapshotSaved),
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
      const run = unwrap(await prepareSampleRun(attempts, { languages, prewarm }, { token, questionId, address: request.ip, ask: request.body }));
      if (run.warmsUp) runner.warmUp?.('candidate');
      const outcome = await withRetryAfter(
        reply,
        sampleRuns.run({ token, owner: run.owner }, (options) => runner.run(run.request, options)),
      );
      // The sandbox could not run it: not the code's verdict, and not one of the candidate's runs (decision 1043).
      if (outcome.fault !== undefined) throw new RefusalError(sampleRunNotRun(outcome.fault));
      if (run.countsAsSampleRun) await attempts.countSampleRun(token, questionId);
      return succeed({ results: sampleResults(run.question, outcome), ...compileErrorsOfRun(outcome) });
    },
  );

  await app.register(candidateRunRoutes, { attempts, runner, sampleRuns, registry: new SampleRunRegistry(), languages, prewarm });
  await app.register(candidateAssistantRoutes, { assistant, model, runner, now });
  await app.register(candidateFollowUpRoutes, { followUps });

  app.post(
    '/:token/submit',
    { schema: { tags, summary: 'Submit the test', params: TokenParams, response: envelopeResponses(CandidateSession) } },
    async (request) => succeed(await attempts.submit(request.params.token)),
  );
};
