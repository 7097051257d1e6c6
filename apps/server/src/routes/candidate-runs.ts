import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RunWaitQuery, runPhaseOf, SampleRun, StartRunInput, type SampleRunEvent } from '@assay/domain';
import { SandboxCancelledError, type CodeRunner, type RunOutcome } from '@assay/sandbox';
import type { LanguageAvailabilities, LanguageId } from '@assay/domain/languages';
import { succeed } from '@assay/domain/v2';
import type { CandidateAttempts } from '../candidate/attempts-service.js';
import type { SampleRunGate } from '../candidate/sample-run-gate.js';
import { compileErrorsOfRun, customResult, sampleResults } from '../candidate/sample-run-request.js';
import type { SampleRunRegistry, TrackedRun } from '../candidate/sample-run-registry.js';
import { withRetryAfter } from '../plugins/retry-later.js';
import { refusal, unwrap } from '../refusal-error.js';
import { prepareSampleRun } from '../services/sample-run-plan.js';
import { envelopeResponses } from './responses.js';

export interface CandidateRunRouteOptions {
  attempts: CandidateAttempts;
  runner: CodeRunner;
  sampleRuns: SampleRunGate;
  registry: SampleRunRegistry;
  /** Which languages this server runs (a run of another is refused 409.5), and the ones its sandbox warms ahead. */
  languages: LanguageAvailabilities;
  prewarm: readonly LanguageId[];
}

const TokenParams = z.object({ token: z.string().min(1).max(200) });
/** Run ids are opaque; a malformed one is simply not found. */
const RunParams = TokenParams.extend({ runId: z.string().min(1).max(100) });
const tags = ['candidate'];

/** A run a sandbox could not run at all (its workers do not start): never the code's fault, said plainly. */
const FAILED_MESSAGE = 'The sample tests could not be run because of a problem on the server. Try again in a moment.';
/** Before the reason of a run the sandbox started but could not finish judging (RunOutcome.fault). */
const NOT_RUN_MESSAGE = 'Your code was not judged: the server could not run it.';

/** Aborts when the reply is sent or its connection closes: a long poll stops waiting for a client that left. */
const closedSignal = (reply: FastifyReply): AbortSignal => {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
};

const unknownRun = () =>
  refusal('sample-run-not-found', 'This run is not known here: it finished more than 10 minutes ago, or the server restarted. Run the code again.');

/**
 * Sample runs that answer at once and are followed: start one (its place in the queue, or its results when it
 * is quick), read it (long-polling with `?wait=`), cancel it. Same gate, budget and queue as the synchronous run.
 */
