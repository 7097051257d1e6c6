import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TestDefinition, ok, refuse } from '@assay/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrateToLatest, openScratchStore, openStore, type Store } from '../src/index.js';
import { readTurnsOn } from '../src/engine/read-turns.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const definition = TestDefinition.parse({
  testName: 'Store test',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});

let counter = 0;
const token = () => `token-${Date.now()}-${(counter += 1)}`;

describe.each(['sqlite', 'postgres'] as const)('store on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
    testId = (await store.tests.importDefinition(orgId, definition, `key-${backend}`, 1)).testId;
  });
  afterAll(() => dispose());

  /** The invitation a registration answers (`created` is checked where it matters). */
  const register = async (...args: Parameters<typeof store.invitations.register>) => (await store.invitations.register(...args)).invitation;
  const registration = (email: string, fullName = 'Ada') => ({
    orgId,
    testId,
    testLinkId: null,
    emailKey: email.toLowerCase(),
    email,
    fullName,
    callbackUrl: null,
    redirectUrl: null,
  });

  it('meets concurrent registrations of one candidate on one record and one invitation', async () => {
    const rows = await Promise.all(Array.from({ length: 25 }, (_, i) => register(registration('Race@Example.com', `Name ${i}`), token, 2)));
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
    const candidates = await store.db.selectFrom('candidates').selectAll().where('email_key', '=', 'race@example.com').execute();
    expect(candidates).toHaveLength(1);
    const invitations = await store.db.selectFrom('invitations').selectAll().where('candidate_id', '=', candidates[0]!.id).execute();
    expect(invitations).toHaveLength(1);
  });

  it('answers a new invitation exactly as stored: a first registration, and one after a cancelled invitation', async () => {
    const first = await register({ ...registration('stored@example.com'), extraTimePercent: 25 }, token, 6);
    expect(first).toEqual(await store.invitations.find(orgId, first.id));
    // On PostgreSQL a known address takes the transaction's path, which builds the row from what it wrote.
    await store.db.updateTable('invitations').set({ status: 'Cancelled', cancelled_at: 7 }).where('id', '=', first.id).execute();
    const second = await register(registration('stored@example.com'), token, 8);
    expect(second).toMatchObject({ attemptNo: 2, status: 'Pending', createdAt: 8 });
    expect(second).toEqual(await store.invitations.find(orgId, second.id));
  });

  it('answers a known candidate its live invitation, and numbers each attempt after a cancelled one', async () => {
    const cancel = (id: number, at: number) =>
      store.db.updateTable('invitations').set({ status: 'Cancelled', cancelled_at: at }).where('id', '=', id).execute();
    const first = await register(registration('again@example.com'), token, 10);
    const same = await register({ ...registration('again@example.com'), extraTimePercent: 50 }, token, 11);
    expect(same).toMatchObject({ id: first.id, attemptNo: 1, token: first.token, extraTimePercent: 50 });
    await cancel(first.id, 12);
    const second = await register(registration('again@example.com'), token, 13);
    await cancel(second.id, 14);
    const third = await register(registration('again@example.com'), token, 15);
    expect([first, second, third].map((invitation) => invitation.attemptNo)).toEqual([1, 2, 3]);
    expect(third).toEqual(await store.invitations.find(orgId, third.id));
    expect(await register(registration('again@example.com'), token, 16)).toEqual(third);
  });

  it('writes what a registration again decided: URLs left out kept, null cleared; only the first says created', async () => {
    const urls = async () =>
      store.db.selectFrom('candidates').select(['callback_url', 'redirect_url']).where('email_key', '=', 'urls@example.com').executeTakeFirstOrThrow();
    const first = await store.invitations.register(
      { ...registration('urls@example.com'), callbackUrl: 'https://a.example/cb', redirectUrl: 'https://a.example/r' },
      token,
      30,
    );
    expect(first.created).toBe(true);
    const again = await store.invitations.register({ ...registration('urls@example.com'), callbackUrl: undefined, redirectUrl: undefined }, token, 31);
    expect(again).toEqual({ created: false, invitation: first.invitation });
    expect(await urls()).toEqual({ callback_url: 'https://a.example/cb', redirect_url: 'https://a.example/r' });
    await store.invitations.register({ ...registration('urls@example.com'), callbackUrl: null, redirectUrl: undefined }, token, 32);
    expect(await urls()).toEqual({ callback_url: null, redirect_url: 'https://a.example/r' });
    // Concurrent registrations, one setting the callback and others leaving it out: nothing left out undoes it.
    await Promise.all([
      store.invitations.register({ ...registration('urls@example.com'), callbackUrl: 'https://b.example/cb', redirectUrl: undefined }, token, 33),
      ...Array.from({ length: 5 }, () =>
        store.invitations.register({ ...registration('urls@example.com'), callbackUrl: undefined, redirectUrl: undefined }, token, 33),
      ),
    ]);
    expect(await urls()).toEqual({ callback_url: 'https://b.example/cb', redirect_url: 'https://a.example/r' });
  });

  it('spends no invitation id on a registration that invites nobody, in the same millisecond as the first too', async () => {
    const first = await register(registration('ids@example.com'), token, 20);
    // Registered again at the very instant it was created (its creation time is no proof it is new), and later.
    expect(await register(registration('ids@example.com', 'Ada Again'), token, 20)).toMatchObject({ id: first.id, attemptNo: 1 });
    expect(await register(registration('ids@example.com'), token, 21)).toMatchObject({ id: first.id, attemptNo: 1 });
    const next = await register(registration('ids-next@example.com'), token, 21);
    expect(next.id).toBe(first.id + 1);
  });

  it('answers a new test link exactly as stored, with dates and without', async () => {
    const settings = [
      { testLinkName: 'Open', accessTime: 0, startDateTime: null, endDateTime: null, emailToStakeholder: null },
      { testLinkName: 'Window', accessTime: 1, startDateTime: '2026-12-01 09:00', endDateTime: '2026-12-01 17:00', emailToStakeholder: 'hr@example.com' },
    ] as const;
    for (const given of settings) {
      const link = await store.testLinks.create(
        orgId,
        testId,
        { ...given, timeZoneId: 1000, inviteCandidateOnly: 1, imageProctoring: 0, testLinkStatus: 1 },
        `key-${given.testLinkName}-${backend}`,
        30,
      );
      expect(link).toEqual(await store.testLinks.find(orgId, testId, link.testLinkId));
    }
  });

  it('scopes lookups to the org that owns them', async () => {
    const row = await register(registration('scoped@example.com'), token, 3);
    expect(await store.invitations.find(orgId, row.id)).toBeDefined();
    expect(await store.invitations.find(orgId + 1000, row.id)).toBeUndefined();
    expect(await store.tests.find(orgId + 1000, testId)).toBeUndefined();
    expect(await store.reports.report(orgId + 1000, row.id)).toBeUndefined();
  });

  it('reads every report of a test in keyset batches, in id order, with section scores', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await register(registration(`batch${i}@example.com`), token, 4)).id);
    const [section] = await store.tests.sections(testId);
    await store.db.insertInto('section_results').values({ invitation_id: ids[2]!, section_id: section!.id, score: 3 }).execute();
    const seen: { id: number; score: number }[] = [];
    for await (const record of store.reports.reportsOfTest(orgId, testId, 2)) {
      seen.push({ id: record.testInvitationId, score: record.sections[0]!.candidateScore });
    }
    const batchRows = seen.filter((entry) => ids.includes(entry.id));
    expect(batchRows.map((entry) => entry.id)).toEqual(ids);
    expect(batchRows.find((entry) => entry.id === ids[2])?.score).toBe(3);
    expect(seen.map((entry) => entry.id)).toEqual([...seen.map((entry) => entry.id)].sort((a, b) => a - b));
  });

  it('stores a snapshot only when the decision on facts read in its transaction admits it, one upload at a time', async () => {
    const { id } = await register(registration('snap@example.com'), token, 5);
    await store.db.updateTable('invitations').set({ status: 'In progress' }).where('id', '=', id).execute();
    const seen: { status: string; recent: number[] }[] = [];
    // Admits while fewer than two are recent: concurrent uploads must be decided one after the other.
    const upload = (takenAt: number) =>
      store.attempts.addSnapshotIfAdmitted({ invitationId: id, takenAt, mediaType: 'image/jpeg', data: Buffer.from([takenAt]) }, 0, (facts) => {
        seen.push({ status: facts.status, recent: facts.recentTakenAt });
        return facts.recentTakenAt.length < 2 ? ok(true) : refuse('too-many-requests', 'slow down', 7);
      });
    const results = await Promise.all([10, 11, 12, 13, 14].map(upload));
    expect(results.filter((result) => result.val !== undefined)).toHaveLength(2);
    expect(results.filter((result) => result.err?.kind === 'too-many-requests' && result.err.retryAfterSeconds === 7)).toHaveLength(3);
    expect(seen.every((facts) => facts.status === 'In progress')).toBe(true);
    expect(await store.attempts.snapshots(id)).toHaveLength(2);
    expect(await store.attempts.snapshotTimesSince(id, 0)).toHaveLength(2);
    expect(await store.attempts.snapshotTimesSince(id, 20)).toEqual([]);
  });

  it('reads what the hiring team recorded with each report of a test, batch by batch (decision 1414)', async () => {
    const rated = (await register(registration('recorded@example.com'), token, 4)).id;
    const bare = (await register(registration('unrecorded@example.com'), token, 4)).id;
    const first = await store.apiKeys.insert(orgId, `1${backend}`.padEnd(64, 'e'), 'assay_rec111', 1, { role: 'recruiter', label: 'R1' });
    const second = await store.apiKeys.insert(orgId, `2${backend}`.padEnd(64, 'e'), 'assay_rec222', 1, { role: 'recruiter', label: 'R2' });
    await store.candidateDecisions.decide(orgId, rated, { decision: 'shortlisted', reason: 'strong SQL' }, { keyId: first, at: 5 });
    await store.candidateDecisions.addTag(orgId, rated, 'remote', { keyId: first, at: 5 });
    await store.candidateDecisions.addTag(orgId, rated, 'backend', { keyId: first, at: 5 });
    await store.candidateDecisions.rate(orgId, rated, 4, { keyId: first, at: 6 });
    await store.candidateDecisions.rate(orgId, rated, 5, { keyId: second, at: 6 });
    const recorded = new Map<number, unknown>();
    for await (const record of store.reports.reportsOfTest(orgId, testId, 1)) recorded.set(record.testInvitationId, record.recorded);
    expect(recorded.get(rated)).toEqual({ decision: 'shortlisted', decisionReason: 'strong SQL', tags: ['backend', 'remote'], meanRating: 4.5, ratings: 2 });
    expect(recorded.get(bare)).toEqual({ decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 });
  });

  it('gives back its caches between the batches of an export, and goes on answering', async () => {
    for (let index = 0; index < 6; index++) await register(registration(`cache${index}@example.com`), token, 2);
    const emails: string[] = [];
    for await (const record of store.reports.reportsOfTest(orgId, testId, 2)) {
      store.releaseMemory();
      emails.push(record.report.emailId);
    }
    expect(emails.filter((email) => email.startsWith('cache'))).toHaveLength(6);
    expect(await register(registration('cache0@example.com'), token, 3)).toMatchObject({ attemptNo: 1 });
  });
});

