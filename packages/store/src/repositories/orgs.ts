import type { Kysely } from 'kysely';
import {
  type CandidatePageChoices,
  type DecisionEmailSettings,
  type InvitationSettings,
  type InvitationSettingsInput,
  type Org,
  storedDecisionEmails,
} from '@assay/domain';
import type { Database } from '../database.js';
import { toOrg } from './records.js';

export class OrgsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(org: { name: string; email: string; timeZoneId: number }, now: number): Promise<Org> {
    const row = await this.db
      .insertInto('orgs')
      .values({ name: org.name, email: org.email, time_zone_id: org.timeZoneId, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toOrg(row);
  }

  async find(orgId: number): Promise<Org | undefined> {
    const row = await this.db.selectFrom('orgs').selectAll().where('id', '=', orgId).executeTakeFirst();
    return row && toOrg(row);
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('orgs').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async setCallbackTrailingSpaces(orgId: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({ callback_trailing_spaces: enabled ? 1 : 0 })
      .where('id', '=', orgId)
      .execute();
  }

  /** What the org's candidate pages say about it (the domain's `updateCandidatePage` decided it). */
  async setCandidatePage(orgId: number, choices: CandidatePageChoices): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({ display_name: choices.displayName, contact_name: choices.contactName, contact_email: choices.contactEmail, contact_url: choices.contactUrl })
      .where('id', '=', orgId)
      .execute();
  }

  /** The org's invitation settings (decisions 815, 1394, 1395); an unknown org's read as none set. */
  async invitationSettings(orgId: number): Promise<InvitationSettings> {
    const row = await this.db
      .selectFrom('orgs')
      .select(['send_email_by_default', 'default_deadline_days', 'remind_after_days'])
      .where('id', '=', orgId)
      .executeTakeFirst();
    const days = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
    return {
      sendEmailByDefault: Number(row?.send_email_by_default ?? 0) === 1,
      defaultDeadlineDays: days(row?.default_deadline_days),
      remindAfterDays: days(row?.remind_after_days),
    };
  }

  /** Changes the settings the input names (a partial PUT: left out, kept); answers them all as they now stand. */
  async setInvitationSettings(orgId: number, input: InvitationSettingsInput): Promise<InvitationSettings> {
    const changes = {
      ...(input.sendEmailByDefault === undefined ? {} : { send_email_by_default: input.sendEmailByDefault ? 1 : 0 }),
      ...(input.defaultDeadlineDays === undefined ? {} : { default_deadline_days: input.defaultDeadlineDays }),
      ...(input.remindAfterDays === undefined ? {} : { remind_after_days: input.remindAfterDays }),
    };
    if (Object.keys(changes).length > 0) await this.db.updateTable('orgs').set(changes).where('id', '=', orgId).execute();
    return this.invitationSettings(orgId);
  }

  /** The org's decision emails (issue 61 item 1): its own, or the defaults while it set none. */
  async decisionEmails(orgId: number): Promise<DecisionEmailSettings> {
    const row = await this.db.selectFrom('orgs').select('decision_emails').where('id', '=', orgId).executeTakeFirst();
    return storedDecisionEmails(row?.decision_emails ?? null);
  }

  async setDecisionEmails(orgId: number, settings: DecisionEmailSettings): Promise<DecisionEmailSettings> {
    await this.db
      .updateTable('orgs')
      .set({ decision_emails: JSON.stringify(settings) })
      .where('id', '=', orgId)
      .execute();
    return this.decisionEmails(orgId);
  }
}
