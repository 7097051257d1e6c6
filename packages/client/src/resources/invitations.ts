import { BulkInvitationJob, type BulkInvitationBody } from '@assay/domain/bulk';
import { InvitationHistory, type CandidateDecision } from '@assay/domain/invitations';
import { EvidenceReview, type EvidenceReviewInput } from '@assay/domain/report';
import {
  CancelledInvitation,
  InvitationList,
  InvitationSummary,
  MAX_PAGE_SIZE,
  Reattempt,
  Registration,
  ResentInvitation,
  ResetInvitation,
  type InvitationListIntegrity,
  type InvitationListRow,
  type InvitationListSort,
  type InvitationListStatus,
} from '@assay/domain/schemas';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';
import type { CandidateInput } from './test-links.js';

/** The filters, order and page of a test's list of invitations, as the server reads them (decision 652). */
export interface ListInvitationsQuery {
  page_size?: number;
  page_no?: number;
  /** Any of the test statuses, `Expired` (Pending or Reset past its expiry or its link's end), or `Awaiting review` (a Completed attempt whose score is provisional). */
  status?: readonly InvitationListStatus[];
  min_score?: number;
  max_score?: number;
  /** Words that must each appear in the name or email. */
  q?: string;
  /** `confirmed`: a reviewer confirmed some integrity evidence; `unconfirmed`: none confirmed (decision 765). */
  integrity?: InvitationListIntegrity;
  sort?: InvitationListSort;
  /** Any of the decisions, or `none` (issue 50). */
  decision?: readonly (CandidateDecision | 'none')[];
  /** Only invitations with this tag. */
  tag?: string;
}

const listQuery = ({ status, decision, ...rest }: ListInvitationsQuery) => ({ ...rest, status: status?.join(','), decision: decision?.join(',') });

const invitation = (testInvitationId: number, action: string) => `/v2/org/testinvitation/${segment(testInvitationId)}/${action}`;

/**
 * Invitations: register (4.7), cancel (4.9), reattempt (4.10) and reset (extension). Cancel, reattempt and
 * reset are GETs that change state, so they are not retried after a lost answer: a reattempt sent twice
 * would create two invitations.
 */
export class Invitations {
  constructor(private readonly transport: Transport) {}

