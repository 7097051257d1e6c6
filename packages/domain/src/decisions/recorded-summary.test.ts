import { describe, expect, it } from 'vitest';
import { NOTHING_RECORDED, recordedSummary, recordedSummaryText } from './recorded-summary.js';

describe('recordedSummary', () => {
  it('keeps the decision and reason, the tags, and the mean of the ratings with their count', () => {
    const summary = recordedSummary({
      decision: { decision: 'shortlisted', reason: 'strong SQL' },
      tags: ['backend', 'remote'],
      ratings: [{ rating: 4 }, { rating: 5 }, { rating: 4 }],
    });
    expect(summary).toEqual({ decision: 'shortlisted', decisionReason: 'strong SQL', tags: ['backend', 'remote'], meanRating: 4.3, ratings: 3 });
    expect(recordedSummaryText(summary)).toBe('shortlisted — strong SQL · tags backend, remote · rated 4.3 (3 ratings)');
  });

  it('says nothing when nothing is recorded, and leaves out what is missing', () => {
    expect(recordedSummary({ decision: null, tags: [], ratings: [] })).toEqual(NOTHING_RECORDED);
    expect(recordedSummaryText(NOTHING_RECORDED)).toBeNull();
    expect(recordedSummaryText({ ...NOTHING_RECORDED, meanRating: 2, ratings: 1 })).toBe('rated 2 (1 rating)');
  });
});
