import { type Kysely, type Transaction, sql } from 'kysely';
import type { Invitation, InvitationMove, Result } from '@assay/domain';
import { compileOnce, parameter } from './compiled-query.js';
import type { Database, InvitationRow } from './database.js';
import { writesOf, latestAttempt, newInvitationColumns, type NewToken } from './invitation-moves.js';
import type { JobsRepository } from './jobs.js';
import { newInvitationToken } from './random-keys.js';
import { inviteNewCandidate } from './new-candidate-invitation.js';
import type { Dialect } from './connect.js';
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

/** Whether a registration sets a URL column or keeps what is stored (1 sets). */
const keepUnlessSet = (column: 'callback_url' | 'redirect_url', flag: string) =>
  sql<string | null>`case when ${parameter<number>(flag)} = 1 then excluded.${sql.ref(column)} else candidates.${sql.ref(column)} end`;

/** Spec 4.7's candidate record: created, or updated in place (name, email, and the URLs that are given). */
const upsertCandidate = compileOnce((db: Kysely<Database>) =>
  db
    .insertInto('candidates')
    .values({
      org_id: parameter('orgId'),
      test_id: parameter('testId'),
      email_key: parameter('emailKey'),
      email: parameter('email'),
      full_name: parameter('fullName'),
      callback_url: parameter('callbackUrl'),
      redirect_url: parameter('redirectUrl'),
      created_at: parameter('now'),
      updated_at: parameter('now'),
    })
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'test_id', 'email_key']).doUpdateSet({
        email: sql`excluded.email`,
        full_name: sql`excluded.full_name`,
        callback_url: keepUnlessSet('callback_url', 'setCallbackUrl'),
        redirect_url: keepUnlessSet('redirect_url', 'setRedirectUrl'),
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .returning('id'),
);

const freshInvitationColumns = newInvitationColumns(0);

/** A candidate's next invitation; nothing when a concurrent registration stored that attempt first. */
const insertInvitation = compileOnce((db: Kysely<Database>) =>
  db
    .insertInto('invitations')
    .values({
      org_id: parameter('orgId'),
      test_id: parameter('testId'),
      candidate_id: parameter('candidateId'),
      test_link_id: parameter('testLinkId'),
      attempt_no: parameter('attemptNo'),
      previous_invitation_id: null,
      token: parameter('token'),
      extra_time_percent: parameter('extraTimePercent'),
      ...(Object.fromEntries(Object.keys(freshInvitationColumns).map((column) => [column, parameter(column)])) as typeof freshInvitationColumns),
    })
    .onConflict((conflict) => conflict.columns(['candidate_id', 'attempt_no']).doNothing())
    .returningAll(),
);

export class InvitationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepository,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Spec 4.7: one candidate record per (org, test, email), updated on each registration, and one live
   * invitation for it. Concurrent registrations meet on the unique keys and all answer the same row.
   */
  async register(input: RegistrationInput, newToken: NewToken, now: number): Promise<Invitation> {
    if (this.dialect === 'postgres') {
      const [invited] = await inviteNewCandidate(this.db, {
        ...input,
        callbackUrl: input.callbackUrl ?? null,
        redirectUrl: input.redirectUrl ?? null,
        testLinkId: input.testLinkId,
        token: newToken(),
        extraTimePercent: input.extraTimePercent ?? 0,
        ...newInvitationColumns(now),
        now,
      });
      if (invited) return toInvitation(invited);
    }
    const row = await this.db.transaction().execute(async (trx) => {
      const [candidate] = await upsertCandidate(trx, {
        ...input,
        callbackUrl: input.callbackUrl ?? null,
        redirectUrl: input.redirectUrl ?? null,
        setCallbackUrl: input.callbackUrl === undefined ? 0 : 1,
        setRedirectUrl: input.redirectUrl === undefined ? 0 : 1,
        now,
      });
      if (!candidate) throw new Error(`registration of ${input.emailKey} stored no candidate`);
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
      const { columns, after } = writesOf(effect);
      const applied = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('invitations')
          .set({ status: next, updated_at: now, ...columns })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .returningAll()
          .executeTakeFirst();
        if (!moved) return undefined;
        const reattempt = await after(trx, moved, { jobs: this.jobs, newToken: newInvitationToken, now });
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
  const [inserted] = await insertInvitation(trx, {
    orgId: input.orgId,
    testId: input.testId,
    candidateId,
    testLinkId: input.testLinkId,
    attemptNo: (latest?.attempt_no ?? 0) + 1,
    token: newToken(),
    ...newInvitationColumns(now),
    extraTimePercent: input.extraTimePercent ?? 0,
  });
  const created = inserted ?? (await latestAttempt(trx, candidateId));
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
