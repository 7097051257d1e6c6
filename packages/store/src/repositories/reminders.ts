import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import {
  type AccessTime,
  type AccessWindow,
  EXPIRY_NOTE_KEY,
  type InvitationStatus,
  type ReminderClaim,
  UNDATED_REMINDER_KEY,
  type UndatedReminderClaim,
  formatWireDateTime,
  storedReminderHours,
  windowFromStored,
} from '@assay/domain';
import { match } from 'ts-pattern';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';
import type { JobsRepository } from './jobs.js';

/** Keeps the invitations whose reminder `key` is not claimed yet: each reminder goes out at most once. */
const notClaimed = (key: string) => (eb: ExpressionBuilder<Database, 'invitations'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('invitation_reminders')
        .select('invitation_reminders.invitation_id')
        .whereRef('invitation_reminders.invitation_id', '=', 'invitations.id')
        .where('invitation_reminders.reminder_key', '=', key),
    ),
  );

/** What the reminder sweep and the reminder jobs know of one not-started invitation (the domain decides with it). */
export interface ReminderSubject {
  readonly invitationId: number;
  readonly orgId: number;
  readonly testId: number;
  readonly candidateId: number;
  readonly status: InvitationStatus;
  readonly invitedAt: number;
  readonly expiresAt: number | null;
  readonly linkWindow: AccessWindow | undefined;
  readonly unsubscribed: boolean;
  readonly testHours: number[] | null;
  readonly linkHours: number[] | null;
  /** The link's emailToStakeholder, else the org's account address (decision 516). */
  readonly stakeholder: string;
  readonly candidateEmail: string;
  readonly candidateName: string;
  readonly token: string;
  readonly testName: string;
  readonly orgName: string;
  /** The org's `remindAfterDays` (decision 1396); null: no reminder for invitations without a deadline. */
  readonly remindAfterDays: number | null;
  /** Keys claimed already (`invitation_reminders`). */
  readonly claimed: string[];
}

/**
 * The row of the test's current version: a reminder is for an attempt not started, which will take that version, and
 * the unsubscribe page names the test as it is now (issue 62 item 4) — not the name of its first version.
 */
const currentVersionOfTest = sql<number>`coalesce(tests.current_version_id, tests.id)`;

const subjectColumns = [
  'invitations.id as invitationId',
  'invitations.org_id as orgId',
  'invitations.test_id as testId',
  'invitations.candidate_id as candidateId',
  'invitations.status as status',
  'invitations.created_at as invitedAt',
  'invitations.expires_at as expiresAt',
  'invitations.token as token',
  'candidates.email as candidateEmail',
  'candidates.full_name as candidateName',
  'candidates.reminders_unsubscribed_at as unsubscribedAt',
  'named.name as testName',
  'tests.reminder_hours as testHours',
  'test_links.reminder_hours as linkHours',
  'test_links.access_time as accessTime',
  'test_links.start_date_time as startDateTime',
  'test_links.end_date_time as endDateTime',
  'test_links.email_to_stakeholder as linkStakeholder',
  'orgs.email as orgEmail',
  'orgs.name as orgName',
  'orgs.remind_after_days as remindAfterDays',
] as const;

/**
 * Reminders and expiry (issue 33 item 3, migration 032): the hours chosen for tests and links, invitations' own expiry,
 * candidates' unsubscriptions, and the claims that make each reminder at-most-once. Reads are scoped by the org where
 * an org asks; the sweep reads across orgs, as the deadline sweep does.
 */
