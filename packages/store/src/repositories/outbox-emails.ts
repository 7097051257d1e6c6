import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { ERASED_TARGET } from './erasure-writes.js';

/** Names per statement: well under SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

const batches = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
};

/**
 * Which `.eml` file of the files-mode outbox each email of an invitation wrote (migration 048, decision 1000). The file
 * is recorded with the email's delivery (`jobs.recordDelivery`); an erasure removes the files of its own org's erased
 * invitations and forgets them, an export reads them. Every read is scoped by the org.
 */
export class OutboxEmailsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The files written for these invitations of the org, oldest first (erased ones included: a retry finds them). */
  async filesOf(orgId: number, invitationIds: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const ids of batches(invitationIds)) {
      const rows = await this.db
        .selectFrom('outbox_emails')
        .select('file_name')
        .where('org_id', '=', orgId)
        .where('invitation_id', 'in', ids)
        .orderBy('id')
        .execute();
      names.push(...rows.map((row) => row.file_name));
    }
    return names;
  }

  /**
   * Those of `names` some email of any org recorded. The others were written before migration 048, or by a process that
   * stopped between writing the file and recording it: only the exact rule of decision 1001 may reach them.
   */
  async recordedAmong(names: readonly string[]): Promise<Set<string>> {
    const recorded = new Set<string>();
    for (const some of batches(names)) {
      const rows = await this.db.selectFrom('outbox_emails').select('file_name').where('file_name', 'in', some).execute();
      for (const row of rows) recorded.add(row.file_name);
    }
    return recorded;
  }

  /**
   * Whether an email's job was erased while the email was being written (deleted unsent, or its target replaced): the
   * file then names someone erased, and an erasure that already ran will not come back for it (decision 1000).
   */
  async jobErased(jobId: number): Promise<boolean> {
    const job = await this.db.selectFrom('jobs').select('target').where('id', '=', jobId).executeTakeFirst();
    return job === undefined || job.target === ERASED_TARGET;
  }

  /** Forgets the org's records of files now removed. */
  async forget(orgId: number, names: readonly string[]): Promise<void> {
    for (const some of batches(names)) {
      await this.db.deleteFrom('outbox_emails').where('org_id', '=', orgId).where('file_name', 'in', some).execute();
    }
  }
}