export const candidateRunRoutes: FastifyPluginAsyncZod<CandidateRunRouteOptions> = async (
  app,
  { attempts, runner, sampleRuns, registry, languages, prewarm },
) => {
  app.addHook('preClose', async () => registry.close());

  app.post(
    '/:token/runs',
    {
      schema: {
        tags,
        summary: "Start a run of a coding question's sample tests, or of the candidate's own arguments",
        description:
          'Answers once the run is accepted: `queued` with its place (`ahead`, `etaMs`), or with `?wait=ms` its results when it finishes within that time. ' +
          'Refused at the door like the synchronous run: 429.2 (a run of this token is in flight), 429.3 (budget), 503.2 (past the queue bound), with `Retry-After`. ' +
          'Runs live in the server process that took them.',
        params: TokenParams,
        querystring: RunWaitQuery.pick({ wait: true }),
        body: StartRunInput,
        response: envelopeResponses(SampleRun),
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const { questionId } = request.body;
      const run = unwrap(await prepareSampleRun(attempts, { languages, prewarm }, { token, questionId, address: request.ip, ask: request.body }));
      const { question, owner, custom } = run;
      if (run.warmsUp) runner.warmUp?.('candidate');
      const tracked = registry.open(token, questionId, custom === undefined ? 'samples' : 'custom');

      let accept!: () => void;
      const accepted = new Promise<void>((resolve) => (accept = resolve));
      let isAccepted = false;
      const work = sampleRuns.run(
        {
          token,
          owner,
          signal: tracked.controller.signal,
          onQueue: (position) => {
            isAccepted = true;
            accept();
            registry.apply(tracked, { type: 'placed', ahead: position.ahead, etaMs: position.etaMs });
          },
        },
        // Its steps (a compiler being prepared, compiling, running) for the page to say while it waits (decision 1045).
        (options) => runner.run(run.request, { ...options, onPhase: (phase) => registry.apply(tracked, { type: 'phase', phase: runPhaseOf(phase) }) }),
      );
      const settled = follow(work, { tracked, registry, log: request.log, isAccepted: () => isAccepted }, (outcome) => {
        if (custom !== undefined) return { custom: customResult(custom, outcome), ...compileErrorsOfRun(outcome) };
        if (run.countsAsSampleRun)
          attempts.countSampleRun(token, questionId).catch((error: unknown) => request.log.error({ err: error }, 'counting a sample run failed'));
        return { results: sampleResults(question, outcome), ...compileErrorsOfRun(outcome) };
      });
      await withRetryAfter(reply, Promise.race([accepted, settled]));
      const wait = request.query.wait ?? 0;
      // Queued: the page shows its place at once. Running: the results usually follow within milliseconds.
      if (tracked.run.state === 'running') await registry.changed(tracked, tracked.run.version, wait, closedSignal(reply));
      return succeed(tracked.run);
    },
  );

  app.get(
    '/:token/runs/:runId',
    {
      schema: {
        tags,
        summary: 'A run: its state, its place in the queue, its results',
        description: `With \`?wait=ms\` (at most 25 000) the answer waits until the run changes (its state or place; past \`?since=version\`, by default the version it has now) or finishes.`,
        params: RunParams,
        querystring: RunWaitQuery,
        response: envelopeResponses(SampleRun),
      },
    },
    async (request, reply) => {
      const tracked = registry.find(request.params.token, request.params.runId);
      if (!tracked) throw unknownRun();
      const { wait = 0, since = tracked.run.version } = request.query;
      return succeed(await registry.changed(tracked, since, wait, closedSignal(reply)));
    },
  );

  app.delete(
    '/:token/runs/:runId',
    {
      schema: {
        tags,
        summary: 'Cancel a run: a queued one leaves the queue, a running one is stopped',
        description: 'Answers the cancelled run (again for a run already cancelled); a run that is done or failed is 409.2, its results stand.',
        params: RunParams,
        response: envelopeResponses(SampleRun),
      },
    },
    async (request) => {
      const tracked = registry.find(request.params.token, request.params.runId);
      if (!tracked) throw unknownRun();
      const cancelled = unwrap(registry.apply(tracked, { type: 'cancel' }));
      tracked.controller.abort();
      return succeed(cancelled);
    },
  );
};

interface Follow {
  tracked: TrackedRun;
  registry: SampleRunRegistry;
  log: FastifyBaseLogger;
  isAccepted: () => boolean;
}

/**
 * Files the run's end with the registry, whenever it comes; resolves when it settles, rejects only with a
 * refusal that came before the run was accepted (it then never existed: the POST answers that refusal).
 */
const follow = async (
  work: Promise<RunOutcome>,
  { tracked, registry, log, isAccepted }: Follow,
  finished: (outcome: RunOutcome) => Omit<Extract<SampleRunEvent, { type: 'finished' }>, 'type'>,
): Promise<void> => {
  let outcome: RunOutcome;
  try {
    outcome = await work;
  } catch (error) {
    if (error instanceof SandboxCancelledError) {
      registry.apply(tracked, { type: 'cancel' });
      return;
    }
    if (!isAccepted()) {
      registry.drop(tracked);
      throw error;
    }
    log.error({ err: error }, 'a sample run failed in the sandbox');
    registry.apply(tracked, { type: 'failed', message: FAILED_MESSAGE });
    return;
  }
  // The sandbox could not run it (a compiler that did not start, a server too busy to compile it): not the code's
  // doing, so no results that would look like its verdict (decision 1043).
  if (outcome.fault !== undefined) {
    log.warn({ fault: outcome.fault }, 'a sample run was not run by the sandbox');
    registry.apply(tracked, { type: 'failed', message: `${NOT_RUN_MESSAGE} ${outcome.fault}` });
    return;
  }
  // A run cancelled while it ran may still finish: the domain refuses the late news, the run stays cancelled.
  registry.apply(tracked, { type: 'finished', ...finished(outcome) });
};
