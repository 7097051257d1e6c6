import { describe, expect, it } from 'vitest';
import { answerOfReviewReference, newReviewReferenceKey, reviewReferenceOf } from './review-reference.js';

/** Decision 656: a review reference names an answer to the server that holds the key, and to no one else. */
describe('review references', () => {
  const key = newReviewReferenceKey();

  it('give back the answer they were made for, ids up to the API’s largest', () => {
    for (const answer of [
      { invitationId: 1, questionId: 1 },
      { invitationId: 37, questionId: 5 },
      { invitationId: 2 ** 53 - 1, questionId: 2 ** 53 - 2 },
    ]) {
      const reference = reviewReferenceOf(key, answer);
      expect(reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(answerOfReviewReference(key, reference)).toEqual(answer);
    }
  });

  it('show nothing of the ids: neighbouring answers’ references differ in about half their bits, and another key reads none', () => {
    const bits = (reference: string) => [...Buffer.from(reference, 'base64url')].flatMap((byte) => [...byte.toString(2).padStart(8, '0')]);
    const one = bits(reviewReferenceOf(key, { invitationId: 37, questionId: 5 }));
    const next = bits(reviewReferenceOf(key, { invitationId: 38, questionId: 5 }));
    const differing = one.filter((bit, index) => bit !== next[index]).length;
    // 128 bits differing by chance as a coin decides: 30 to 98 fails once in ~10^10.
    expect(differing).toBeGreaterThan(30);
    expect(differing).toBeLessThan(98);
    const reference = reviewReferenceOf(key, { invitationId: 37, questionId: 5 });
    expect(answerOfReviewReference(newReviewReferenceKey(), reference)).toBeUndefined();
  });

  it('refuse what no key made: another length, or a block without the mark', () => {
    expect(answerOfReviewReference(key, 'AAAA')).toBeUndefined();
    expect(answerOfReviewReference(key, 'A'.repeat(22))).toBeUndefined();
  });
});
