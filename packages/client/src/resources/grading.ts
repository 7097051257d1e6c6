import { GradeRecorded, type GradeInput, type ReviewItem, ReviewGradeRecorded, ReviewQueue, type ReviewOrder } from '@assay/domain/report';
import { FollowUpMarked, type FollowUpMark, type FollowUpMarkInput, ReviewFollowUps, ReviewTranscript } from '@assay/domain/ai';
import { MAX_PAGE_SIZE } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/** `GET /v2/org/tests/{testId}/review`'s query as a caller writes it: every field optional, flags as booleans. */
export interface ReviewQueueQuery {
  /** `question` (the default): each question's answers together, in a random order stable for the key; `candidate`: by invitation. */
  by?: ReviewOrder;
  /** Leave the candidates' names and emails out (they are null). */
  blind?: boolean;
  /** Only this question's answers. */
  questionId?: number;
  page_size?: number;
  page_no?: number;
  /** Where the answer's `nextUngraded` is looked for from: a position in the whole queue, from 1. */
  from?: number;
}

const wireQuery = ({ by, blind, questionId, page_size, page_no, from }: ReviewQueueQuery) => ({
  by,
  blind: blind === undefined ? undefined : String(blind),
  questionId,
  page_size,
  page_no,
  from,
});

/**
 * The review of written answers (issue 32, an Assay extension): the queue of answers awaiting a person's grade
 * (or graded already), and grading one. A reviewer key may use both.
 */
export class Grading {
  constructor(private readonly transport: Transport) {}

  /** One page of the test's review queue, with how far the grading has come (`gradedCount` of `itemsCount`). */
  queue(testId: number, query: ReviewQueueQuery = {}, options?: CallOptions): Promise<ReviewQueue> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/tests/${segment(testId)}/review`, query: wireQuery(query), credential: 'apiKey' },
      ReviewQueue,
      options,
    );
  }

  /** Every item of the queue, page after page, in the queue's order; ends on a page with nothing new or after `itemsCount` items. */
  async *all(testId: number, query: Omit<ReviewQueueQuery, 'page_no'> = {}, options?: CallOptions): AsyncGenerator<ReviewItem, void, undefined> {
    const pageSize = query.page_size ?? MAX_PAGE_SIZE;
    const seen = new Set<string>();
    for (let pageNo = 1; ; pageNo++) {
      const page = await this.queue(testId, { ...query, page_size: pageSize, page_no: pageNo }, options);
      const fresh = page.items.filter((item) => !seen.has(item.reference));
      for (const item of fresh) {
        seen.add(item.reference);
        yield item;
      }
      if (fresh.length === 0 || seen.size >= page.itemsCount) return;
    }
  }

  /**
   * Grades (or regrades: the earlier grade stays in the history) one written answer: marks from 0 to the question's,
   * per criterion when the question has a rubric, and a comment. Refusals: 400.19 (the grade does not fit the
   * question), 404.8 (no such question on the test), 409.3 (the answer needs no grade), 409.4 (not Completed).
   * Answers the grade as stored and where the report stands: `awaitingCount`, `reportStatus`, and the final `score`
   * once nothing awaits a grade. The same grade again by the same key records nothing.
   */
  grade(testInvitationId: number, questionId: number, grade: GradeInput, options?: CallOptions): Promise<GradeRecorded> {
    return this.transport.json(
      {
        method: 'PUT',
        path: `/v2/org/testinvitation/${segment(testInvitationId)}/grades/${segment(questionId)}`,
        body: grade,
        credential: 'apiKey',
        acceptsIdempotencyKey: true,
      },
      GradeRecorded,
      options,
    );
  }

  /**
   * Grades one answer by the reference the review queue gives it, without naming its invitation: what a blind queue
   * (and a blind-reviewer key) grades by (decision 656). As `grade` otherwise; 404.4 for a reference no answer of the
   * key's organization has.
   */
  gradeByReference(reference: string, grade: GradeInput, options?: CallOptions): Promise<ReviewGradeRecorded> {
    return this.transport.json(
      { method: 'PUT', path: `/v2/org/review/${segment(reference)}/grade`, body: grade, credential: 'apiKey', acceptsIdempotencyKey: true },
      ReviewGradeRecorded,
      options,
    );
  }

  /**
   * The AI assistant's transcript of the answer a review reference names (decision 1263): the report's `ai` of that
   * question, naming no one — what a blind-reviewer key, which reads no report, reads beside the answer it grades.
   * `ai` is null for an attempt without an AI record; 404.4 for a reference no answer of the key's organization has.
   */
  transcript(reference: string, options?: CallOptions): Promise<ReviewTranscript> {
    return this.transport.json({ method: 'GET', path: `/v2/org/review/${segment(reference)}/transcript`, credential: 'apiKey' }, ReviewTranscript, options);
  }

  /**
   * The test's authorship follow-ups for review (issue 60 item 6): every coding or written answer that was asked
   * follow-ups, its code or text, each question, the candidate's answer, refused pastes and its mark, with the
   * default rubric and a `reference` to mark by. `blind` leaves names and invitation ids out (always so for a
   * blind-reviewer key); 404 for a test the key's organization does not have.
   */
  followUps(testId: number, query: { blind?: boolean } = {}, options?: CallOptions): Promise<ReviewFollowUps> {
    return this.transport.json(
      {
        method: 'GET',
        path: `/v2/org/tests/${segment(testId)}/review/follow-ups`,
        query: { blind: query.blind === undefined ? undefined : String(query.blind) },
        credential: 'apiKey',
      },
      ReviewFollowUps,
      options,
    );
  }

  /**
   * Marks follow-up `position` (from 0) of the answer the follow-up queue's `reference` names: `accurate`, `partly`
   * or `not`, or null to take the mark back. A mark never changes the score or the report's status (decision 1225).
   * 404.4 for a reference no answer of the key's organization has, 404.100 for a follow-up that was not asked.
   */
  markFollowUp(reference: string, position: number, mark: FollowUpMark | null, options?: CallOptions): Promise<FollowUpMarked> {
    return this.transport.json(
      {
        method: 'PUT',
        path: `/v2/org/review/${segment(reference)}/follow-ups/${segment(position)}`,
        body: { mark } satisfies FollowUpMarkInput,
        credential: 'apiKey',
      },
      FollowUpMarked,
      options,
    );
  }
}