describe('PostgreSQL statements', () => {
  it('are prepared on the connection from their second use, so PostgreSQL plans them once', async () => {
    const schema = `named_${Date.now()}_${(counter += 1)}`;
    const store = await openStore(inject('pgUrl'), { pgSchema: schema, pgPoolSize: 1 });
    try {
      const prepared = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements where not from_sql`.execute(store.db)).rows.map((row) => row.statement);
      const reportQuery = (statement: string) => statement.includes('from "invitations"') && statement.includes('"candidates"."full_name"');
      await store.reports.report(1, 1);
      expect((await prepared()).filter(reportQuery)).toHaveLength(0);
      await store.reports.report(1, 1);
      await store.reports.report(1, 2);
      expect((await prepared()).filter(reportQuery)).toHaveLength(1);
    } finally {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db);
      await store.close();
    }
  });
});

describe('SQLite reads of one turn', () => {
  it('share one read transaction, which ends with the turn', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'assay-turns-'));
    try {
      const writer = new BetterSqlite3(join(directory, 'db.sqlite'));
      writer.pragma('journal_mode = WAL');
      writer.exec('create table rows (id integer primary key)');
      const reader = new BetterSqlite3(join(directory, 'db.sqlite'));
      const turns = readTurnsOn(reader);
      const count = () => {
        turns.enter();
        return (reader.prepare('select count(*) as n from rows').get() as { n: number }).n;
      };
      expect(count()).toBe(0);
      writer.exec('insert into rows default values');
      expect(count()).toBe(0); // the turn's snapshot
      await new Promise((resolve) => setImmediate(resolve));
      expect(reader.inTransaction).toBe(false);
      expect(count()).toBe(1);
      writer.exec('insert into rows default values');
      turns.end(); // as the writer's COMMIT does
      expect(count()).toBe(2);
      reader.close();
      writer.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('see a write committed earlier in the same turn, though a read began the turn before it', async () => {
    const { store, dispose } = await openScratchStore('sqlite');
    try {
      const orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
      const testId = (await store.tests.importDefinition(orgId, definition, 'key-turns', 1)).testId;
      const registering = store.invitations.register(
        { orgId, testId, testLinkId: null, emailKey: 'turn@example.com', email: 'turn@example.com', fullName: 'Ada', callbackUrl: null, redirectUrl: null },
        token,
        2,
      );
      // Let the registration run its statements and ask for the group's COMMIT (at the end of this turn)...
      for (let step = 0; step < 200; step++) await Promise.resolve();
      // ...then read, which opens this turn's read transaction before that COMMIT.
      expect(await store.reports.report(orgId, 1_000_000)).toBeUndefined();
      const { invitation } = await registering;
      expect(await store.reports.report(orgId, invitation.id)).toMatchObject({ testInvitationId: invitation.id });
    } finally {
      await dispose();
    }
  });
});

describe('SQLite caches', () => {
  it('are given back at any moment: a connection still iterating rows keeps its cache, and the rows keep coming', async () => {
    const { store, dispose } = await openScratchStore('sqlite');
    try {
      for (let index = 0; index < 20; index++) await store.orgs.create({ name: `Org ${index}`, email: 'org@example.com', timeZoneId: 1000 }, 1);
      const names: string[] = [];
      for await (const row of store.db.selectFrom('orgs').select('name').orderBy('id').stream()) {
        if (names.length === 5) store.releaseMemory();
        names.push(row.name);
      }
      expect(names).toHaveLength(20);
    } finally {
      await dispose();
    }
  });
});

describe('SQLite temporary storage', () => {
  // Savepoint sub-journals (one per transaction of a group commit) in memory: on file they cost a heap grow and
  // shrink per savepoint (connect.ts).
  it('is in memory, on the writer and on the reader', async () => {
    const { store, dispose } = await openScratchStore('sqlite');
    try {
      const onReader = await sql<{ temp_store: number }>`pragma temp_store`.execute(store.db);
      const onWriter = await store.db.transaction().execute((trx) => sql<{ temp_store: number }>`pragma temp_store`.execute(trx));
      expect([onReader.rows[0]?.temp_store, onWriter.rows[0]?.temp_store]).toEqual([2, 2]);
    } finally {
      await dispose();
    }
  });
});

describe('migrations', () => {
  it('run once: reopening a database applies nothing new and keeps the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-migrate-'));
    const url = `sqlite:${join(dir, 'nested', 'assay.db')}`;
    try {
      const first = await openStore(url);
      await first.orgs.create({ name: 'Kept', email: 'kept@example.com', timeZoneId: 1000 }, 1);
      await first.close();
      const second = await openStore(url);
      expect(await migrateToLatest(second)).toEqual([]);
      expect(await second.orgs.isEmpty()).toBe(false);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database URL it does not know', async () => {
    await expect(openStore('mysql://localhost/assay')).rejects.toThrow(/unsupported database URL/);
  });
});