  /** Registers a candidate for a test; the same email again updates the name and URLs of the same invitation. */
  register(testId: number, candidate: CandidateInput, options?: CallOptions): Promise<Registration> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/tests/${segment(testId)}/register`, body: candidate, credential: 'apiKey', acceptsIdempotencyKey: true },
      Registration,
      options,
    );
  }

  /**
   * Invites a file of candidates (an Assay extension): CSV text (`{ csv }`, docs/bulk-invitations.md) or a list of rows.
   * Answers the job at once; `bulkJob` follows it. Safe to retry: the same rows again answer the same job.
   */
  bulk(testId: number, file: { csv: string } | z.input<typeof BulkInvitationBody>, options?: CallOptions): Promise<BulkInvitationJob> {
    const path = `/v2/org/tests/${segment(testId)}/invitations/bulk`;
    const content = 'csv' in file ? { csv: file.csv } : { body: file };
    return this.transport.json({ method: 'POST', path, ...content, credential: 'apiKey', idempotent: true }, BulkInvitationJob, options);
  }

  /** A bulk job's progress and its rows' outcomes: all (default), only the refused, or none. */
  bulkJob(jobId: number, query: { rows?: 'all' | 'refused' | 'none' } = {}, options?: CallOptions): Promise<BulkInvitationJob> {
    return this.transport.json({ method: 'GET', path: `/v2/org/bulk-invitations/${segment(jobId)}`, query, credential: 'apiKey' }, BulkInvitationJob, options);
  }

  /** A test's pipeline (an Assay extension): counts per stage, completion rate and score distribution (decision 766). */
  summary(testId: number, options?: CallOptions): Promise<InvitationSummary> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/tests/${segment(testId)}/invitations/summary`, credential: 'apiKey' },
      InvitationSummary,
      options,
    );
  }

  /** One page of a test's invitations (an Assay extension) and the count of all that match. */
  list(testId: number, query: ListInvitationsQuery = {}, options?: CallOptions): Promise<InvitationList> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/tests/${segment(testId)}/invitations`, query: listQuery(query), credential: 'apiKey' },
      InvitationList,
      options,
    );
  }

  /**
   * Every invitation of a test that matches, page after page (`for await (const row of client.invitations.all(testId))`),
   * each once: the walk ends on an empty page, a page with nothing new, or once the count is reached.
   */
  async *all(testId: number, query: Omit<ListInvitationsQuery, 'page_no'> = {}, options?: CallOptions): AsyncGenerator<InvitationListRow, void, undefined> {
    const seen = new Set<number>();
    for (let pageNo = 1; ; pageNo++) {
      const page = await this.list(testId, { page_size: MAX_PAGE_SIZE, ...query, page_no: pageNo }, options);
      const fresh = page.invitations.filter((row) => !seen.has(row.testInvitationId));
      for (const row of fresh) {
        seen.add(row.testInvitationId);
        yield row;
      }
      if (fresh.length === 0 || seen.size >= page.invitationsCount) return;
    }
  }

  /**
   * Allowed while Pending or Reset (else 403.4). `testId`, when given, must be the invitation's test; `notify: true`
   * emails the candidate the org's cancellation template after the undo window (issue 61 item 1).
   */
  cancel(testInvitationId: number, query: { testId?: number; notify?: boolean } = {}, options?: CallOptions): Promise<CancelledInvitation> {
    const { notify, ...rest } = query;
    return this.transport.json(
      {
        method: 'GET',
        path: invitation(testInvitationId, 'cancel'),
        query: { ...rest, ...(notify ? { notify: 'true' } : {}) },
        credential: 'apiKey',
        idempotent: false,
      },
      CancelledInvitation,
      options,
    );
  }

  /**
   * A new invitation (new id and URL) for a completed one; 403.4 otherwise. `sendEmail` (Assay extension): true emails
   * the new link, false never; left out, it is emailed when the first invitation was (decision 781).
   */
  reattempt(testInvitationId: number, options?: CallOptions, query: { sendEmail?: boolean } = {}): Promise<Reattempt> {
    const sendEmail = query.sendEmail === undefined ? {} : { sendEmail: String(query.sendEmail) };
    return this.transport.json(
      { method: 'GET', path: invitation(testInvitationId, 'reattempt'), query: sendEmail, credential: 'apiKey', idempotent: false },
      Reattempt,
      options,
    );
  }

  /**
   * Emails the candidate their current link again (Assay extension, decision 813): 409.50 once it cannot be taken,
   * 429.50 (a `RateLimitError` with `Retry-After`) within 10 minutes of the last email or after 5 in a day.
   */
  resend(testInvitationId: number, options?: CallOptions): Promise<ResentInvitation> {
    return this.transport.json(
      { method: 'POST', path: invitation(testInvitationId, 'resend'), credential: 'apiKey', acceptsIdempotencyKey: true },
      ResentInvitation,
      options,
    );
  }

  /** In progress or Completed → Reset: answers and scores are cleared, the same URL starts again. */
  reset(testInvitationId: number, options?: CallOptions): Promise<ResetInvitation> {
    return this.transport.json(
      { method: 'GET', path: invitation(testInvitationId, 'reset'), credential: 'apiKey', idempotent: false },
      ResetInvitation,
      options,
    );
  }

  /**
   * What happened to the invitation, oldest first (issue 32, an Assay extension): created, deliveries, link opened,
   * started, answers saved and runs (counted), submitted, scored, graded, evidence reviewed, reattempt, reset, cancel,
   * report downloaded — each with when and by whom (a key by its id and label, the candidate, or the system).
   */
  history(testInvitationId: number, options?: CallOptions): Promise<InvitationHistory> {
    return this.transport.json({ method: 'GET', path: invitation(testInvitationId, 'history'), credential: 'apiKey' }, InvitationHistory, options);
  }

  /**
   * Marks one piece of integrity evidence `dismissed` or `confirmed`, with a note: `eventId` is a departure's or a
   * snapshot's `eventId` as the report details list it. Answers the review that now counts; earlier ones stay in the
   * history, and v2's wv and tv stay raw. 404.12 for an id the attempt does not show.
   */
  reviewEvidence(testInvitationId: number, eventId: string, review: EvidenceReviewInput, options?: CallOptions): Promise<EvidenceReview> {
    return this.transport.json(
      { method: 'PUT', path: `${invitation(testInvitationId, 'evidence')}/${segment(eventId)}`, body: review, credential: 'apiKey' },
      EvidenceReview,
      options,
    );
  }
}
