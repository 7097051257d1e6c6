import { z } from 'zod';
import type { KeyRole } from '../keys/key-roles.js';
import { refuse, type Result } from '../result.js';
import { PagingQuery } from '../schemas/paging.js';
import { RubricCriterion } from '../schemas/written-questions.js';
import { Grade } from './grade.js';

/** How the queue is walked: every answer to one question after another, or every answer of one candidate after another. */
export const ReviewOrder = z.enum(['question', 'candidate'], { error: 'by must be "question" or "candidate"' });
export type ReviewOrder = z.infer<typeof ReviewOrder>;

const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be "true" or "false"` })
    .default('false')
    .transform((value) => value === 'true');

/** `GET /v2/org/tests/{testId}/review`'s query: the order, blind or not, optionally one question, and the page. */
export const ReviewQuery = PagingQuery.extend({
  by: ReviewOrder.default('question').meta({
    description: 'question (default): answers to each question together, in a random order stable for the key; candidate: grouped by invitation.',
  }),
  blind: flag('blind').meta({
    description: "true: candidates' names, emails and invitation ids are left out (null); a blind-reviewer key is answered blind whatever it asks.",
  }),
  questionId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, { error: 'questionId must be a question id' })
    .transform(Number)
    .optional()
    .meta({ description: "Only this question's answers." }),
  from: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, { error: 'from must be a position in the queue, from 1' })
    .transform(Number)
    .optional()
    .meta({ description: 'Where `nextUngraded` looks from: a position in the whole queue, from 1 (the default).' }),
});
export type ReviewQuery = z.infer<typeof ReviewQuery>;

/**
 * An answer's name in the review queue that says nothing of whose it is (decision 656): the invitation and question
 * enciphered under a key only the server holds, so it can be graded by (`PUT /v2/org/review/{reference}/grade`)
 * without its invitation id being shown, and no one can work the id out of it.
 */
export const ReviewReference = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, { error: 'reference must be a review reference: 22 letters, digits, _ or -, as the review queue gives it' })
  .meta({ description: "An answer's opaque reference in the review queue." });
export type ReviewReference = z.infer<typeof ReviewReference>;

/** One answer for a person to grade (or graded already: `grade` is then the current one). */
export const ReviewItem = z
  .object({
    reference: ReviewReference,
    testInvitationId: z.int().nullable().meta({ description: 'null when blind: grade by `reference` instead.' }),
    questionId: z.int(),
    question: z.object({
      type: z.enum(['short_answer', 'free_text']),
      text: z.string(),
      marks: z.number(),
      rubric: z.array(RubricCriterion).meta({ description: 'The free_text rubric; empty when the question has none.' }),
    }),
    answer: z.object({ text: z.string(), words: z.int().nonnegative() }),
    candidate: z.object({ fullName: z.string(), email: z.string() }).nullable().meta({ description: 'null when blind=true.' }),
    grade: Grade.nullable().meta({ description: 'The current grade; null while the answer awaits one.' }),
  })
  .meta({ id: 'ReviewItem' });
export type ReviewItem = z.infer<typeof ReviewItem>;

/** A page of the queue, and how far the grading of the whole queue (of the question, when one is asked) has come. */
export const ReviewQueue = z
  .object({
    by: ReviewOrder,
    blind: z.boolean(),
    items: z.array(ReviewItem),
    itemsCount: z.int().nonnegative().meta({ description: 'Answers in the queue, graded or not: the M of "N of M graded".' }),
    gradedCount: z.int().nonnegative().meta({ description: 'Of them, graded: the N of "N of M graded".' }),
    nextUngraded: z.int().positive().nullable().meta({
      description:
        "The position in the whole queue (from 1) of the first answer awaiting a grade at or after `from`, on whatever page it is; null when none is. A grader's tool opens that answer's page (position ÷ page_size) rather than looking through the pages.",
    }),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof ReviewQueue>;

/** An answer in the queue before its details are read: what ordering needs. */
export interface ReviewEntry {
  readonly invitationId: number;
  readonly questionId: number;
  readonly graded: boolean;
}

/** A 32-bit mix of three ids (murmur3's finaliser on a running hash): the same ids give the same place, every time. */
const placeOf = (seed: number, questionId: number, invitationId: number): number => {
  let hash = seed >>> 0;
  for (const value of [questionId, invitationId]) {
    hash = Math.imul(hash ^ (value >>> 0), 0x85ebca6b);
    hash = Math.imul(hash ^ Math.floor(value / 2 ** 32), 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  hash = Math.imul(hash ^ (hash >>> 13), 0x85ebca6b);
  return (hash ^ (hash >>> 16)) >>> 0;
};

/**
 * The queue's order. By question: the test's question order, and within a question the answers shuffled by a
 * seeded hash of (seed, question, invitation) — random, so no candidate is always graded first or tired-last, but
 * the same for the same seed (the grading key), so paging and refreshing never reshuffle. By candidate: invitations
 * in id order, each one's answers in question order.
 */
export const orderReviewQueue = (
  entries: readonly ReviewEntry[],
  by: ReviewOrder,
  seed: number,
  questionPosition: ReadonlyMap<number, number>,
): ReviewEntry[] => {
  const position = (entry: ReviewEntry) => questionPosition.get(entry.questionId) ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...entries];
  if (by === 'candidate') return sorted.sort((a, b) => a.invitationId - b.invitationId || position(a) - position(b));
  const place = new Map(entries.map((entry) => [entry, placeOf(seed, entry.questionId, entry.invitationId)]));
  return sorted.sort(
    (a, b) => position(a) - position(b) || a.questionId - b.questionId || (place.get(a) ?? 0) - (place.get(b) ?? 0) || a.invitationId - b.invitationId,
  );
};

/** A blind-reviewer key's queue is blind whatever it asks (decision 655); any other key's, as it asks. */
export const reviewIsBlind = (role: KeyRole, asked: boolean): boolean => asked || role === 'blind-reviewer';

/** A reference no answer of the key's org has: a missing answer, told without naming any invitation. */
export const reviewReferenceNotFound = (reference: string): Result<never> =>
  refuse('invitation-not-found', `No answer in this organization's review queues has the reference ${reference}.`);
