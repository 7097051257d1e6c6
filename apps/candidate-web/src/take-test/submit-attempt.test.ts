import { AssayConnectionError, ConflictError } from '@assay/client';
import type { CandidateSession } from '@assay/domain/candidate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitAttempt, type SubmitSteps } from './submit-attempt.js';

const sessionIn = (state: CandidateSession['state']) => ({ state }) as CandidateSession;
const conflict = () =>
  new ConflictError({ status: 409, statuscode: '409.2', description: null, message: 'The attempt is over.', headers: new Headers(), body: '' });

/** Steps whose submit answers from `submits` in turn; records flushes and progress texts. */
const steps = (submits: (() => CandidateSession)[], session: () => CandidateSession = () => sessionIn('In progress')) => {
  const log = { flushes: [] as number[], progress: [] as string[] };
  const given: SubmitSteps = {
    flush: async (timeoutMs) => log.flushes.push(timeoutMs),
    submit: async () =>
      (
        submits.shift() ??
        (() => {
          throw new Error('no more');
        })
      )(),
    session: async () => session(),
    progress: (text) => log.progress.push(text),
  };
  return { given, log };
};

describe('submitAttempt', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes the answers, then submits', async () => {
    const { given, log } = steps([() => sessionIn('Completed')]);
    expect(await submitAttempt('submitted', given)).toEqual({ kind: 'ended', session: sessionIn('Completed') });
    expect(log).toEqual({ flushes: [8_000], progress: [] });
  });

  it("gives a candidate's own failed submit back to them, answers kept", async () => {
    const { given } = steps([
      () => {
        throw new AssayConnectionError();
      },
    ]);
    expect(await submitAttempt('submitted', given)).toEqual({
      kind: 'failed',
      message: 'No connection to the server. Your answers are kept; please try again.',
    });
  });

  it('ends when the refusal means the attempt is already over', async () => {
    const { given } = steps(
      [
        () => {
          throw conflict();
        },
      ],
      () => sessionIn('Completed'),
    );
    expect(await submitAttempt('submitted', given)).toEqual({ kind: 'ended', session: sessionIn('Completed') });
  });

  it('reports a refusal while the attempt still runs', async () => {
    const { given } = steps([
      () => {
        throw conflict();
      },
    ]);
    expect(await submitAttempt('submitted', given)).toEqual({ kind: 'failed', message: 'The attempt is over.' });
  });

  it('on time-up keeps trying, answers first, until the server answers', async () => {
    vi.useFakeTimers();
    const offline = () => {
      throw new AssayConnectionError();
    };
    const { given, log } = steps([offline, offline, () => sessionIn('Completed')]);
    const outcome = submitAttempt('timeUp', given);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(await outcome).toEqual({ kind: 'ended', session: sessionIn('Completed') });
    expect(log.flushes).toEqual([5_000, 5_000, 5_000]);
    expect(log.progress).toEqual([
      'Time is up. Submitting your answers…',
      'Time is up. The connection was lost: still trying to submit your answers…',
      'Time is up. The connection was lost: still trying to submit your answers…',
    ]);
  });
});
