import { isAttemptRunning, type CandidateSession } from '@assay/domain/candidate';
import { failureOf } from '../api/failure.js';
import type { SubmitReason } from './phase.js';

/** What submitting needs from the page. */
export interface SubmitSteps {
  /** Sends the unsaved answers; gives up after `timeoutMs`. */
  flush(timeoutMs: number): Promise<unknown>;
  submit(): Promise<CandidateSession>;
  session(): Promise<CandidateSession>;
  /** How the time-up submit is going, in words for the candidate. */
  progress(text: string): void;
}

export type SubmitOutcome = { kind: 'ended'; session: CandidateSession } | { kind: 'failed'; message: string };

/**
 * Sends what is unsaved, then submits. On time-up it keeps trying until the server answers; a candidate's own
 * submit reports a failure (the message) and lets them try again. A refusal because the attempt is already
 * over (time ran out on the server, another tab submitted) ends it too.
 */
export async function submitAttempt(reason: SubmitReason, steps: SubmitSteps): Promise<SubmitOutcome> {
  if (reason === 'timeUp') steps.progress('Time is up. Submitting your answers…');
  await steps.flush(reason === 'timeUp' ? 5_000 : 8_000);
  for (let attempt = 0; ; attempt++) {
    try {
      return { kind: 'ended', session: await steps.submit() };
    } catch (error) {
      const failure = failureOf(error);
      if (!failure.retryable) {
        const session = await steps.session().catch(() => null);
        if (session && !isAttemptRunning(session.state)) return { kind: 'ended', session };
      }
      if (reason === 'submitted') {
        return { kind: 'failed', message: failure.retryable ? `${failure.message} Your answers are kept; please try again.` : failure.message };
      }
      steps.progress(failure.retryable ? 'Time is up. The connection was lost: still trying to submit your answers…' : `Time is up. ${failure.message}`);
      await new Promise((resolve) => globalThis.setTimeout(resolve, Math.min(15_000, 2_000 * (attempt + 1))));
      // Back online: answers made before the deadline go first; the server still takes them for a while.
      await steps.flush(5_000);
    }
  }
}
