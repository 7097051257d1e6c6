import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, vacuumErasedTables, type Store } from '../src/index.js';
import { oneQuestionTest } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

/**
 * Issue 59 point 7 (decision 1002), on the real PostgreSQL, read from its files as an attacker with the disk would:
 * after an erasure, the erased name, address, essay and code stay in the tables' files (dead row versions; a plain
 * VACUUM only marks their space free), and `vacuumErasedTables` — `assay-server vacuum-erased` — rewrites the tables so
 * that no file of any of the schema's tables, their TOAST or their indexes holds them.
 */
describe('VACUUM FULL of the tables an erasure wrote, on PostgreSQL', () => {
  let store: Store;
  let dispose: () => Promise<void>;
  let dataDirectory: string;
  const marker = randomBytes(6).toString('hex');
  const secrets = {
    name: `Quentin Zyx${marker}`,
    email: `zyx${marker}@example.com`,
    essay: `essay_${marker} about my last job: ${'I led a team of five. '.repeat(60)}`,
    code: `def solve_${marker}(x): return x`,
  };

  /** The files of every relation of the store's schema: tables, their TOAST tables, and all their indexes. */
  const relationFiles = async (): Promise<string[]> => {
    const { rows } = await sql<{ path: string }>`
      with own as (
        select c.oid, c.reltoastrelid from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${store.schema!} and c.relkind = 'r'
      ),
      relations as (
        select oid from own
        union select reltoastrelid from own where reltoastrelid <> 0
        union select indexrelid from pg_index where indrelid in (select oid from own union select reltoastrelid from own)
      )
      select pg_relation_filepath(oid) as path from relations where pg_relation_filepath(oid) is not null`.execute(store.db);
    return rows.map((row) => join(dataDirectory, row.path));
  };
  /** Which secrets any of those files holds, as bytes on disk. */
  const secretsOnDisk = async (): Promise<string[]> => {
    await sql`checkpoint`.execute(store.db);
    const found = new Set<string>();
    for (const path of await relationFiles()) {
      let bytes: string;
      try {
        bytes = readFileSync(path).toString('latin1');
      } catch {
        continue;
      }
      for (const [what, secret] of Object.entries(secrets)) if (bytes.includes(secret)) found.add(what);
    }
    return [...found].sort();
  };

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore('postgres', inject('pgUrl')));
    dataDirectory = (await sql<{ dir: string }>`select current_setting('data_directory') as dir`.execute(store.db)).rows[0]!.dir;
    const orgId = (await store.orgs.create({ name: 'Vacuumed', email: 'vacuumed@example.com', timeZoneId: 1000 }, T0)).id;
    const testId = (await store.tests.importDefinition(orgId, oneQuestionTest('Vacuumed'), 'vacuumed', T0)).testId;
    const [question] = await store.attempts.questions(testId);
    const registration = {
      orgId,
      testId,
      testLinkId: null,
      emailKey: secrets.email,
      email: secrets.email,
      fullName: secrets.name,
      callbackUrl: null,
      redirectUrl: null,
    };
    // Others wrote answers before: the erased rows are the last on their pages, where pruning moves nothing over them.
    for (let other = 0; other < 3; other++) {
      const email = `other${other}-${marker}@example.com`;
      const id = (
        await store.invitations.register({ ...registration, emailKey: email, email, fullName: `Other ${other}` }, () => `other-${other}-${marker}`, T0)
      ).invitation.id;
      await store.db
        .insertInto('answers')
        .values({ invitation_id: id, question_id: question!.id, option_ids: '[]', code: 'pass', language: 'python', text: 'x'.repeat(1500), saved_at: T0 })
        .execute();
    }
    const invitation = (await store.invitations.register(registration, () => `vacuum-${marker}`, T0)).invitation;
    await store.db
      .insertInto('answers')
      .values({
        invitation_id: invitation.id,
        question_id: question!.id,
        option_ids: '[]',
        code: secrets.code,
        language: 'python',
        text: secrets.essay,
        saved_at: T0,
      })
      .execute();
    expect(await secretsOnDisk()).toEqual(['code', 'email', 'essay', 'name']);
    await store.erasure.eraseInvitations(orgId, [invitation.id], { by: 'key 1 (admin)', scope: 'email', now: new Date(T0 + 1000) });
  });
  afterAll(() => dispose());

  it('leaves no erased value in any table file once the erased tables are rewritten', async () => {
    expect(await secretsOnDisk()).toEqual(['code', 'email', 'essay', 'name']);
    // What the documentation used to promise: a plain VACUUM (autovacuum's). It frees the space; the bytes stay.
    for (const table of ['candidates', 'invitations', 'answers']) await sql`vacuum ${sql.table(`${store.schema}.${table}`)}`.execute(store.db);
    expect(await secretsOnDisk()).not.toEqual([]);
    const vacuumed = await vacuumErasedTables(store);
    expect(vacuumed.map(({ table }) => table)).toContain('answers');
    expect(await secretsOnDisk()).toEqual([]);
  });
});
