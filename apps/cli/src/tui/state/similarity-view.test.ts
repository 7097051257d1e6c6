import type { SimilarityPairDetail } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { pressed } from '../input/keystroke.js';
import { pairKeys, pairOf, regionTitle, sideBySideRows } from './similarity-view.js';

const pair: SimilarityPairDetail = {
  questionId: 7,
  questionNumber: 2,
  otherTestInvitationId: 41,
  otherCandidateName: 'Ada',
  score: 0.82,
  regions: [
    { lines: { from: 2, to: 3 }, otherLines: { from: 5, to: 7 }, otherCode: 'a = 1\nb = 2\nc = 3' },
    { lines: { from: 5, to: 5 }, otherLines: { from: 1, to: 1 }, otherCode: 'return x' },
  ],
  foundAt: '2026-11-25T10:00:00.000Z',
  eventId: 'similarity-9',
  review: null,
};

describe('a similarity pair side by side', () => {
  it("pairs this answer's lines with the other's, numbered as in each", () => {
    expect(sideBySideRows('l1\nl2\nl3\nl4', pair.regions[0]!)).toEqual([
      { left: { number: 2, text: 'l2' }, right: { number: 5, text: 'a = 1' } },
      { left: { number: 3, text: 'l3' }, right: { number: 6, text: 'b = 2' } },
      { left: null, right: { number: 7, text: 'c = 3' } },
    ]);
    expect(sideBySideRows(null, pair.regions[1]!)).toEqual([{ left: null, right: { number: 1, text: 'return x' } }]);
  });

  it('titles a region, finds a pair by its id, and takes its keys', () => {
    expect(regionTitle(pair, 1)).toBe('Region 2 of 2 · lines 5–5 ≈ their 1–1');
    expect(regionTitle({ ...pair, regions: [] }, 0)).toBe('No matching regions listed.');
    expect(pairOf([pair], 'similarity-9')).toBe(pair);
    expect(pairOf(undefined, 'similarity-9')).toBeUndefined();
    expect(pairKeys(pressed('right')).events).toEqual([{ type: 'region', delta: 1 }]);
    expect(pairKeys(pressed('escape')).passed).toBe(true);
  });
});
