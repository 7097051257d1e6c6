import { countWords } from '../candidate/written-answer.js';
import type { QuestionRecord } from '../records/test.js';
import { isWrittenQuestion } from '../schemas/written-questions.js';
import type { Grade } from './grade.js';
import { orderReviewQueue, type ReviewEntry, type ReviewItem, type ReviewOrder, type ReviewQueue } from './review-queue.js';

/** What the queue is built from: the test's questions (candidate's order) and every answer awaiting or given a grade. */
export interface ReviewQueueSource {
  readonly questions: readonly QuestionRecord[];
  readonly entries: readonly ReviewEntry[];
}

/** What one page shows of its answers, keyed by `${invitationId}:${questionId}` (candidates by invitation id). */
export interface ReviewPageFacts {
  readonly texts: ReadonlyMap<string, string>;
  readonly candidates: ReadonlyMap<number, { fullName: string; email: string }>;
  readonly grades: ReadonlyMap<string, Grade>;
}

/** An answer's opaque reference: the shell enciphers it (decision 656), the domain holds no key. */
export type ReviewReferenceOf = (invitationId: number, questionId: number) => string;

export interface ReviewPageRequest {
  readonly by: ReviewOrder;
  readonly blind: boolean;
  /** The grading key: the seed of the order by question, so each grader's order stays put. */
  readonly seed: number;
  readonly offset: number;
  readonly size: number;
  /** Where the next answer awaiting a grade is looked for from: a position in the whole queue, from 1. */
  readonly from?: number;
}

/** The key of one answer in `ReviewPageFacts`' maps. */
export const reviewAnswerKey = (invitationId: number, questionId: number): string => `${invitationId}:${questionId}`;

/** The queue's order and the one page of it asked for, with the progress counts of the whole queue. */
export const reviewQueuePage = (source: ReviewQueueSource, request: ReviewPageRequest) => {
  const positions = new Map(source.questions.map((question, index) => [question.id, index]));
  const ordered = orderReviewQueue(source.entries, request.by, request.seed, positions);
  const from = Math.max(1, request.from ?? 1);
  const waiting = ordered.findIndex((entry, index) => index + 1 >= from && !entry.graded);
  return {
    page: ordered.slice(request.offset, request.offset + request.size),
    itemsCount: ordered.length,
    gradedCount: ordered.filter((entry) => entry.graded).length,
    nextUngraded: waiting === -1 ? null : waiting + 1,
  };
};

/** The answer of `GET /v2/org/tests/{testId}/review` for one page: each answer with its question, and its candidate and invitation unless blind. */
export const buildReviewQueue = (
  source: ReviewQueueSource,
  request: ReviewPageRequest,
  page: ReturnType<typeof reviewQueuePage>,
  facts: ReviewPageFacts,
  referenceOf: ReviewReferenceOf,
): ReviewQueue => {
  const questions = new Map(source.questions.map((question) => [question.id, question.definition]));
  const items = page.page.flatMap((entry): ReviewItem[] => {
    const question = questions.get(entry.questionId);
    if (!question || !isWrittenQuestion(question)) return [];
    const key = reviewAnswerKey(entry.invitationId, entry.questionId);
    const text = facts.texts.get(key) ?? '';
    return [
      {
        reference: referenceOf(entry.invitationId, entry.questionId),
        testInvitationId: request.blind ? null : entry.invitationId,
        questionId: entry.questionId,
        question: {
          type: question.type,
          text: question.text,
          marks: question.marks,
          rubric: question.type === 'free_text' ? [...(question.rubric ?? [])] : [],
        },
        answer: { text, words: countWords(text) },
        candidate: request.blind ? null : (facts.candidates.get(entry.invitationId) ?? null),
        grade: facts.grades.get(key) ?? null,
      },
    ];
  });
  return { by: request.by, blind: request.blind, items, itemsCount: page.itemsCount, gradedCount: page.gradedCount, nextUngraded: page.nextUngraded };
};