export class RemindersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepository,
  ) {}

  async testHours(orgId: number, testId: number): Promise<number[] | null | undefined> {
    const row = await this.db.selectFrom('tests').select('reminder_hours').where('org_id', '=', orgId).where('id', '=', testId).executeTakeFirst();
    return row && storedReminderHours(row.reminder_hours);
  }

  async setTestHours(orgId: number, testId: number, hours: number[] | null): Promise<void> {
    await this.db
      .updateTable('tests')
      .set({ reminder_hours: hours === null ? null : JSON.stringify(hours) })
      .where('org_id', '=', orgId)
      .where('id', '=', testId)
      .execute();
  }

  /** A link's own choice, and its test's; undefined when the link is not the org's or not of that test. */
  async linkHours(orgId: number, testId: number, linkId: number): Promise<{ linkHours: number[] | null; testHours: number[] | null } | undefined> {
    const row = await this.db
      .selectFrom('test_links')
      .innerJoin('tests', 'tests.id', 'test_links.test_id')
      .select(['test_links.reminder_hours as linkHours', 'tests.reminder_hours as testHours'])
      .where('test_links.org_id', '=', orgId)
      .where('test_links.test_id', '=', testId)
      .where('test_links.id', '=', linkId)
      .executeTakeFirst();
    return row && { linkHours: storedReminderHours(row.linkHours), testHours: storedReminderHours(row.testHours) };
  }

  async setLinkHours(orgId: number, testId: number, linkId: number, hours: number[] | null, now: number): Promise<void> {
    await this.db
      .updateTable('test_links')
      .set({ reminder_hours: hours === null ? null : JSON.stringify(hours), updated_at: now })
      .where('org_id', '=', orgId)
      .where('test_id', '=', testId)
      .where('id', '=', linkId)
      .execute();
  }

  /**
   * Gives an invitation its own expiry (null: none), e.g. a bulk row's `linkExpiresAt`; the candidate's start at or
   * after it is refused (403.7). False when the org has no such invitation.
   */
  async setExpiry(orgId: number, invitationId: number, expiresAt: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations')
      .set({ expires_at: expiresAt })
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** What the unsubscribe page names: the test and the org of a candidate record, and whether it unsubscribed already. */
  async candidate(candidateId: number): Promise<{ testName: string; orgName: string; unsubscribed: boolean } | undefined> {
    const row = await this.db
      .selectFrom('candidates')
      .innerJoin('tests', 'tests.id', 'candidates.test_id')
      .innerJoin('tests as named', (join) => join.on('named.id', '=', currentVersionOfTest))
      .innerJoin('orgs', 'orgs.id', 'candidates.org_id')
      .select(['named.name as testName', 'orgs.name as orgName', 'orgs.display_name as displayName', 'candidates.reminders_unsubscribed_at as unsubscribedAt'])
      .where('candidates.id', '=', candidateId)
      .executeTakeFirst();
    return row && { testName: row.testName, orgName: row.displayName ?? row.orgName, unsubscribed: row.unsubscribedAt !== null };
  }

  /** Records that the candidate wants no more reminders (for this test); false when there is no such candidate. */
  async unsubscribe(candidateId: number, now: number): Promise<boolean> {
    const row = await this.db.selectFrom('candidates').select(['id', 'reminders_unsubscribed_at']).where('id', '=', candidateId).executeTakeFirst();
    if (!row) return false;
    if (row.reminders_unsubscribed_at === null) {
      await this.db.updateTable('candidates').set({ reminders_unsubscribed_at: now }).where('id', '=', candidateId).execute();
    }
    return true;
  }

  private subjects() {
    return this.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .innerJoin('tests', 'tests.id', 'invitations.test_id')
      .innerJoin('tests as named', (join) => join.on('named.id', '=', currentVersionOfTest))
      .innerJoin('orgs', 'orgs.id', 'invitations.org_id')
      .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
      .select(subjectColumns);
  }

  /**
   * Not-started invitations whose window closes within `horizonMs` after `now` or closed within `lookbackMs` before it,
   * whose expiry note is not claimed yet: what the sweep asks the domain about (`remindersDue`). The link's end is
   * compared as its wire text, which sorts as time does. A page of `limit` after the invitation `afterId`.
   */
  async open(now: number, horizonMs: number, lookbackMs: number, afterId: number, limit: number): Promise<ReminderSubject[]> {
    const [from, to] = [now - lookbackMs, now + horizonMs];
    const rows = await this.subjects()
      .where('invitations.status', 'in', ['Pending', 'Reset'])
      .where('invitations.id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb.and([eb('invitations.expires_at', 'is not', null), eb('invitations.expires_at', '>', from), eb('invitations.expires_at', '<=', to)]),
          eb.and([
            eb('test_links.access_time', 'in', [1, 2]),
            eb('test_links.end_date_time', '>', formatWireDateTime(from)),
            eb('test_links.end_date_time', '<=', formatWireDateTime(to)),
          ]),
        ]),
      )
      .where(notClaimed(EXPIRY_NOTE_KEY))
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return this.withClaims(rows);
  }

  /**
   * Not-started invitations without any deadline (no expiry of their own, no time-bound link) whose org reminds after
   * `remindAfterDays` and whose moment has come, not reminded yet (decision 1396): what the sweep asks
   * `undatedReminderDue` about. Days are multiplied as bigint: 25 days of milliseconds overflow a 32-bit integer.
   */
  async undated(now: number, afterId: number, limit: number): Promise<ReminderSubject[]> {
    const rows = await this.subjects()
      .where('invitations.status', 'in', ['Pending', 'Reset'])
      .where('invitations.id', '>', afterId)
      .where('invitations.expires_at', 'is', null)
      .where('orgs.remind_after_days', 'is not', null)
      .where((eb) => eb.or([eb('test_links.access_time', 'is', null), eb('test_links.access_time', 'not in', [1, 2])]))
      .where(sql<boolean>`invitations.created_at + cast(orgs.remind_after_days as bigint) * 86400000 <= ${now}`)
      .where(notClaimed(UNDATED_REMINDER_KEY))
      .orderBy('invitations.id')
      .limit(limit)
      .execute();
    return this.withClaims(rows);
  }

  /** One invitation as the reminder jobs see it when they send (decided again: `reminderStillWanted`). */
  async subject(invitationId: number): Promise<ReminderSubject | undefined> {
    const rows = await this.subjects().where('invitations.id', '=', invitationId).execute();
    return (await this.withClaims(rows))[0];
  }

  private async withClaims(rows: Awaited<ReturnType<ReturnType<RemindersRepository['subjects']>['execute']>>): Promise<ReminderSubject[]> {
    if (rows.length === 0) return [];
    const claims = await this.db
      .selectFrom('invitation_reminders')
      .select(['invitation_id', 'reminder_key'])
      .where(
        'invitation_id',
        'in',
        rows.map((row) => row.invitationId),
      )
      .execute();
    return rows.map((row) => ({
      invitationId: row.invitationId,
      orgId: row.orgId,
      testId: row.testId,
      candidateId: row.candidateId,
      status: row.status,
      invitedAt: row.invitedAt,
      expiresAt: row.expiresAt,
      linkWindow: row.accessTime === null ? undefined : windowFromStored(row.accessTime as AccessTime, row.startDateTime ?? null, row.endDateTime ?? null),
      unsubscribed: row.unsubscribedAt !== null,
      testHours: storedReminderHours(row.testHours),
      linkHours: storedReminderHours(row.linkHours ?? null),
      stakeholder: row.linkStakeholder ?? row.orgEmail,
      candidateEmail: row.candidateEmail,
      candidateName: row.candidateName,
      token: row.token,
      testName: row.testName,
      orgName: row.orgName,
      remindAfterDays: row.remindAfterDays ?? null,
      claimed: claims.filter((claim) => claim.invitation_id === row.invitationId).map((claim) => claim.reminder_key),
    }));
  }

  /**
   * Carries out what the domain found due, each claim with its job in one transaction: a key claimed before (by this
   * process before a restart, or by another) inserts nothing and queues nothing, so a reminder is sent at most once.
   * Answers how many jobs were queued.
   */
  async claim(subject: ReminderSubject, claims: readonly (ReminderClaim | UndatedReminderClaim)[], now: number): Promise<number> {
    let queued = 0;
    for (const claim of claims) {
      const sent = await inTransaction(this.db, async (trx) => {
        const inserted = await trx
          .insertInto('invitation_reminders')
          .values({ invitation_id: subject.invitationId, reminder_key: claim.key, job_id: null, created_at: now })
          .onConflict((conflict) => conflict.columns(['invitation_id', 'reminder_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1 || claim.action === 'skip') return false;
        const base = { orgId: subject.orgId, invitationId: subject.invitationId };
        const job = await match(claim)
          .with({ action: 'remind' }, ({ hours }) =>
            this.jobs.enqueue(trx, { ...base, kind: 'reminder', target: subject.candidateEmail, payload: JSON.stringify({ hours }) }, now),
          )
          .with({ action: 'remind-undated' }, ({ days }) =>
            this.jobs.enqueue(trx, { ...base, kind: 'reminder', target: subject.candidateEmail, payload: JSON.stringify({ afterDays: days }) }, now),
          )
          .with({ action: 'note-expiry' }, () => this.jobs.enqueue(trx, { ...base, kind: 'reminder_expired', target: subject.stakeholder }, now))
          .exhaustive();
        await trx
          .updateTable('invitation_reminders')
          .set({ job_id: job.id })
          .where('invitation_id', '=', subject.invitationId)
          .where('reminder_key', '=', claim.key)
          .execute();
        return true;
      });
      if (sent) queued += 1;
    }
    return queued;
  }
}
