import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/plugins/housekeeping.js';
import { manualClock } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { ADMIN_TOKEN, backends, envelope, startHarness, type Harness } from '../helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('Idempotency-Key on %s', (backend) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const start = async (now?: () => number) => (h = await startHarness(backend, {}, now));
  const importTest = (key: string | undefined, body: unknown = sampleDefinition, apiKey?: string) =>
    h!.request({ method: 'POST', url: '/v2/org/tests', body, ...(apiKey ? { apiKey } : {}), headers: key === undefined ? {} : { 'idempotency-key': key } });
  const testCount = async (orgId = h!.org.orgId) => (await h!.store.db.selectFrom('tests').select('id').where('org_id', '=', orgId).execute()).length;
  const expectReplayOf = (replay: LightMyRequestResponse, first: LightMyRequestResponse) => {
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
  };

  it('answers a repeat with the first response and does nothing again', async () => {
    await start();
    const first = await importTest('import-1');
    expectSuccess(first);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expectReplayOf(await importTest('import-1'), first);
    // The same JSON with other whitespace and key order is the same request.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(sampleDefinition).reverse()), null, 2);
    expect(reordered).not.toBe(JSON.stringify(sampleDefinition));
    expectReplayOf(await h!.request({ method: 'POST', url: '/v2/org/tests', payload: reordered, headers: { 'idempotency-key': 'import-1' } }), first);
    expect(await testCount()).toBe(1);
    // Without a key, or under another key, the request runs again.
    expectSuccess(await importTest(undefined));
    expectSuccess(await importTest('import-2'));
    expect(await testCount()).toBe(3);
  });

  it('refuses the same key with another body or path (422.1), changing nothing', async () => {
    await start();
    expectSuccess(await importTest('used'));
    expectFailure(await importTest('used', { ...sampleDefinition, testName: 'Another name' }), '422.1');
    const testId = envelope<{ testId: number }>(await importTest('used')).result.testId;
    expectFailure(
      await h!.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'L', accessTime: 0 },
        headers: { 'idempotency-key': 'used' },
      }),
      '422.1',
    );
    expect(await testCount()).toBe(1);
    expect(await h!.store.db.selectFrom('test_links').select('id').execute()).toEqual([]);
  });

  it('keeps keys per org: another org may use the same key', async () => {
    await start();
    const other = await h!.createOrg('Other');
    const mine = await importTest('shared-name');
    const theirs = await importTest('shared-name', sampleDefinition, other.apiKey);
    expectSuccess(theirs);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(envelope<{ testId: number }>(theirs).result.testId).not.toBe(envelope<{ testId: number }>(mine).result.testId);
    expect(await testCount(other.orgId)).toBe(1);
  });

  it('answers 409.1 to a repeat while the first request still runs, then replays its response', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    let held = false;
    // The first import holds its key and waits before its handler runs (nothing of the store is held meanwhile).
    h = await startHarness(backend, {}, undefined, (app) =>
      app.addHook('preHandler', async (request) => {
        if (request.url !== '/v2/org/tests' || held) return;
        held = true;
        entered();
        await gate;
      }),
    );
    const first = importTest('slow');
    await running;
    expectFailure(await importTest('slow'), '409.1');
    expectFailure(await importTest('slow', { ...sampleDefinition, testName: 'Other' }), '422.1');
    release();
    const answered = await first;
    expectSuccess(answered);
    expectReplayOf(await importTest('slow'), answered);
    expect(await testCount()).toBe(1);
  });

  it('runs exactly one of many identical requests sent at once', async () => {
    await start();
    const answers = await Promise.all(Array.from({ length: 10 }, () => importTest('parallel')));
    expect(await testCount()).toBe(1);
    const executed = answers.filter((answer) => answer.statusCode === 200 && answer.headers['idempotent-replayed'] === undefined);
    expect(executed).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.body).toBe(executed[0]!.body);
      else expectFailure(answer, '409.1');
    }
  });

  it('keeps no refusal: after a 4xx the same key runs the corrected request', async () => {
    await start();
    expectFailure(await importTest('fix-me', { testName: '' }), '400.2');
    expectFailure(
      await h!.request({
        method: 'POST',
        url: '/v2/org/tests/999999/testlinks',
        body: { testLinkName: 'L', accessTime: 0 },
        headers: { 'idempotency-key': 'fix-me' },
      }),
      '404.2',
    );
    const fixed = await importTest('fix-me');
    expectSuccess(fixed);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await testCount()).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not printable', 'tab\tinside'],
  ])('refuses a key that is %s with 400.2', async (_, key) => {
    await start();
    expectFailure(await importTest(key), '400.2');
    expect(await testCount()).toBe(0);
  });

  it('keeps a key 24 hours, then forgets it (and the sweep removes it)', async () => {
    const clock = manualClock(Date.parse('2026-12-01T00:00:00Z'));
    await start(clock.now);
    const first = await importTest('daily');
    clock.advance(DAY - 1);
    expectReplayOf(await importTest('daily'), first);
    clock.advance(1);
    expect(await sweepExpired(h!.store, clock.now())).toMatchObject({ idempotencyKeys: 1 });
    const again = await importTest('daily');
    expectSuccess(again);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await testCount()).toBe(2);
  });

  it('covers the admin API, in a scope of its own', async () => {
    await start();
    const createOrg = (key: string) =>
      h!.request({
        method: 'POST',
        url: '/admin/orgs',
        apiKey: null,
        body: { name: 'Idempotent Inc', email: 'ops@idempotent.example' },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'idempotency-key': key },
      });
    const first = await createOrg('new-org');
    const { apiKey } = expectSuccess<{ apiKey: string }>(first);
    expectReplayOf(await createOrg('new-org'), first);
    // The kept response holds the new API key: stored sealed, under a hash of the Idempotency-Key.
    const stored = JSON.stringify(await h!.store.db.selectFrom('idempotency_keys').selectAll().execute());
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain('new-org');
    expect(await h!.store.db.selectFrom('orgs').select('id').where('name', '=', 'Idempotent Inc').execute()).toHaveLength(1);
    // An org's key of the same name is another key.
    expectSuccess(await importTest('new-org'));
  });
});
