import { describe, expect, it } from 'vitest';
import { announcementWait, REVIEW_WAIT_MS, SCORING_WAIT_MS } from './announcement-wait.js';

describe('announcementWait', () => {
  it('waits 2 seconds while scoring runs: the report Pending, or In progress with nothing awaiting a grade', () => {
    expect(announcementWait({ reportStatus: 'Pending', awaitingReview: 0 })).toEqual({ delayMs: 2_000, reason: 'report is Pending' });
    expect(announcementWait({ reportStatus: 'In progress', awaitingReview: 0 })).toEqual({ delayMs: 2_000, reason: 'report is In progress' });
    expect(SCORING_WAIT_MS).toBe(2_000);
  });

  it('waits a quarter of an hour while answers await a person’s grade, saying how many', () => {
    expect(announcementWait({ reportStatus: 'In progress', awaitingReview: 1 })).toEqual({
      delayMs: 15 * 60_000,
      reason: 'report is In progress: 1 answer(s) await review',
    });
    expect(announcementWait({ reportStatus: 'In progress', awaitingReview: 4 })).toEqual({
      delayMs: REVIEW_WAIT_MS,
      reason: 'report is In progress: 4 answer(s) await review',
    });
  });

  it('takes the worker’s scoring wait, which changes nothing while a person grades', () => {
    expect(announcementWait({ reportStatus: 'Pending', awaitingReview: 0 }, 50)).toEqual({ delayMs: 50, reason: 'report is Pending' });
    expect(announcementWait({ reportStatus: 'In progress', awaitingReview: 2 }, 50).delayMs).toBe(REVIEW_WAIT_MS);
  });
});
