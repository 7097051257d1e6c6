import type { Kysely, Transaction } from 'kysely';
import type { Invitation, InvitationMove, Result } from '@assay/domain';
import type { Database, InvitationRow } from './database.js';
import { applySideEffects, columnsOf, latestAttempt, newInvitationColumns, type NewToken } from './invitation-moves.js';
import type { JobsRepository } from './jobs.js';
import { newInvitationToken } from './random-keys.js';
import { toInvitation } from './records.js';

export type { NewToken };

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
  /** The candidate's extra time (percent of the duration); undefined leaves a not-yet-started invitation's as it was. */
  extraTimePercent?: number | undefined;
}

/** A self-registration either invited a new candidate or found one already registered (left untouched). */
export type SelfRegistrationOutcome = { created: true; invitation: Invitation } | { created: false; invitation: Invitation | undefined };

/** A move applied (or refused): the invitation as it is now, and a reattempt it created. */
export interface AppliedMove {
  invitation: Invitation;
  move: Result<InvitationMove>;
  reattempt?: Invitation | undefined;
}

/** A new candidates row: the candidate as registered, created and updated now. */
const candidateRow = (input: RegistrationInput, now: number) => ({
  org_id: input.orgId,
  test_id: input.testId,
  email_key: input.emailKey,
  email: input.email,
  full_name: input.fullName,
  callback_url: input.callbackUrl ?? null,
  redirect_url: input.redirectUrl ?? null,
  created_at: now,
  updated_at: now,
});

export class InvitationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepository,
  ) {}

  /**
   * Spec 4.7: one candidate record per (org, test, email), updated on each registration, and one live
   * invitation for it. Concurrent registrations meet on the unique keys and all answer the same row.
   */
  async register(input: RegistrationInput, newToken: NewToken, now: number): Promise<Invitation> {
    const row = await this.db.transaction().execute(async (trx) => {
      const candidate = await trx
        .insertInto('candidates')
        .values(candidateRow(input, now))
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
      if (latest && latest.status !== 'Cancelled') return withExtraTime(trx, latest, input.extraTimePercent, now);
      return inviteCandidate(trx, input, candidate.id, latest, newToken, now);
    });
    return toInvitation(row);
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
        .values(candidateRow({ ...input, callbackUrl: null, redirectUrl: null }, now))
        .onConflict((conflict) => conflict.columns(['org_id', 'test_id', 'email_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { created: true, invitation: toInvitation(await inviteCandidate(trx, input, inserted.id, undefined, newToken, now)) };
      const existing = await trx
        .selectFrom('candidates')
        .select('id')
        .where('org_id', '=', input.orgId)
        .where('test_id', '=', input.testId)
        .where('email_key', '=', input.emailKey)
        .executeTakeFirstOrThrow();
      const latest = await latestAttempt(trx, existing.id);
      return { created: false, invitation: latest && toInvitation(latest) };
    });
  }

  async find(orgId: number, invitationId: number): Promise<Invitation | undefined> {
    const row = await this.row(orgId, invitationId);
    return row && toInvitation(row);
  }

  private row(orgId: number, invitationId: number): Promise<InvitationRow | undefined> {
    return this.db.selectFrom('invitations').selectAll().where('org_id', '=', orgId).where('id', '=', invitationId).executeTakeFirst();
  }

  /**
   * Applies a domain move atomically: the row moves only if its status is still the one decided on (a
   * concurrent move makes us decide again on the fresh state), and its effect — columns and side effects
   * (`invitation-moves.ts`) — lands in the same transaction. Undefined when the invitation does not exist.
   */
  async applyMove(
    orgId: number,
    invitationId: number,
    decide: (invitation: Invitation) => Result<InvitationMove>,
    now: number,
  ): Promise<AppliedMove | undefined> {
    for (;;) {
      const row = await this.row(orgId, invitationId);
      if (!row) return undefined;
      const move = decide(toInvitation(row));
      if (move.err || (move.val.next === row.status && move.val.effect.kind === 'none')) return { invitation: toInvitation(row), move };
      const { next, effect } = move.val;
      const applied = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('invitations')
          .set({ status: next, updated_at: now, ...columnsOf(effect) })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .returningAll()
          .executeTakeFirst();
        if (!moved) return undefined;
        const reattempt = await applySideEffects(trx, moved, effect, { jobs: this.jobs, newToken: newInvitationToken, now });
        return { invitation: toInvitation(moved), move, reattempt: reattempt && toInvitation(reattempt) };
      });
      if (applied) return applied;
    }
  }

  /** True once a reattempt of this invitation exists: its result is superseded. */
  async isSuperseded(invitationId: number): Promise<boolean> {
    const next = await this.db.selectFrom('invitations').select('id').where('previous_invitation_id', '=', invitationId).executeTakeFirst();
    return next !== undefined;
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
      ...newInvitationColumns(now),
      extra_time_percent: input.extraTimePercent ?? 0,
    })
    .onConflict((conflict) => conflict.columns(['candidate_id', 'attempt_no']).doNothing())
    .execute();
  const created = await latestAttempt(trx, candidateId);
  if (!created) throw new Error(`registration of candidate ${candidateId} left no invitation`);
  return created;
};

/**
 * Registering a candidate again with `extraTimePercent` changes the accommodation of an invitation not started
 * yet; a running or finished attempt keeps the deadline it started with.
 */
const withExtraTime = async (trx: Transaction<Database>, latest: InvitationRow, extraTimePercent: number | undefined, now: number): Promise<InvitationRow> => {
  if (extraTimePercent === undefined || extraTimePercent === latest.extra_time_percent || (latest.status !== 'Pending' && latest.status !== 'Reset'))
    return latest;
  const updated = await trx
    .updateTable('invitations')
    .set({ extra_time_percent: extraTimePercent, updated_at: now })
    .where('id', '=', latest.id)
    .where('status', '=', latest.status)
    .returningAll()
    .executeTakeFirst();
  return updated ?? latest;
};
