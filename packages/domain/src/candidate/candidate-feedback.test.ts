import { describe, expect, it } from 'vitest';
import { acceptFeedback, type FeedbackFacts } from './candidate-feedback.js';

const ended: FeedbackFacts = { asked: true, status: 'Completed', given: false };
const at = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('candidate feedback', () => {
  it('takes a rating, text or both once the attempt has ended, trimmed', () => {
    expect(acceptFeedback(ended, { rating: 4, text: '  Clear questions. ' }, at).val).toEqual({
      rating: 4,
      text: 'Clear questions.',
      givenAt: '2026-11-27T09:00:00.000Z',
    });
    expect(acceptFeedback(ended, { rating: 5 }, at).val).toMatchObject({ rating: 5, text: null });
    expect(acceptFeedback(ended, { text: 'ok', rating: null }, at).val).toMatchObject({ rating: null, text: 'ok' });
  });

  it('refuses a bad rating, too much text or nothing with 400.66', () => {
    for (const rating of [0, 6, 2.5, -1]) expect(acceptFeedback(ended, { rating }, at).err?.kind).toBe('feedback-not-valid');
    expect(acceptFeedback(ended, { text: 'x'.repeat(2001) }, at).err).toMatchObject({ kind: 'feedback-not-valid', message: expect.stringContaining('2000') });
    expect(acceptFeedback(ended, { text: 'x'.repeat(2000) }, at).val?.text).toHaveLength(2000);
    expect(acceptFeedback(ended, { text: '   ' }, at).err?.kind).toBe('feedback-not-valid');
    expect(acceptFeedback(ended, {}, at).err?.kind).toBe('feedback-not-valid');
  });

  it('is not taken when the test does not ask, before the end, or a second time (400.67)', () => {
    expect(acceptFeedback({ ...ended, asked: false }, { rating: 3 }, at).err).toMatchObject({
      kind: 'feedback-not-taken',
      message: 'This test does not ask for feedback.',
    });
    for (const status of ['Pending', 'In progress', 'Reset', 'Cancelled'] as const) {
      expect(acceptFeedback({ ...ended, status }, { rating: 3 }, at).err?.kind).toBe('feedback-not-taken');
    }
    expect(acceptFeedback({ ...ended, given: true }, { rating: 3 }, at).err?.message).toContain('already given');
  });
});
