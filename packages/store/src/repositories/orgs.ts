import type { Kysely } from 'kysely';
import type { CandidatePageChoices, Org } from '@assay/domain';
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

  /** Whether a registration that leaves out `sendEmail` emails the candidate (decision 815); false for an unknown org. */
  async sendEmailByDefault(orgId: number): Promise<boolean> {
    const row = await this.db.selectFrom('orgs').select('send_email_by_default').where('id', '=', orgId).executeTakeFirst();
    return Number(row?.send_email_by_default ?? 0) === 1;
  }

  async setSendEmailByDefault(orgId: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('orgs')
      .set({ send_email_by_default: enabled ? 1 : 0 })
      .where('id', '=', orgId)
      .execute();
  }
}
