import type { Kysely, Selectable } from 'kysely';
import type { StoredPreview, TestDefinition } from '@assay/domain';
import type { Database } from '../database.js';
import type { TestPreviewsTable } from '../tables/test-previews.js';

/** What making a preview stores: the token's hash, never the token (decision 1493). */
export interface NewTestPreview {
  readonly orgId: number;
  readonly tokenHash: string;
  readonly testId: number | null;
  readonly definition: TestDefinition;
  readonly createdAt: number;
  readonly expiresAt: number;
}

const toPreview = (row: Selectable<TestPreviewsTable>): StoredPreview => ({
  previewId: Number(row.id),
  orgId: Number(row.org_id),
  testId: row.test_id === null ? null : Number(row.test_id),
  definition: JSON.parse(row.definition) as TestDefinition,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

/**
 * Preview links (migration 064; decisions 1492–1495). The one row a preview writes: its page's answers (start, answers,
 * runs, submit) write nothing anywhere. The candidate routes find a preview by its token's hash alone, the token being
 * the credential; the housekeeping sweep deletes the expired ones.
 */
export class TestPreviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(preview: NewTestPreview): Promise<StoredPreview> {
    const row = await this.db
      .insertInto('test_previews')
      .values({
        org_id: preview.orgId,
        token_hash: preview.tokenHash,
        test_id: preview.testId,
        definition: JSON.stringify(preview.definition),
        created_at: preview.createdAt,
        expires_at: preview.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPreview(row);
  }

  /** The preview behind a link's token hash, whatever its org and whether it expired: the caller decides whether it opens. */
  async findByTokenHash(tokenHash: string): Promise<StoredPreview | undefined> {
    const row = await this.db.selectFrom('test_previews').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && toPreview(row);
  }

  /** The row's id behind a token hash, by its unique index alone: what the candidate API's limits key on. */
  async idOfTokenHash(tokenHash: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('test_previews').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row === undefined ? undefined : Number(row.id);
  }

  /** Deletes the previews expired at `now`; answers how many. */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('test_previews').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
