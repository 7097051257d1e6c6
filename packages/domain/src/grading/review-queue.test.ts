import { describe, expect, it } from 'vitest';
import { orderReviewQueue, ReviewQuery, type ReviewEntry } from './review-queue.js';

const entries: ReviewEntry[] = [];
for (const invitationId of [11, 12, 13, 14, 15, 16, 17, 18]) {
  for (const questionId of [102, 101]) entries.push({ invitationId, questionId, graded: invitationId % 3 === 0 });
}
const positions = new Map([
  [101, 0],
  [102, 1],
]);

describe('orderReviewQueue', () => {
  it('by question: the test’s question order, each question’s answers shuffled the same way for the same seed', () => {
    const once = orderReviewQueue(entries, 'question', 7, positions);
    expect(once.map((entry) => entry.questionId)).toEqual([...Array(8).fill(101), ...Array(8).fill(102)]);
    expect(orderReviewQueue([...entries].reverse(), 'question', 7, positions)).toEqual(once);
    const invitations = once.slice(0, 8).map((entry) => entry.invitationId);
    expect([...invitations].sort()).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    // Shuffled: not the id order, and another seed (another grader) gets another order.
    expect(invitations).not.toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(
      orderReviewQueue(entries, 'question', 8, positions)
        .slice(0, 8)
        .map((entry) => entry.invitationId),
    ).not.toEqual(invitations);
  });

  it('by candidate: invitations in id order, each one’s answers in question order', () => {
    const ordered = orderReviewQueue(entries, 'candidate', 7, positions);
    expect(ordered.slice(0, 4).map((entry) => [entry.invitationId, entry.questionId])).toEqual([
      [11, 101],
      [11, 102],
      [12, 101],
      [12, 102],
    ]);
  });
});

describe('ReviewQuery', () => {
  it('defaults to by question, not blind, the first page of 20', () => {
    expect(ReviewQuery.parse({})).toEqual({ by: 'question', blind: false, page_size: 20, page_no: 1 });
    expect(ReviewQuery.parse({ by: 'candidate', blind: 'true', questionId: '42' })).toMatchObject({ by: 'candidate', blind: true, questionId: 42 });
    expect(ReviewQuery.safeParse({ by: 'essay' }).error?.issues[0]?.message).toBe('by must be "question" or "candidate"');
    expect(ReviewQuery.safeParse({ blind: 'yes' }).success).toBe(false);
  });
});
