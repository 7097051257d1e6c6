import { describe, expect, it } from 'vitest';
import { invitationRowFixture } from '../../../test/helpers/fixtures.js';
import type { InvitationRow } from '../data/invitations-of-test.js';
import { matchesPipelineFilter, NO_FILTER, parsePipelineFilter, pipelineFilterText, SHORTLIST_EXAMPLE, type PipelineFilter } from './pipeline-filter.js';

const row = (changes: Partial<InvitationRow> = {}): InvitationRow =>
  invitationRowFixture({
    testInvitationId: 1,
    invitedAt: '2026-11-26T10:00:00Z',
    startedAt: '2026-11-26T10:05:00Z',
    completedAt: '2026-11-26T10:45:00Z',
    ...changes,
  });

const confirmedIntegrity = (level: 'confirmed' | 'unreviewed' | 'dismissed'): InvitationRow['integrity'] => {
  const counts = { total: 1, confirmed: level === 'confirmed' ? 1 : 0, dismissed: level === 'dismissed' ? 1 : 0, unreviewed: level === 'unreviewed' ? 1 : 0 };
  const none = { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 };
  return { level, departures: counts, pastes: none, similarAnswers: none, snapshots: none };
};

const parsed = (text: string): PipelineFilter => {
  const result = parsePipelineFilter(text);
  if ('error' in result) throw new Error(result.error);
  return result.filter;
};

describe('parsePipelineFilter', () => {
  it('reads the acceptance shortlist: completed, score ≥ 15, no confirmed integrity evidence', () => {
    expect(parsed(SHORTLIST_EXAMPLE)).toEqual({ ...NO_FILTER, statuses: ['Completed'], minScore: 15, integrity: 'clean' });
  });

  it('reads every kind of word, in any order and any case, and gives it back as typed', () => {
    const filter = parsed('#Strong-Python  Shortlisted undecided score<=20 awaiting-review FLAGGED score>=2.5 status:in-progress');
    expect(filter).toEqual({
      statuses: ['Awaiting review', 'In progress'],
      minScore: 2.5,
      maxScore: 20,
      integrity: 'flagged',
      decisions: ['shortlisted', 'none'],
      tag: 'strong-python',
    });
    expect(pipelineFilterText(filter)).toBe('awaiting-review in-progress score>=2.5 score<=20 flagged shortlisted undecided #strong-python');
    expect(parsed(pipelineFilterText(filter))).toEqual(filter);
    expect(parsed('decision:on-hold integrity:unconfirmed tag:python')).toEqual({ ...NO_FILTER, decisions: ['on-hold'], integrity: 'clean', tag: 'python' });
  });

  it('is no filter when empty, and refuses an unknown word or crossed bounds with a message', () => {
    expect(parsed('   ')).toEqual(NO_FILTER);
    expect(parsePipelineFilter('completed score>15')).toEqual({ error: expect.stringContaining('“score>15” is not a filter') });
    expect(parsePipelineFilter('score>=20 score<=10')).toEqual({ error: 'score>= must not be over score<=' });
    expect(parsePipelineFilter('#')).toEqual({ error: expect.stringContaining('a tag needs a name') });
  });
});

describe('matchesPipelineFilter', () => {
  const shortlist = parsed(SHORTLIST_EXAMPLE);

  it('keeps a completed attempt at or over 15 with no confirmed evidence, provisional or final', () => {
    expect(matchesPipelineFilter(row({ score: 15 }), shortlist)).toBe(true);
    expect(matchesPipelineFilter(row({ scoreStatus: 'provisional', score: 16 }), shortlist)).toBe(true);
    expect(matchesPipelineFilter(row({ integrity: confirmedIntegrity('unreviewed') }), shortlist)).toBe(true);
    expect(matchesPipelineFilter(row({ integrity: confirmedIntegrity('dismissed') }), shortlist)).toBe(true);
  });

  it('leaves out a lower score, no score, another status, and confirmed evidence', () => {
    expect(matchesPipelineFilter(row({ score: 14.5 }), shortlist)).toBe(false);
    expect(matchesPipelineFilter(row({ score: null, scoreStatus: 'unscored' }), shortlist)).toBe(false);
    expect(matchesPipelineFilter(row({ testStatus: 'In progress' }), shortlist)).toBe(false);
    expect(matchesPipelineFilter(row({ integrity: confirmedIntegrity('confirmed') }), shortlist)).toBe(false);
    expect(matchesPipelineFilter(row({ integrity: confirmedIntegrity('confirmed') }), parsed('flagged'))).toBe(true);
  });

  it('filters by decision (undecided: none), tag, awaiting review and an upper bound', () => {
    expect(matchesPipelineFilter(row({ decision: 'shortlisted' }), parsed('shortlisted rejected'))).toBe(true);
    expect(matchesPipelineFilter(row({ decision: 'on-hold' }), parsed('shortlisted rejected'))).toBe(false);
    expect(matchesPipelineFilter(row(), parsed('undecided'))).toBe(true);
    expect(matchesPipelineFilter(row({ tags: ['python', 'senior'] }), parsed('#senior'))).toBe(true);
    expect(matchesPipelineFilter(row({ tags: ['python'] }), parsed('#senior'))).toBe(false);
    expect(matchesPipelineFilter(row({ scoreStatus: 'provisional' }), parsed('awaiting-review'))).toBe(true);
    expect(matchesPipelineFilter(row(), parsed('awaiting-review'))).toBe(false);
    expect(matchesPipelineFilter(row({ score: 21 }), parsed('score<=20'))).toBe(false);
    expect(matchesPipelineFilter(row(), NO_FILTER)).toBe(true);
  });
});
