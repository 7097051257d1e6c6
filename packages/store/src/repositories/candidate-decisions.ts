import type { Kysely } from 'kysely';
import {
  CandidateDecision,
  decisionChangeOf,
  decisionEmailKindOf,
  mayAddNote,
  mayChangeNote,
  meanRating,
  ok,
  refuse,
  tagsWith,
  type CandidateEvaluation,
  type DecisionInput,
  type Result,
} from '@assay/domain';
import type { Database } from '../database.js';
import { byOf, recordHistory } from './invitation-history.js';
import { queueDecisionEmail, withdrawDecisionEmails } from './decision-email-queue.js';
import { versionTestIdOfInvitation } from './report-columns.js';

/** The key doing it and when: every write here is signed by its key and recorded in the invitation's history. */
export interface Actor {
  readonly keyId: number;
  readonly at: number;
}

/** One invitation a bulk decision names, as the store found it in the test. */
export interface BulkCandidateRow {
  readonly id: number;
  readonly fullName: string;
  readonly emailId: string;
  readonly current: CandidateDecision | null;
}

/** The decision and tags of one invitation, as the list shows them. */
export interface ListedDecision {
  readonly decision: CandidateDecision | null;
  readonly tags: string[];
  readonly meanRating: number | null;
}

export interface DecisionEmailSubject {
  readonly orgId: number;
  readonly cancelled: boolean;
  readonly decision: CandidateDecision | null;
  readonly candidateName: string;
  readonly candidateEmail: string;
  readonly testName: string;
  readonly orgName: string;
  readonly contactEmail: string | null;
}

export interface DecidedEvent {
  readonly type: 'decided';
  readonly at: number;
  readonly testInvitationId: number;
  readonly testId: number;
  readonly emailId: string;
  readonly decision: CandidateDecision | null;
}

const iso = (at: number) => new Date(Number(at)).toISOString();
const decisionOf = (stored: string | null): CandidateDecision | null => (stored === null ? null : CandidateDecision.parse(stored));

/**
 * Decisions, tags, notes and ratings on an org's invitations (issue 50 item 2). Each write runs in one transaction
 * with its history entry, applying the domain's rule (decisions/) to what is stored; an invitation of another org
 * answers undefined, as a missing one (the route's 404). Every write answers the whole evaluation (decision 758).
 */
