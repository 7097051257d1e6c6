import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { oneQuestionTest } from './fixtures.js';
import { openScratchStore, type Store } from '../src/index.js';

describe.each(['sqlite', 'postgres'] as const)('a score standing on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let otherTestId: number;
  let registered = 0;

  const register = async (test: number) => {
    registered += 1;
    const email = `c${registered}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId: test, testLinkId: null, emailKey: email, email, fullName: `C ${registered}`, callbackUrl: null, redirectUrl: null },
      () => `token-${backend}-${registered}`,
      2,
    );
    return invitation.id;
  };
  const set = (id: number, values: { status?: string; report_status?: string; score?: number }) =>
    store.db
      .updateTable('invitations')
      .set(values as never)
      .where('id', '=', id)
      .execute();
  /** What the standing was before counts were kept: every scored attempt of the test, counted. */
  const countedOverAttempts = async (test: number, score: number) => {
    const { rows } = await sql<{ total: number | string; below: number | string; tied: number | string }>`
      select count(*) as total, sum(case when score < ${score} then 1 else 0 end) as below, sum(case when score = ${score} then 1 else 0 end) as tied
      from invitations where test_id = ${test} and status = 'Completed' and report_status = 'Generated'`.execute(store.db);
    const row = rows[0]!;
    return { total: Number(row.total), below: Number(row.below ?? 0), tied: Number(row.tied ?? 0) };
  };
  const expectStanding = async (test: number, score: number, expected: { total: number; below: number; tied: number }) => {
    expect(await store.attemptLog.scoreStanding(test, score)).toEqual(expected);
    expect(await countedOverAttempts(test, score)).toEqual(expected);
  };

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
    testId = (await store.tests.importDefinition(orgId, oneQuestionTest('Standing'), `key-${backend}-1`, 1)).testId;
    otherTestId = (await store.tests.importDefinition(orgId, oneQuestionTest('Other'), `key-${backend}-2`, 1)).testId;
  });
  afterAll(() => dispose());

  it('counts only scored attempts of its own test, follows scoring, rescoring, reset and removal', async () => {
    await expectStanding(testId, 5, { total: 0, below: 0, tied: 0 });
    const [a, b, c, d] = [await register(testId), await register(testId), await register(testId), await register(testId)];
    const elsewhere = await register(otherTestId);
    await set(a, { status: 'Completed', report_status: 'Generated', score: 4 });
    await set(b, { status: 'Completed', report_status: 'Generated', score: 7.25 });
    await set(c, { status: 'Completed', report_status: 'Generated', score: 7.25 });
    // Completed but not scored yet, and in progress: not counted.
    await set(d, { status: 'Completed', report_status: 'In progress', score: 1 });
    await set(elsewhere, { status: 'Completed', report_status: 'Generated', score: 1 });
    await expectStanding(testId, 7.25, { total: 3, below: 1, tied: 2 });
    await expectStanding(otherTestId, 1, { total: 1, below: 0, tied: 1 });
    // Scored at last; one attempt rescored; one reset (the attempt starts over).
    await set(d, { report_status: 'Generated' });
    await set(b, { score: 9 });
    await set(c, { status: 'Reset', report_status: 'Pending', score: 0 });
    await expectStanding(testId, 4, { total: 3, below: 1, tied: 1 });
    await store.db.deleteFrom('invitations').where('id', '=', a).execute();
    await expectStanding(testId, 9, { total: 2, below: 1, tied: 1 });
    // Kept as counts per score, one row per distinct score: what a standing sums instead of every attempt.
    const kept = await store.db
      .selectFrom('test_score_counts')
      .select(['score', 'count'])
      .where('test_id', '=', testId)
      .where('count', '>', 0)
      .orderBy('score')
      .execute();
    expect(kept.map((row) => [row.score, Number(row.count)])).toEqual([
      [1, 1],
      [9, 1],
    ]);
  });

  it('counts scored attempts written straight in SQL, as a bulk copy writes them', async () => {
    const source = await register(testId);
    await set(source, { status: 'Completed', report_status: 'Generated', score: 3 });
    const before = await store.attemptLog.scoreStanding(testId, 3);
    await sql`insert into invitations (org_id, test_id, candidate_id, attempt_no, token, status, report_status, score, time_taken,
        window_violations, time_violation_seconds, created_at, updated_at)
      select org_id, test_id, candidate_id, attempt_no + 1, token || '-copy', status, report_status, score, time_taken,
        window_violations, time_violation_seconds, created_at, updated_at
      from invitations where id = ${source}`.execute(store.db);
    expect(await store.attemptLog.scoreStanding(testId, 3)).toEqual({ total: before.total + 1, below: before.below, tied: before.tied + 1 });
    expect(await countedOverAttempts(testId, 3)).toEqual({ total: before.total + 1, below: before.below, tied: before.tied + 1 });
  });
});
