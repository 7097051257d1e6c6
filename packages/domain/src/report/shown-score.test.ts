import { describe, expect, it } from 'vitest';
import { InvitationListQuery } from '../schemas/invitation-list.js';
import { percentOf, shownScore, type ScoreFacts } from './shown-score.js';

const facts = (over: Partial<ScoreFacts>): ScoreFacts => ({
  testStatus: 'Completed',
  reportStatus: 'Generated',
  score: 12,
  scoreSoFar: 12,
  awaitingReview: 0,
  ...over,
});

describe('shownScore (decision 649)', () => {
  it('shows the final score of a Generated report', () => {
    expect(shownScore(facts({}))).toEqual({ scoreStatus: 'final', score: 12 });
  });

  it('shows the marks so far, provisional, while answers await a grader', () => {
    expect(shownScore(facts({ reportStatus: 'In progress', score: 0, scoreSoFar: 10, awaitingReview: 2 }))).toEqual({ scoreStatus: 'provisional', score: 10 });
  });

  it('shows no score (not a 0) before the machine has scored, or for an attempt not taken', () => {
    expect(shownScore(facts({ reportStatus: 'In progress', score: 0, scoreSoFar: 0 }))).toEqual({ scoreStatus: 'unscored', score: null });
    for (const testStatus of ['Pending', 'In progress', 'Reset', 'Cancelled'] as const)
      expect(shownScore(facts({ testStatus, reportStatus: 'Pending', score: 0, scoreSoFar: 0, awaitingReview: 0 })).scoreStatus).toBe('unscored');
  });

  it('gives percent with two decimals, null without a score or a maximum', () => {
    expect(percentOf(10, 30)).toBe(33.33);
    expect(percentOf(null, 30)).toBeNull();
    expect(percentOf(3, 0)).toBeNull();
  });
});

describe('InvitationListQuery', () => {
  it('reads statuses, bounds and the order', () => {
    expect(InvitationListQuery.parse({ status: 'Completed,Awaiting review', min_score: '7.5', sort: '-score' })).toMatchObject({
      status: ['Completed', 'Awaiting review'],
      min_score: 7.5,
      sort: '-score',
      page_size: 20,
      page_no: 1,
    });
  });

  it('refuses an unknown status, a bound that is not a number, and bounds the wrong way round', () => {
    expect(InvitationListQuery.safeParse({ status: 'Done' }).success).toBe(false);
    expect(InvitationListQuery.safeParse({ min_score: 'ten' }).success).toBe(false);
    expect(InvitationListQuery.safeParse({ min_score: '10', max_score: '5' }).success).toBe(false);
    expect(InvitationListQuery.safeParse({ sort: 'name' }).success).toBe(false);
  });
});
