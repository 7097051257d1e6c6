import type { SampleRun } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { MAX_AUTOMATIC_RETRIES, progressLine, retryPlan, runButtonLabel, runNews } from './run-progress.js';

const base = { runId: 'r', questionId: 1, kind: 'samples' as const, version: 1 };
const queued = (ahead: number, etaMs = 0): SampleRun => ({ ...base, state: 'queued', ahead, etaMs });
const running: SampleRun = { ...base, state: 'running' };
const done: SampleRun = { ...base, state: 'done', results: [] };

describe('progressLine', () => {
  it('says how many runs are ahead, and the wait once it is worth seconds', () => {
    expect(progressLine(queued(3))).toBe('Queued (3 ahead)');
    expect(progressLine(queued(1, 1_400))).toBe('Queued (1 ahead)');
    expect(progressLine(queued(12, 4_600))).toBe('Queued (12 ahead, about 5 s)');
    expect(progressLine(running)).toBe('Running…');
    expect(progressLine(done)).toBe('');
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
