import { describe, expect, it } from 'vitest';
import { invitationSummary } from './invitation-summary.js';

describe('a test’s pipeline summary', () => {
  it('counts every status, rates completion over the invitations not cancelled, and has nothing to say of no scores', () => {
    const summary = invitationSummary({ stages: { Pending: 3, Completed: 4, Cancelled: 2, 'In progress': 1 }, awaitingReview: 1, scores: [] });
    expect(summary.invitationsCount).toBe(10);
    expect(summary.stages).toEqual({ Pending: 3, 'In progress': 1, Completed: 4, Reset: 0, Cancelled: 2, Expired: 0 });
    expect(summary.completionRate).toBe(50);
    expect(summary.percent).toEqual({ min: null, median: null, max: null });
    expect(summary.distribution.map((bucket) => bucket.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts Expired apart and keeps it in the completion rate as not completed (decision 1391)', () => {
    const summary = invitationSummary({ stages: { Pending: 1, Expired: 2, Completed: 1, Cancelled: 4 }, awaitingReview: 0, scores: [] });
    expect(summary.invitationsCount).toBe(8);
    expect(summary.stages.Expired).toBe(2);
    expect(summary.completionRate).toBe(25);
  });

  it('has no completion rate when every invitation is cancelled', () => {
    expect(invitationSummary({ stages: { Cancelled: 2 }, awaitingReview: 0, scores: [] }).completionRate).toBeNull();
    expect(invitationSummary({ stages: {}, awaitingReview: 0, scores: [] }).completionRate).toBeNull();
  });

  it('buckets percents by tens (100 in the last, below 0 in the first) with min, median and max', () => {
    const scores = [-5, 0, 9, 11, 55, 100].map((percent) => ({ score: percent / 5, percent }));
    const summary = invitationSummary({ stages: { Completed: 6 }, awaitingReview: 0, scores });
    expect(summary.distribution.map((bucket) => bucket.count)).toEqual([3, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(summary.distribution[9]).toEqual({ from: 90, to: 100, count: 1 });
    expect(summary.percent).toEqual({ min: -5, median: 10, max: 100 });
    expect(summary.score).toEqual({ min: -1, median: 2, max: 20 });
    expect(summary.scored).toBe(6);
  });
});
