import {
  BulkDecisionAnswer,
  type BulkDecisionInput,
  CandidateEvaluation,
  CandidateNotes,
  DECISION_VERBS,
  DecisionEmailMessage,
  type DecisionEmailKind,
  type CandidateDecision,
  type DecisionInput,
} from '@assay/domain/invitations';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

const on = (testInvitationId: number, rest: string) => `/v2/org/testinvitation/${segment(testInvitationId)}/${rest}`;

/**
 * What a hiring team records on an invitation (issue 50 item 2, Assay extensions): a decision, tags, notes, ratings.
 * Every write answers the whole evaluation as it now stands. Deciding takes an admin, recruiter or hiring-manager key
 * (a reviewer key: 403.17); notes, tags and a rating take a reviewer key too; a note is changed only by the key that
 * wrote it (403.18).
 */
export class Decisions {
  constructor(private readonly transport: Transport) {}

  /** The decision, tags, notes and ratings of an invitation. */
  evaluation(testInvitationId: number, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json({ method: 'GET', path: on(testInvitationId, 'evaluation'), credential: 'apiKey' }, CandidateEvaluation, options);
  }

  /**
   * Sets the decision (null clears it) with an optional reason; the same decision again without a reason changes
   * nothing. `notify: true` emails the candidate the org's template after the undo window (issue 61 item 1).
   */
  decide(testInvitationId: number, input: DecisionInput, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json({ method: 'PUT', path: on(testInvitationId, 'decision'), body: input, credential: 'apiKey' }, CandidateEvaluation, options);
  }

  /** The decision email `email` as this candidate would get it now (to, Reply-To, subject, text, HTML); sends nothing. */
  previewEmail(testInvitationId: number, email: DecisionEmailKind, options?: CallOptions): Promise<DecisionEmailMessage> {
    return this.transport.json(
      { method: 'POST', path: on(testInvitationId, 'decision-email/preview'), body: { email }, credential: 'apiKey' },
      DecisionEmailMessage,
      options,
    );
  }

  /**
   * One decision for many candidates of a test (issue 61 item 2): by `ids`, or by `filter`, the invitation list's own
   * filter in its own words, scores as numbers (e.g. `{ max_score: 20, decision: 'none' }`); `dryRun: true` answers who would be
   * decided and writes nothing. A filter matching more than 500 is refused whole (400.130). Sent with an
   * Idempotency-Key, so a retry decides nobody twice.
   */
  decideInBulk(testId: number, input: z.input<typeof BulkDecisionInput>, options?: CallOptions): Promise<BulkDecisionAnswer> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/tests/${segment(testId)}/decisions/bulk`, body: input, credential: 'apiKey', idempotent: true },
      BulkDecisionAnswer,
      options,
    );
  }

  /** Adds a tag (the server normalises it: `Strong Python` is `strong-python`); a tag already there changes nothing. */
  addTag(testInvitationId: number, tag: string, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json(
      { method: 'POST', path: on(testInvitationId, 'tags'), body: { tag }, credential: 'apiKey', idempotent: true },
      CandidateEvaluation,
      options,
    );
  }

  removeTag(testInvitationId: number, tag: string, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json({ method: 'DELETE', path: on(testInvitationId, `tags/${segment(tag)}`), credential: 'apiKey' }, CandidateEvaluation, options);
  }

  notes(testInvitationId: number, options?: CallOptions): Promise<CandidateNotes> {
    return this.transport.json({ method: 'GET', path: on(testInvitationId, 'notes'), credential: 'apiKey' }, CandidateNotes, options);
  }

  /** Writes a note signed by this client's key. Not retried after a lost answer: it would be written twice. */
  addNote(testInvitationId: number, text: string, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json({ method: 'POST', path: on(testInvitationId, 'notes'), body: { text }, credential: 'apiKey' }, CandidateEvaluation, options);
  }

  editNote(testInvitationId: number, noteId: number, text: string, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json(
      { method: 'PATCH', path: on(testInvitationId, `notes/${segment(noteId)}`), body: { text }, credential: 'apiKey' },
      CandidateEvaluation,
      options,
    );
  }

  deleteNote(testInvitationId: number, noteId: number, options?: CallOptions): Promise<CandidateEvaluation> {
    return this.transport.json(
      { method: 'DELETE', path: on(testInvitationId, `notes/${segment(noteId)}`), credential: 'apiKey' },
      CandidateEvaluation,
      options,
    );
  }

  /** This key's own rating, 1 to 5; null removes it. */
  rate(testInvitationId: number, rating: number | null, options?: CallOptions): Promise<CandidateEvaluation> {
    const spec = rating === null ? ({ method: 'DELETE' } as const) : ({ method: 'PUT', body: { rating } } as const);
    return this.transport.json({ ...spec, path: on(testInvitationId, 'rating'), credential: 'apiKey' }, CandidateEvaluation, options);
  }
}

/** A decision as a person types it (`shortlist`, `advance`, `reject`, `hold`, `none`), or undefined for another word. */
export const decisionOfVerb = (verb: string): CandidateDecision | null | undefined => (Object.hasOwn(DECISION_VERBS, verb) ? DECISION_VERBS[verb] : undefined);
