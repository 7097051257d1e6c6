import { describe, expect, it } from 'vitest';
import { LAST_POLL_MS, pollDelayMs, reportWillChange, scoreViewOf } from './report-score.js';

const report = (testStatus: 'Pending' | 'In progress' | 'Completed' | 'Reset' | 'Cancelled', reportStatus: 'Pending' | 'In progress' | 'Generated') => ({
  testStatus,
  reportStatus,
  score: '0',
  totalScore: '15',
});

describe('scoreViewOf', () => {
  it('has a score only once the report is Generated: the 0 before it is no zero', () => {
    expect(scoreViewOf(report('Completed', 'Generated'))).toEqual({ kind: 'scored', score: 0, total: 15 });
    expect(scoreViewOf(report('Completed', 'In progress'))).toEqual({ kind: 'scoring' });
    expect(scoreViewOf(report('Completed', 'Pending'))).toEqual({ kind: 'scoring' });
    expect(scoreViewOf(report('Pending', 'Pending'))).toEqual({ kind: 'none', reason: 'not started yet' });
    expect(scoreViewOf(report('Cancelled', 'Pending'))).toEqual({ kind: 'none', reason: 'cancelled' });
    expect(scoreViewOf(report('In progress', 'Pending'))).toEqual({ kind: 'none', reason: 'the candidate is taking the test' });
    expect(scoreViewOf(report('Reset', 'Pending'))).toMatchObject({ kind: 'none' });
  });
});

describe('refreshing a report', () => {
  it('refreshes until Generated, and never a cancelled one', () => {
    expect(reportWillChange(report('Completed', 'In progress'))).toBe(true);
    expect(reportWillChange(report('Pending', 'Pending'))).toBe(true);
    expect(reportWillChange(report('Completed', 'Generated'))).toBe(false);
    expect(reportWillChange(report('Cancelled', 'Pending'))).toBe(false);
  });

  it('waits longer each time, up to a ceiling', () => {
    const delays = Array.from({ length: 12 }, (_, polls) => pollDelayMs(polls));
    expect(delays[0]).toBe(2_000);
    expect(delays[1]).toBe(3_000);
    for (let index = 1; index < delays.length; index += 1) expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1]!);
    expect(delays.at(-1)).toBe(LAST_POLL_MS);
  });
});
