import type { Kysely } from 'kysely';
import { historyOfMove, type HistoryActor, type Invitation, type InvitationMove, type Result } from '@assay/domain';
import type { Database, InvitationRow } from '../database.js';
import { writesOf, newInvitationColumns, type NewToken } from './invitation-moves.js';
import type { JobsRepository } from './jobs.js';
import { newInvitationToken } from './random-keys.js';
import { inviteNewCandidate } from './new-candidate-invitation.js';
import type { Dialect } from '../engine/connect.js';
import { toInvitation } from './records.js';
import { type CreatedEntry, registrationSteps, selfRegistrationSteps, withCreatedEntry } from './registration-steps.js';
import type { RegistrationInput } from './registration-candidate.js';
import { recordHistory } from './invitation-history.js';
import { transact } from '../engine/transaction-steps.js';
import { recordMoveHistory } from './move-history.js';

export type { CreatedEntry, RegistrationInput };

export type { NewToken };

/** A registration's invitation, and whether this registration created it (false: the candidate had it already). */
export interface RegistrationOutcome {
  created: boolean;
  invitation: Invitation;
}

/** A self-registration either invited a new candidate or found one already registered (left untouched). */
export type SelfRegistrationOutcome = { created: true; invitation: Invitation } | { created: false; invitation: Invitation | undefined };

/** A move applied (or refused): the invitation as it is now, and a reattempt it created. */
export interface AppliedMove {
  invitation: Invitation;
  move: Result<InvitationMove>;
  reattempt?: Invitation | undefined;
}

export class InvitationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepository,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Spec 4.7: one candidate record per (org, test, email), updated on each registration as the domain decides
   * (`decideReRegistration`), and one live invitation for it. Concurrent registrations meet on the unique keys and all
   * answer the same row; `created` tells the one that stored it, and only that one writes `entry`, the invitation's first
   * history entry, in the registration's own transaction.
   */
  async register(input: RegistrationInput, newToken: NewToken, now: number, entry?: CreatedEntry): Promise<RegistrationOutcome> {
    if (this.dialect === 'postgres') {
      // Named one by one: keys added after a leading spread are slow on Node 20's V8 (`newInvitationColumns`).
      const [invited] = await inviteNewCandidate(this.db, {
        orgId: input.orgId,
        testId: input.testId,
        testLinkId: input.testLinkId,
        emailKey: input.emailKey,
        email: input.email,
        fullName: input.fullName,
        callbackUrl: input.callbackUrl ?? null,
        redirectUrl: input.redirectUrl ?? null,
        submittedCallbackUrl: input.submittedCallbackUrl ?? null,
        token: newToken(),
        extraTimePercent: input.extraTimePercent ?? 0,
        now,
        ...newInvitationColumns(now, input.interface),
      });
      if (invited) {
        if (entry) await recordHistory(this.db, invited.id, entry.event, entry.by, now);
        return { created: true, invitation: toInvitation(invited) };
      }
    }
    const { created, invitation } = await transact(this.db, () => withCreatedEntry(this.db, registrationSteps(this.db, input, newToken, now), entry, now));
    return { created, invitation: toInvitation(invitation) };
  }

  /**
   * A candidate registering themselves on a public link. Only a new (org, test, email) gets an invitation;
   * an existing candidate — however they were registered, whatever the state of their invitation — is left
   * exactly as stored and answered as `existing`, so nobody can read, take or rename someone else's attempt.
   */
  async registerSelf(input: RegistrationInput, newToken: NewToken, now: number, entry?: CreatedEntry): Promise<SelfRegistrationOutcome> {
    const { created, invitation } = await transact(this.db, () => withCreatedEntry(this.db, selfRegistrationSteps(this.db, input, newToken, now), entry, now));
    return created ? { created, invitation: toInvitation(invitation) } : { created, invitation: invitation && toInvitation(invitation) };
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
   * (`invitation-moves.ts`) — lands in the same transaction, with what the invitation's history says of it, `by` whom
   * (the org's key, the candidate, or the system: a deadline). Undefined when the invitation does not exist.
   */
  async applyMove(
    orgId: number,
    invitationId: number,
    decide: (invitation: Invitation) => Result<InvitationMove>,
    now: number,
    by: HistoryActor = 'system',
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
        await recordMoveHistory(trx, moved.id, historyOfMove(effect, reattempt?.id), reattempt, by, now);
        return { invitation: toInvitation(moved), move, reattempt: reattempt && toInvitation(reattempt) };
      });
      if (applied) return applied;
    }
  }

  /**
   * Revokes every signed report link issued so far for the invitation (`reportLinkStanding`): its generation moves on,
   * in one statement, so concurrent revocations each count. Undefined when the org has no such invitation.
   */
  async revokeReportLinks(orgId: number, invitationId: number): Promise<Invitation | undefined> {
    const row = await this.db
      .updateTable('invitations')
      .set((eb) => ({ report_link_generation: eb('report_link_generation', '+', 1) }))
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .returningAll()
      .executeTakeFirst();
    return row && toInvitation(row);
  }
}
