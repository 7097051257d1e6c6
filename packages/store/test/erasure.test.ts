import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, openStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const EMAIL = 'alan.erasable@example.com';
const SECRET = 'def solve_by_alan_secret(x): return x';

/** Every text value of every table, as one string per row: what a sweep for the erased person reads. */
const everyText = async (store: Store): Promise<string> => {
  const tables = [...new Set((await store.db.introspection.getTables()).map((table) => table.name))];
  const texts: string[] = [];
  for (const table of tables) {
    if (table.startsWith('kysely_')) continue;
    const rows = await store.db
      .selectFrom(table as never)
      .selectAll()
      .execute();
    for (const row of rows) texts.push(JSON.stringify(row, (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value)));
  }
  return texts.join('\n');
};

/** Neither the file nor its WAL holds an erased row's text (secure_delete and the WAL's truncation, decision 844). */
const expectNoBytesIn = (paths: readonly string[]): void => {
  for (const path of paths) {
    let text = '';
    try {
      text = readFileSync(path).toString('latin1').toLowerCase();
    } catch {
      continue;
    }
    // The other org's registration of the address stays (its name is 'C'); none of the erased rows' own texts do.
    for (const needle of ['alan turing', 'solve_by_alan_secret', 'tok-alan-a', 'called alan']) expect(text, path).not.toContain(needle);
  }
};

