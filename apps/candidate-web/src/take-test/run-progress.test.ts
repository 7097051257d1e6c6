import { runPhaseOf, type RunStep, type SampleRun } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { MAX_AUTOMATIC_RETRIES, progressLine as lineOf, retryPlan, runButtonLabel, runNews } from './run-progress.js';

const base = { runId: 'r', questionId: 1, kind: 'samples' as const, version: 1 };
const queued = (ahead: number, etaMs = 0): SampleRun => ({ ...base, state: 'queued', ahead, etaMs });
const running: SampleRun = { ...base, state: 'running' };
const done: SampleRun = { ...base, state: 'done', results: [] };
const progressLine = (run: SampleRun, runningMs = 0) => lineOf({ run, runningMs, language: 'python' });
const phased = (step: RunStep): SampleRun => ({ ...base, state: 'running', phase: runPhaseOf(step) });

describe('progressLine', () => {
  it('says how many runs are ahead, and the wait once it is worth seconds', () => {
    expect(progressLine(queued(3))).toBe('Queued (3 ahead)');
    expect(progressLine(queued(1, 1_400))).toBe('Queued (1 ahead)');
    expect(progressLine(queued(12, 4_600))).toBe('Queued (12 ahead, about 5 s)');
    expect(progressLine(running)).toBe('Running…');
    expect(progressLine(done)).toBe('');
  });

  it('says how long a run without a phase has run, and in a native language why a first run takes longer (decision 1106)', () => {
    expect(progressLine(running, 900)).toBe('Running…');
    expect(progressLine(running, 4_200)).toBe('Running… 4 s');
    expect(progressLine(running, 12_000)).toBe('Running… 12 s');
    expect(lineOf({ run: running, runningMs: 12_000, language: 'cpp' })).toBe(
      'Running… 12 s. The first C++ run on a server also prepares its compiler or runtime, which can take half a minute.',
    );
    expect(lineOf({ run: running, runningMs: 3_000, language: 'java' })).toBe('Running… 3 s');
  });

  it("says the run's phase when the server tells it", () => {
    expect(progressLine(phased({ step: 'preparing', what: 'the C++ compiler' }), 5_000)).toBe('Preparing the C++ compiler (first run on this server)… 5 s');
    expect(progressLine(phased({ step: 'compiling' }), 300)).toBe('Compiling…');
    expect(progressLine(phased({ step: 'running', of: 5, case: 3 }), 9_000)).toBe('Running case 3 of 5…');
    expect(progressLine(phased({ step: 'running', of: 5 }), 2_000)).toBe('Running 5 cases… 2 s');
    expect(runButtonLabel(progressLine(phased({ step: 'compiling' })))).toBe('Running…');
    expect(runButtonLabel(progressLine(phased({ step: 'preparing', what: 'the Rust runtime' })))).toBe('Running…');
  });
});

describe('runButtonLabel', () => {
  it('says on the busy button what the line says, never "Running…" while queued (decision 671)', () => {
    expect(runButtonLabel(progressLine(queued(2)))).toBe('Queued…');
    expect(runButtonLabel(progressLine(running))).toBe('Running…');
    expect(runButtonLabel('Starting…')).toBe('Starting…');
    expect(runButtonLabel('')).toBe('Starting…');
    expect(runButtonLabel('Waiting for your previous run to end…')).toBe('Waiting…');
    expect(retryPlan({ statuscode: '503.1', retryAfterMs: 2_000 }, 0)?.line(2)).toMatch(/busy/);
    expect(runButtonLabel('The server is busy: trying again in 2 s')).toBe('Waiting…');
  });
});

describe('runNews', () => {
  it('tells a screen reader when the run starts waiting and when it starts after waiting, not each place', () => {
    expect(runNews(null, queued(3))).toBe('Queued (3 ahead).');
    expect(runNews(queued(3), queued(2))).toBeNull();
    expect(runNews(queued(1), running)).toBe('Running.');
    // A run that started at once: the results are the news.
    expect(runNews(null, running)).toBeNull();
    expect(runNews(running, done)).toBeNull();
  });

  it('says once that a compiler is being prepared, never each step or case', () => {
    const preparing = phased({ step: 'preparing', what: 'the C++ compiler' });
    expect(runNews(queued(1), preparing)).toBe('Preparing the C++ compiler: the first run on this server takes longer.');
    expect(runNews(running, preparing)).toBe('Preparing the C++ compiler: the first run on this server takes longer.');
    expect(runNews(preparing, preparing)).toBeNull();
    expect(runNews(preparing, phased({ step: 'compiling' }))).toBeNull();
    expect(runNews(phased({ step: 'running', of: 5, case: 1 }), phased({ step: 'running', of: 5, case: 2 }))).toBeNull();
  });
});

describe('retryPlan', () => {
  it('waits out a full queue for its Retry-After, within bounds, and says so once', () => {
    const plan = retryPlan({ statuscode: '503.2', retryAfterMs: 4_000 }, 0);
    expect(plan?.delayMs).toBe(4_000);
    expect(plan?.line(3)).toBe('The server is busy: trying again in 3 s');
    expect(plan?.news).toBe('The server is busy. Your run starts again by itself in 4 seconds.');
    expect(retryPlan({ statuscode: '503.2', retryAfterMs: undefined }, 0)?.delayMs).toBe(2_000);
    expect(retryPlan({ statuscode: '503.2', retryAfterMs: 10 }, 0)?.delayMs).toBe(1_000);
    expect(retryPlan({ statuscode: '503.2', retryAfterMs: 600_000 }, 0)?.delayMs).toBe(30_000);
    expect(retryPlan({ statuscode: '429.1', retryAfterMs: 3_000 }, 0)?.delayMs).toBe(3_000);
  });

  it('waits a second for the previous run to end, and leaves the budget and other refusals to the candidate', () => {
    expect(retryPlan({ statuscode: '429.2', retryAfterMs: undefined }, 0)).toMatchObject({ delayMs: 1_000, news: 'Waiting for your previous run to end.' });
    expect(retryPlan({ statuscode: '429.3', retryAfterMs: 40_000 }, 0)).toBeNull();
    expect(retryPlan({ statuscode: '403.11', retryAfterMs: undefined }, 0)).toBeNull();
    expect(retryPlan({ statuscode: null, retryAfterMs: undefined }, 0)).toBeNull();
  });

  it('gives up after a bounded number of tries', () => {
    expect(retryPlan({ statuscode: '503.2', retryAfterMs: 1_000 }, MAX_AUTOMATIC_RETRIES - 1)).not.toBeNull();
    expect(retryPlan({ statuscode: '503.2', retryAfterMs: 1_000 }, MAX_AUTOMATIC_RETRIES)).toBeNull();
  });
});
