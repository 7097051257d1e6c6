import type { Kysely, Transaction, Updateable } from 'kysely';
import type { InvitationMove, InvitationStatus, Result } from '@assay/domain';
import type { Database, InvitationRow, InvitationsTable } from './database.js';

export interface RegistrationInput {
  orgId: number;
  testId: number;
  testLinkId: number | null;
  emailKey: string;
  email: string;
  fullName: string;
  /** Undefined keeps what an earlier registration stored (candidates registering themselves). */
  callbackUrl: string | null | undefined;
  redirectUrl: string | null | undefined;
}

export type NewToken = () => string;

/** A self-registration either invited a new candidate or found one already registered (left untouched). */
export type SelfRegistrationOutcome = { created: true; invitation: InvitationRow } | { created: false; invitation: InvitationRow | undefined };

/** A fresh attempt: nothing scored yet. */
const newAttempt = (now: number) => ({
  status: 'Pending' as InvitationStatus,
  report_status: 'Pending' as const,
  score: 0,
  time_taken: 0,
  window_violations: 0,
  time_violation_seconds: 0,
  created_at: now,
  updated_at: now,
  started_at: null,
  completed_at: null,
  cancelled_at: null,
  deadline_at: null,
  left_at: null,
  left_on_unload: 0,
});

export class InvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Spec 4.7: one candidate record per (org, test, email), updated on each registration, and one live
   * invitation for it. Concurrent registrations meet on the unique keys and all answer the same row.
   */
  async register(input: RegistrationInput, newToken: NewToken, now: number): Promise<InvitationRow> {
    return this.db.transaction().execute(async (trx) => {
      const candidate = await trx
        .insertInto('candidates')
        .values({
          org_id: input.orgId,
          test_id: input.testId,
          email_key: input.emailKey,
          email: input.email,
          full_name: input.fullName,
          callback_url: input.callbackUrl ?? null,
          redirect_url: input.redirectUrl ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'test_id', 'email_key']).doUpdateSet((eb) => ({
            email: eb.ref('excluded.email'),
            full_name: eb.ref('excluded.full_name'),
            ...(input.callbackUrl === undefined ? {} : { callback_url: eb.ref('excluded.callback_url') }),
            ...(input.redirectUrl === undefined ? {} : { redirect_url: eb.ref('excluded.redirect_url') }),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();

      const latest = await latestAttempt(trx, candidate.id);
      // A cancelled invitation is over: registering again invites the candidate anew.
      if (latest && latest.status !== 'Cancelled') return latest;
      return inviteCandidate(trx, input, candidate.id, latest, newToken, now);
    });
  }

  /**
   * A candidate registering themselves on a public link. Only a new (org, test, email) gets an invitation;
   * an existing candidate — however they were registered, whatever the state of their invitation — is left
   * exactly as stored and answered as `existing`, so nobody can read, take or rename someone else's attempt.
   */
  async registerSelf(input: RegistrationInput, newToken: NewToken, now: number): Promise<SelfRegistrationOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('candidates')
        .values({
          org_id: input.orgId,
          test_id: input.testId,
          email_key: input.emailKey,
          email: input.email,
          full_name: input.fullName,
          callback_url: null,
          redirect_url: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['org_id', 'test_id', 'email_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { created: true, invitation: await inviteCandidate(trx, input, inserted.id, undefined, newToken, now) };
      const existing = await trx
        .selectFrom('candidates')
        .select('id')
        .where('org_id', '=', input.orgId)
        .where('test_id', '=', input.testId)
        .where('email_key', '=', input.emailKey)
        .executeTakeFirstOrThrow();
      return { created: false, invitation: await latestAttempt(trx, existing.id) };
    });
  }

  find(orgId: number, invitationId: number): Promise<InvitationRow | undefined> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .executeTakeFirst();
  }

  /**
   * Applies a domain decision atomically: the row moves only if its status is still the one decided on;
   * a concurrent move makes us decide again on the fresh state. `changes` adds the columns the move implies.
   */
  async transition(
    orgId: number,
    invitationId: number,
    decide: (row: InvitationRow) => Result<InvitationMove>,
    now: number,
    changes: (row: InvitationRow, move: InvitationMove) => Updateable<InvitationsTable> = () => ({}),
    /** Runs in the transaction of the move: the outbox writes the jobs that announce it here. */
    afterMove?: (trx: Transaction<Database>, moved: InvitationRow, move: InvitationMove) => Promise<void>,
  ): Promise<{ row: InvitationRow; move: Result<InvitationMove> } | undefined> {
    for (;;) {
      const row = await this.find(orgId, invitationId);
      if (!row) return undefined;
      const move = decide(row);
      if (move.err || move.val.next === row.status) return { row, move };
      const decided = move.val;
      const updated = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('invitations')
          .set({
            status: decided.next,
            updated_at: now,
            ...(decided.next === 'Cancelled' ? { cancelled_at: now } : {}),
            ...changes(row, decided),
          })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .returningAll()
          .executeTakeFirst();
        if (moved && afterMove) await afterMove(trx, moved, decided);
        return moved;
      });
      if (updated) return { row: updated, move };
    }
  }

  /** True once a reattempt of this invitation exists: its result is superseded. */
  async isSuperseded(invitationId: number): Promise<boolean> {
    const next = await this.db.selectFrom('invitations').select('id').where('previous_invitation_id', '=', invitationId).executeTakeFirst();
    return next !== undefined;
  }

  /** A new attempt after a completed one; reattempting the same invitation twice answers the same new one. */
  async createReattempt(previous: InvitationRow, newToken: NewToken, now: number): Promise<InvitationRow> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await reattemptOf(trx, previous.id);
      if (existing) return existing;
      const latest = await latestAttempt(trx, previous.candidate_id);
      await trx
        .insertInto('invitations')
        .values({
          org_id: previous.org_id,
          test_id: previous.test_id,
          candidate_id: previous.candidate_id,
          test_link_id: previous.test_link_id,
          attempt_no: (latest?.attempt_no ?? previous.attempt_no) + 1,
          previous_invitation_id: previous.id,
          token: newToken(),
          ...newAttempt(now),
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      const created = await reattemptOf(trx, previous.id);
      if (!created) throw new Error(`reattempt of invitation ${previous.id} was not stored`);
      return created;
    });
  }
}

