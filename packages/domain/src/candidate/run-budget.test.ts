import { describe, expect, it } from 'vitest';
import { admitSampleRun, countedRuns, DEFAULT_RUN_BUDGET, runBudgetRetryAfterMs, type RunBudget } from './run-budget.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const budget: RunBudget = { runs: 3, windowMs: 60_000 };
const idle = (startedAt: readonly number[]) => ({ running: false, startedAt });

describe('admitSampleRun', () => {
  it('admits a first run and remembers when it started', () => {
    expect(admitSampleRun(idle([]), budget, T0)).toEqual({ val: [T0] });
  });

  it('admits while under the budget, keeping the counted runs oldest first', () => {
    expect(admitSampleRun(idle([T0, T0 + 1_000]), budget, T0 + 2_000)).toEqual({ val: [T0, T0 + 1_000, T0 + 2_000] });
  });

  it('refuses a second run while one is running (429.2), even with budget left', () => {
    const result = admitSampleRun({ running: true, startedAt: [] }, budget, T0);
    expect(result.err?.kind).toBe('sample-run-in-progress');
    expect(result.err?.message).toMatch(/still running/);
  });

  it('a running run wins over a used-up budget: 429.2, the more useful answer', () => {
    expect(admitSampleRun({ running: true, startedAt: [T0, T0, T0] }, budget, T0 + 1).err?.kind).toBe('sample-run-in-progress');
  });

  it('refuses the run over the budget (429.3) and says when the next one is allowed', () => {
    const result = admitSampleRun(idle([T0, T0 + 10_000, T0 + 20_000]), budget, T0 + 30_000);
    expect(result.err).toEqual({ kind: 'sample-run-budget-used', message: 'You can run the sample tests 3 times in a minute: try again in 30 s.' });
  });

  it('slides: a run leaves the window exactly windowMs after it started', () => {
    const history = idle([T0, T0 + 10_000, T0 + 20_000]);
    expect(admitSampleRun(history, budget, T0 + 59_999).err?.kind).toBe('sample-run-budget-used');
    expect(admitSampleRun(history, budget, T0 + 60_000)).toEqual({ val: [T0 + 10_000, T0 + 20_000, T0 + 60_000] });
  });

  it('forgets runs long past, so the remembered list stays within the budget', () => {
    const old = Array.from({ length: 50 }, (_, i) => T0 + i);
    const result = admitSampleRun(idle(old), budget, T0 + 10 * 60_000);
    expect(result).toEqual({ val: [T0 + 10 * 60_000] });
  });

  it('does not count runs stamped in the future (a clock that stepped back)', () => {
    expect(admitSampleRun(idle([T0 + 5_000, T0 + 6_000, T0 + 7_000]), budget, T0)).toEqual({ val: [T0] });
  });

  it('names the window in minutes or seconds', () => {
    const full = idle([T0, T0]);
    expect(admitSampleRun(full, { runs: 2, windowMs: 5 * 60_000 }, T0 + 1_000).err?.message).toBe(
      'You can run the sample tests 2 times in 5 minutes: try again in 299 s.',
    );
    expect(admitSampleRun(full, { runs: 2, windowMs: 90_000 }, T0 + 500).err?.message).toBe('You can run the sample tests 2 times in 90 s: try again in 90 s.');
  });

  it('does not modify the history it is given', () => {
    const startedAt = [T0, T0 + 1_000];
    admitSampleRun(idle(startedAt), budget, T0 + 2_000);
    expect(startedAt).toEqual([T0, T0 + 1_000]);
  });
});

describe('runBudgetRetryAfterMs', () => {
  it('is 0 while the budget admits a run', () => {
    expect(runBudgetRetryAfterMs([], budget, T0)).toBe(0);
    expect(runBudgetRetryAfterMs([T0, T0 + 1], budget, T0 + 2)).toBe(0);
  });

  it('waits for the oldest counted run to leave the window', () => {
    expect(runBudgetRetryAfterMs([T0, T0 + 10_000, T0 + 20_000], budget, T0 + 30_000)).toBe(30_000);
  });

  it('with more runs remembered than the budget (a budget lowered by configuration), waits until enough have left', () => {
    const startedAt = [T0, T0 + 10_000, T0 + 20_000, T0 + 30_000, T0 + 40_000];
    // 5 counted, 3 allowed: three must leave the window before one more fits, the last of them started at T0 + 20 000.
    expect(runBudgetRetryAfterMs(startedAt, budget, T0 + 45_000)).toBe(T0 + 20_000 + 60_000 - (T0 + 45_000));
  });
});

describe('countedRuns', () => {
  it('keeps only the runs inside the window ending now', () => {
    expect(countedRuns([T0 - 60_000, T0 - 59_999, T0], budget, T0)).toEqual([T0 - 59_999, T0]);
  });
});

describe('DEFAULT_RUN_BUDGET', () => {
  it('allows 30 runs in 5 minutes', () => {
    expect(DEFAULT_RUN_BUDGET).toEqual({ runs: 30, windowMs: 300_000 });
    const thirty = Array.from({ length: 29 }, (_, i) => T0 + i * 1_000);
    expect(admitSampleRun(idle(thirty), DEFAULT_RUN_BUDGET, T0 + 29_000).val).toHaveLength(30);
    expect(admitSampleRun(idle([...thirty, T0 + 29_000]), DEFAULT_RUN_BUDGET, T0 + 30_000).err?.kind).toBe('sample-run-budget-used');
  });
});