/** Erasure (issue 51 item 1): the person's data goes, the scores and counts stay, idempotent, one org only. */
describe.each(['sqlite', 'postgres'] as const)('erasure on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let dbPath: string | undefined;
  let orgId: number;
  let otherOrgId: number;
  let ids: { first: number; second: number; other: number; foreign: number };

  beforeAll(async () => {
    if (backend === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'assay-erasure-'));
      dbPath = join(dir, 'assay.db');
      store = await openStore(`sqlite:${dbPath}`);
      dispose = async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      };
    } else {
      ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    }
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    const testA = (await store.tests.importDefinition(orgId, oneQuestionTest('A'), 'key-a', T0)).testId;
    const testB = (await store.tests.importDefinition(orgId, oneQuestionTest('B'), 'key-b', T0)).testId;
    const foreignTest = (await store.tests.importDefinition(otherOrgId, oneQuestionTest('F'), 'key-f', T0)).testId;
    const [questionId] = (await store.attempts.questions(testA)).map((question) => question.id);
    const register = (org: number, test: number, email: string, token: string) =>
      store.invitations.register(
        {
          orgId: org,
          testId: test,
          testLinkId: null,
          emailKey: email.toLowerCase(),
          email,
          fullName: email.startsWith('alan') ? 'Alan Turing' : 'Grace Hopper',
          callbackUrl: null,
          redirectUrl: null,
        },
        () => token,
        T0,
      );
    const first = (await register(orgId, testA, EMAIL, 'tok-alan-a')).invitation.id;
    const second = (await register(orgId, testB, EMAIL.toUpperCase(), 'tok-alan-b')).invitation.id;
    const other = (await register(orgId, testA, 'grace@example.com', 'tok-grace')).invitation.id;
    const foreign = (await registeredAt(store, otherOrgId, foreignTest, EMAIL, 'tok-foreign', T0)).id;
    ids = { first, second, other, foreign };
    const db = store.db;
    await db
      .insertInto('answers')
      .values({ invitation_id: first, question_id: questionId!, option_ids: '[0]', code: SECRET, language: 'python', text: null, saved_at: T0 })
      .execute();
    await db
      .insertInto('snapshots')
      .values({ invitation_id: first, taken_at: T0, media_type: 'image/jpeg', data: Buffer.from(`jpeg ${EMAIL}`) })
      .execute();
    await db
      .insertInto('code_playback')
      .values({ invitation_id: first, question_id: questionId!, frames: JSON.stringify([SECRET]) })
      .execute();
    await db
      .insertInto('candidate_notes')
      .values({ invitation_id: first, key_id: 1, text: `called ${EMAIL}`, created_at: T0, edited_at: null })
      .execute();
    await db
      .insertInto('similarity_pairs')
      .values({ org_id: orgId, question_id: questionId!, left_invitation_id: other, right_invitation_id: first, score: 0.9, regions: SECRET, found_at: T0 })
      .execute();
    const job = await store.jobs.add({ orgId, invitationId: first, kind: 'email', target: EMAIL, payload: `Candidate: Alan Turing <${EMAIL}>` }, T0);
    await db.updateTable('jobs').set({ status: 'delivered' }).where('id', '=', job.id).execute();
    await db
      .insertInto('deliveries')
      .values({ job_id: job.id, attempted_at: T0, outcome: 'delivered', status_code: null, latency_ms: 3, error: `to ${EMAIL}` })
      .execute();
    await store.jobs.add({ orgId, invitationId: second, kind: 'callback', target: 'https://hooks.example/x', payload: `{"email":"${EMAIL}"}` }, T0);
    await db.updateTable('invitations').set({ status: 'Completed', score: 4, completed_at: T0 }).where('id', 'in', [first, second, other]).execute();
  });
  afterAll(() => dispose());

  it('finds an address on every test of the org, any case, and only in that org', async () => {
    expect(await store.erasure.invitationIdsForEmail(orgId, ` ${EMAIL.toUpperCase()} `)).toEqual([ids.first, ids.second]);
    expect(await store.erasure.invitationIdsForEmail(otherOrgId, EMAIL)).toEqual([ids.foreign]);
    expect(await store.erasure.invitationIdsForEmail(orgId, 'nobody@example.com')).toEqual([]);
  });

  it('erases the person everywhere, keeps the scores, and a second erasure is a no-op', async () => {
    const invitationIds = await store.erasure.invitationIdsForEmail(orgId, EMAIL);
    // Another org's id among them is ignored: its row is not the asking org's.
    const outcome = await store.erasure.eraseInvitations(orgId, [...invitationIds, ids.foreign], {
      by: 'key 1 (ops)',
      scope: 'email',
      now: new Date(T0 + 1000),
    });
    expect(outcome).toEqual({ invitations: 2, alreadyErased: 0, bulkRows: 0 });

    const texts = await everyText(store);
    for (const needle of [EMAIL.toLowerCase(), 'Alan Turing', 'solve_by_alan_secret', 'tok-alan-a', 'tok-alan-b']) {
      const withoutForeign = texts
        .split('\n')
        .filter((row) => !row.includes('tok-foreign') && !(row.includes(`"org_id":${otherOrgId}`) && row.includes('"email_key"')))
        .join('\n');
      expect(withoutForeign.toLowerCase()).not.toContain(needle.toLowerCase());
    }
    const invitations = await store.db
      .selectFrom('invitations')
      .select(['id', 'status', 'score'])
      .where('id', 'in', [ids.first, ids.second])
      .orderBy('id')
      .execute();
    expect(invitations).toEqual([
      { id: ids.first, status: 'Completed', score: 4 },
      { id: ids.second, status: 'Completed', score: 4 },
    ]);
    const names = await store.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select(['candidates.full_name', 'candidates.email'])
      .where('invitations.id', '=', ids.first)
      .executeTakeFirstOrThrow();
    expect(names).toEqual({ full_name: 'Erased candidate', email: `erased-${ids.first}@erased.invalid` });
    expect(await store.db.selectFrom('answers').select(['option_ids', 'code']).where('invitation_id', '=', ids.first).execute()).toEqual([
      { option_ids: '[0]', code: null },
    ]);
    expect(await store.db.selectFrom('similarity_pairs').select('id').execute()).toEqual([]);
    // The pending callback is not sent; the delivered email keeps its outcome, not its address.
    expect(await store.db.selectFrom('jobs').select(['kind', 'status', 'target']).where('invitation_id', 'in', [ids.first, ids.second]).execute()).toEqual([
      { kind: 'email', status: 'delivered', target: 'erased' },
    ]);
    // The other org's candidate with the same address is untouched.
    expect(texts).toContain('tok-foreign');

    const again = await store.erasure.eraseInvitations(orgId, invitationIds, { by: 'key 1 (ops)', scope: 'invitation', now: new Date(T0 + 2000) });
    expect(again).toEqual({ invitations: 0, alreadyErased: 2, bulkRows: 0 });
    expect(await store.erasure.invitationIdsForEmail(orgId, EMAIL)).toEqual([]);
    const audit = await store.erasure.audit(orgId);
    expect(audit).toEqual([
      { id: expect.any(Number), at: T0 + 1000, by: 'key 1 (ops)', scope: 'email', invitations: 2, invitationIds: [ids.first, ids.second], bulkRows: 0 },
    ]);
    expect(JSON.stringify(audit)).not.toContain('alan');
    if (dbPath) expectNoBytesIn([dbPath, `${dbPath}-wal`]);
  });
});