/** The candidate's next invitation, after `latest` (none, or a cancelled one). */
const inviteCandidate = async (
  trx: Transaction<Database>,
  input: RegistrationInput,
  candidateId: number,
  latest: InvitationRow | undefined,
  newToken: NewToken,
  now: number,
): Promise<InvitationRow> => {
  await trx
    .insertInto('invitations')
    .values({
      org_id: input.orgId,
      test_id: input.testId,
      candidate_id: candidateId,
      test_link_id: input.testLinkId,
      attempt_no: (latest?.attempt_no ?? 0) + 1,
      previous_invitation_id: null,
      token: newToken(),
      ...newAttempt(now),
    })
    .onConflict((conflict) => conflict.columns(['candidate_id', 'attempt_no']).doNothing())
    .execute();
  const created = await latestAttempt(trx, candidateId);
  if (!created) throw new Error(`registration of candidate ${candidateId} left no invitation`);
  return created;
};

const latestAttempt = (trx: Transaction<Database>, candidateId: number) =>
  trx
    .selectFrom('invitations')
    .selectAll()
    .where('candidate_id', '=', candidateId)
    .orderBy('attempt_no', 'desc')
    .limit(1)
    .executeTakeFirst();

const reattemptOf = (trx: Transaction<Database>, previousId: number) =>
  trx.selectFrom('invitations').selectAll().where('previous_invitation_id', '=', previousId).executeTakeFirst();
