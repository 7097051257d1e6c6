import { describe, expect, it } from 'vitest';
import { BULK_DECISION_CAP, type BulkCandidate, BulkDecisionInput, bulkDecisionOutcomes, exceedsBulkCap } from './bulk-decision.js';

describe('a bulk decision (issue 61 item 2)', () => {
  it('takes exactly one of ids or a list filter', () => {
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: [1, 2] }).success).toBe(true);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', filter: { max_score: 49.99, decision: 'none' } }).success).toBe(true);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected' }).success).toBe(false);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: [1], filter: { decision: 'none' } }).success).toBe(false);
  });

  it('parses the filter as the list does, and refuses words the list does not know', () => {
    const parsed = BulkDecisionInput.parse({ decision: 'on-hold', filter: { max_score: 50, decision: 'none' } });
    expect(parsed.filter).toEqual({ max_score: 50, decision: ['none'] });
    expect(BulkDecisionInput.safeParse({ decision: 'on-hold', filter: { decision: 'maybe' } }).success).toBe(false);
    // A body's score is a JSON number; a list URL's text is not taken for one.
    expect(BulkDecisionInput.safeParse({ decision: 'on-hold', filter: { max_score: '50' } }).success).toBe(false);
    expect(BulkDecisionInput.safeParse({ decision: 'on-hold', filter: { decision: '' } }).success).toBe(false);
    expect(BulkDecisionInput.safeParse({ decision: 'on-hold', filter: { colour: 'red' } }).success).toBe(false);
  });

  it('caps the ids, checks dryRun, and takes notify as true or false only', () => {
    const many = Array.from({ length: BULK_DECISION_CAP + 1 }, (_, i) => i + 1);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: many }).success).toBe(false);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: many.slice(1) }).success).toBe(true);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: [1], notify: true }).success).toBe(true);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: [1], notify: 'yes' }).success).toBe(false);
    expect(BulkDecisionInput.safeParse({ decision: 'rejected', ids: [1], dryRun: 1 }).success).toBe(false);
    expect(exceedsBulkCap(BULK_DECISION_CAP)).toBe(false);
    expect(exceedsBulkCap(BULK_DECISION_CAP + 1)).toBe(true);
  });

  it('decides the found, leaves the already-decided unchanged, refuses the unknown, and decides a repeated id once', () => {
    const found = new Map<number, BulkCandidate>([
      [1, { id: 1, current: null }],
      [2, { id: 2, current: 'rejected' }],
    ]);
    expect(bulkDecisionOutcomes([1, 2, 3, 1], found, { decision: 'rejected' })).toEqual([
      { id: 1, outcome: 'decided', change: { decision: 'rejected', previous: null, reason: null } },
      { id: 2, outcome: 'unchanged' },
      { id: 3, outcome: 'refused', reason: 'not-found' },
    ]);
  });
});