export class CandidateDecisionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** What stands on the org's invitation, or undefined. */
  async evaluation(orgId: number, invitationId: number): Promise<CandidateEvaluation | undefined> {
    if (!(await this.owned(this.db, orgId, invitationId))) return undefined;
    return this.read(this.db, invitationId);
  }

  /**
   * `emailDelayMs`: the undo window of a decision email (issue 61 item 1). A change withdraws the decision emails still
   * waiting; `notify` queues the new decision's email, due after the window.
   */
  decide(orgId: number, invitationId: number, input: DecisionInput, by: Actor, emailDelayMs = 0) {
    return this.write(orgId, invitationId, async (db) => {
      const current = await db.selectFrom('candidate_decisions').select('decision').where('invitation_id', '=', invitationId).executeTakeFirst();
      const change = decisionChangeOf(decisionOf(current?.decision ?? null), input);
      if (change) {
        const row = { decision: change.decision, reason: change.reason, key_id: by.keyId, decided_at: by.at };
        await db
          .insertInto('candidate_decisions')
          .values({ invitation_id: invitationId, org_id: orgId, ...row })
          .onConflict((oc) => oc.column('invitation_id').doUpdateSet(row))
          .execute();
        await recordHistory(db, invitationId, { kind: 'decided', details: change }, { keyId: by.keyId }, by.at);
        if (change.decision !== change.previous) await withdrawDecisionEmails(db, invitationId, ['rejected', 'advanced'], by);
      }
      const email = input.notify ? decisionEmailKindOf(input.decision) : undefined;
      if (email) await queueDecisionEmail(db, { orgId, invitationId }, email, by, emailDelayMs);
      return ok(true);
    });
  }

  /** Queues the cancellation email of a cancelled invitation after the undo window (issue 61 item 1, decision 1454). */
  notifyCancelled(orgId: number, invitationId: number, by: Actor, emailDelayMs: number) {
    return this.write(orgId, invitationId, async (db) => {
      await queueDecisionEmail(db, { orgId, invitationId }, 'cancelled', by, emailDelayMs);
      return ok(true);
    });
  }

  addTag(orgId: number, invitationId: number, tag: string, by: Actor) {
    return this.write(orgId, invitationId, async (db) => {
      const tags = await this.tagsOf(db, invitationId);
      const next = tagsWith(tags, tag);
      if (next.err) return next;
      if (next.val === tags) return ok(true);
      await db.insertInto('candidate_tags').values({ invitation_id: invitationId, tag }).execute();
      await recordHistory(db, invitationId, { kind: 'tagged', details: { tag, change: 'added' } }, { keyId: by.keyId }, by.at);
      return ok(true);
    });
  }

  /** Removing a tag the invitation lacks changes nothing and answers what stands (a DELETE is idempotent). */
  removeTag(orgId: number, invitationId: number, tag: string, by: Actor) {
    return this.write(orgId, invitationId, async (db) => {
      const removed = await db.deleteFrom('candidate_tags').where('invitation_id', '=', invitationId).where('tag', '=', tag).executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        await recordHistory(db, invitationId, { kind: 'tagged', details: { tag, change: 'removed' } }, { keyId: by.keyId }, by.at);
      }
      return ok(true);
    });
  }

  addNote(orgId: number, invitationId: number, text: string, by: Actor) {
    return this.write(orgId, invitationId, async (db) => {
      const [{ count }] = (await db
        .selectFrom('candidate_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('invitation_id', '=', invitationId)
        .execute()) as [{ count: number | string }];
      const may = mayAddNote(Number(count));
      if (may.err) return may;
      const { id } = await db
        .insertInto('candidate_notes')
        .values({ invitation_id: invitationId, key_id: by.keyId, text, created_at: by.at, edited_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordHistory(db, invitationId, { kind: 'noted', details: { noteId: Number(id), change: 'added' } }, { keyId: by.keyId }, by.at);
      return ok(true);
    });
  }

  /** `text` undefined deletes the note; only its author may do either (the domain's rule). */
  changeNote(orgId: number, invitationId: number, noteId: number, text: string | undefined, by: Actor) {
    return this.write(orgId, invitationId, async (db) => {
      const note = await db
        .selectFrom('candidate_notes')
        .select(['id', 'key_id'])
        .where('invitation_id', '=', invitationId)
        .where('id', '=', noteId)
        .executeTakeFirst();
      if (!note) return refuse('note-not-found', `No note ${noteId} on test invitation ${invitationId}.`);
      const may = mayChangeNote({ id: Number(note.id), keyId: Number(note.key_id) }, by.keyId);
      if (may.err) return may;
      if (text === undefined) await db.deleteFrom('candidate_notes').where('id', '=', noteId).execute();
      else await db.updateTable('candidate_notes').set({ text, edited_at: by.at }).where('id', '=', noteId).execute();
      const change = text === undefined ? 'deleted' : 'edited';
      await recordHistory(db, invitationId, { kind: 'noted', details: { noteId, change } }, { keyId: by.keyId }, by.at);
      return ok(true);
    });
  }

  /** The key's own rating; null removes it. */
  rate(orgId: number, invitationId: number, rating: number | null, by: Actor) {
    return this.write(orgId, invitationId, async (db) => {
      const before = await db
        .selectFrom('candidate_ratings')
        .select('rating')
        .where('invitation_id', '=', invitationId)
        .where('key_id', '=', by.keyId)
        .executeTakeFirst();
      if ((before?.rating ?? null) === rating) return ok(true);
      if (rating === null) {
        await db.deleteFrom('candidate_ratings').where('invitation_id', '=', invitationId).where('key_id', '=', by.keyId).execute();
      } else {
        const row = { rating, rated_at: by.at };
        await db
          .insertInto('candidate_ratings')
          .values({ invitation_id: invitationId, key_id: by.keyId, ...row })
          .onConflict((oc) => oc.columns(['invitation_id', 'key_id']).doUpdateSet(row))
          .execute();
      }
      await recordHistory(db, invitationId, { kind: 'rated', details: { rating } }, { keyId: by.keyId }, by.at);
      return ok(true);
    });
  }

  /**
   * What a decision email is written from when it is due (issue 61 item 1): who the candidate is now, the test, the
   * org as candidate pages name it, and what stands (the decision, whether cancelled) to check it is still true.
   */
  async emailSubject(invitationId: number): Promise<DecisionEmailSubject | undefined> {
    const row = await this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      // The name of the version the candidate took (issue 62 item 4): a later version's new name is not what they sat.
      .innerJoin('tests', (join) => join.on('tests.id', '=', versionTestIdOfInvitation))
      .innerJoin('orgs', 'orgs.id', 'invitations.org_id')
      .leftJoin('candidate_decisions', 'candidate_decisions.invitation_id', 'invitations.id')
      .select([
        'invitations.org_id as orgId',
        'invitations.status',
        'candidates.full_name as candidateName',
        'candidates.email as candidateEmail',
        'tests.name as testName',
        'orgs.name as orgName',
        'orgs.display_name as displayName',
        'orgs.contact_email as contactEmail',
        'candidate_decisions.decision',
      ])
      .where('invitations.id', '=', invitationId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      orgId: Number(row.orgId),
      cancelled: row.status === 'Cancelled',
      decision: decisionOf(row.decision ?? null),
      candidateName: row.candidateName,
      candidateEmail: row.candidateEmail,
      testName: row.testName,
      orgName: row.displayName ?? row.orgName,
      contactEmail: row.contactEmail,
    };
  }

  /** The decision, tags and mean rating of a page of invitations, in three queries whatever its size (the list's rows). */
  async listedOf(invitationIds: readonly number[]): Promise<Map<number, ListedDecision>> {
    const listed = new Map<number, ListedDecision>();
    if (invitationIds.length === 0) return listed;
    const ids = [...invitationIds];
    const [decisions, tags, ratings] = await Promise.all([
      this.db.selectFrom('candidate_decisions').select(['invitation_id', 'decision']).where('invitation_id', 'in', ids).execute(),
      this.db.selectFrom('candidate_tags').select(['invitation_id', 'tag']).where('invitation_id', 'in', ids).orderBy('tag').execute(),
      this.db.selectFrom('candidate_ratings').select(['invitation_id', 'rating']).where('invitation_id', 'in', ids).execute(),
    ]);
    const ofInvitation = <Row extends { invitation_id: number }>(rows: readonly Row[], id: number) => rows.filter((row) => Number(row.invitation_id) === id);
    for (const id of ids) {
      const decision = decisions.find((row) => Number(row.invitation_id) === id);
      listed.set(id, {
        decision: decision ? decisionOf(decision.decision) : null,
        tags: ofInvitation(tags, id).map((row) => row.tag),
        meanRating: meanRating(ofInvitation(ratings, id).map((row) => ({ rating: Number(row.rating) }))),
      });
    }
    return listed;
  }

  /** The org's latest decision change per invitation in [from, to), oldest first (the events feed, decision 761). */
  async decidedEvents(orgId: number, from: number, to: number, limit: number): Promise<DecidedEvent[]> {
    const rows = await this.db
      .selectFrom('candidate_decisions')
      .innerJoin('invitations', 'invitations.id', 'candidate_decisions.invitation_id')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select([
        'candidate_decisions.decided_at as at',
        'invitations.id as id',
        'invitations.test_id as testId',
        'candidates.email as emailId',
        'candidate_decisions.decision',
      ])
      .where('candidate_decisions.org_id', '=', orgId)
      .where('candidate_decisions.decided_at', '>=', from)
      .where('candidate_decisions.decided_at', '<', to)
      .orderBy('candidate_decisions.decided_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      type: 'decided',
      at: Number(row.at),
      testInvitationId: Number(row.id),
      testId: Number(row.testId),
      emailId: row.emailId,
      decision: decisionOf(row.decision),
    }));
  }

  /** Runs `change` in one transaction on the org's invitation; undefined for another org's or a missing one. */
  /**
   * The named invitations of one test of the org, each with who it is and the decision standing (a bulk decision's
   * reading, issue 61 item 2): ids of another test or another org are simply absent, as missing ones.
   */
  async candidatesOfTest(orgId: number, testId: number, ids: readonly number[]): Promise<Map<number, BulkCandidateRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .leftJoin('candidate_decisions', 'candidate_decisions.invitation_id', 'invitations.id')
      .select(['invitations.id as id', 'candidates.full_name as fullName', 'candidates.email as emailId', 'candidate_decisions.decision as decision'])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.test_id', '=', testId)
      .where('invitations.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, { id: row.id, fullName: row.fullName, emailId: row.emailId, current: decisionOf(row.decision ?? null) }]));
  }

  private async write(
    orgId: number,
    invitationId: number,
    change: (db: Kysely<Database>) => Promise<Result<true>>,
  ): Promise<Result<CandidateEvaluation> | undefined> {
    const run = async (db: Kysely<Database>): Promise<Result<CandidateEvaluation> | undefined> => {
      if (!(await this.owned(db, orgId, invitationId))) return undefined;
      const done = await change(db);
      return done.err ? { err: done.err } : ok(await this.read(db, invitationId));
    };
    return this.db.isTransaction ? run(this.db) : this.db.transaction().execute(run);
  }

  private async owned(db: Kysely<Database>, orgId: number, invitationId: number): Promise<boolean> {
    const row = await db.selectFrom('invitations').select('id').where('org_id', '=', orgId).where('id', '=', invitationId).executeTakeFirst();
    return row !== undefined;
  }

  private async tagsOf(db: Kysely<Database>, invitationId: number): Promise<string[]> {
    const rows = await db.selectFrom('candidate_tags').select('tag').where('invitation_id', '=', invitationId).orderBy('tag').execute();
    return rows.map((row) => row.tag);
  }

  private async read(db: Kysely<Database>, invitationId: number): Promise<CandidateEvaluation> {
    const [decision, tags, notes, ratings] = await Promise.all([
      db
        .selectFrom('candidate_decisions')
        .leftJoin('api_keys', 'api_keys.id', 'candidate_decisions.key_id')
        .leftJoin('people', 'people.id', 'api_keys.person_id')
        .select(['decision', 'reason', 'decided_at', 'key_id', 'api_keys.label', 'api_keys.prefix', 'people.name as person_name'])
        .where('invitation_id', '=', invitationId)
        .executeTakeFirst(),
      this.tagsOf(db, invitationId),
      db
        .selectFrom('candidate_notes')
        .leftJoin('api_keys', 'api_keys.id', 'candidate_notes.key_id')
        .leftJoin('people', 'people.id', 'api_keys.person_id')
        .select([
          'candidate_notes.id',
          'candidate_notes.text',
          'candidate_notes.created_at',
          'candidate_notes.edited_at',
          'candidate_notes.key_id',
          'api_keys.label',
          'api_keys.prefix',
          'people.name as person_name',
        ])
        .where('candidate_notes.invitation_id', '=', invitationId)
        .orderBy('candidate_notes.id')
        .execute(),
      db
        .selectFrom('candidate_ratings')
        .leftJoin('api_keys', 'api_keys.id', 'candidate_ratings.key_id')
        .leftJoin('people', 'people.id', 'api_keys.person_id')
        .select(['rating', 'rated_at', 'key_id', 'api_keys.label', 'api_keys.prefix', 'people.name as person_name'])
        .where('invitation_id', '=', invitationId)
        .orderBy('rated_at')
        .orderBy('key_id')
        .execute(),
    ]);
    const by = (row: { key_id: number; label: string | null; prefix: string | null; person_name: string | null }) =>
      byOf({ actor: 'key', key_id: Number(row.key_id), label: row.label, prefix: row.prefix, person_name: row.person_name });
    const standing = decision && decision.decision !== null ? decision : undefined;
    return {
      testInvitationId: invitationId,
      decision: standing
        ? { decision: decisionOf(standing.decision)!, reason: standing.reason, decidedBy: by(standing), decidedAt: iso(standing.decided_at) }
        : null,
      tags,
      notes: notes.map((note) => ({
        noteId: Number(note.id),
        text: note.text,
        author: by(note),
        createdAt: iso(note.created_at),
        editedAt: note.edited_at === null ? null : iso(note.edited_at),
      })),
      ratings: ratings.map((row) => ({ rating: Number(row.rating), ratedBy: by(row), ratedAt: iso(row.rated_at) })),
      meanRating: meanRating(ratings.map((row) => ({ rating: Number(row.rating) }))),
    };
  }
}
