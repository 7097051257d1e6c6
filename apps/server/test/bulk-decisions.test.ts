import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkDecisionAnswer, CandidateEvaluation, InvitationHistory } from '@assay/domain';
import { manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];

/**
 * Issue 61 item 2 (decisions 1440, 1441): one decision for many candidates of a test, by ids or by the list's own
 * filter, with a dry run that writes nothing, one history entry per candidate decided, a replay under an
 * Idempotency-Key that decides nobody twice, other orgs' and other tests' ids never decided, and the roles that decide.
 */
describe.each(backends)('bulk decisions on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId = 0;
  let otherTestId = 0;
  const ids: number[] = [];
  let elsewhere = 0;
  let foreign = 0;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(sampleDefinition);
    otherTestId = await h.importTest(sampleDefinition);
    for (const fullName of NAMES) {
      const emailId = `${fullName.split(' ')[0]!.toLowerCase()}@example.com`;
      ids.push((await h.client.invitations.register(testId, { emailId, fullName })).testInvitationId);
    }
    elsewhere = (await h.client.invitations.register(otherTestId, { emailId: 'other.test@example.com', fullName: 'Other Test' })).testInvitationId;
    const other = await h.createOrg('Other Org');
    const theirTest = await h.importTest(sampleDefinition, other.apiKey);
    foreign = (await h.clientFor(other.apiKey).invitations.register(theirTest, { emailId: 'theirs@example.com', fullName: 'Theirs' })).testInvitationId;
  });
  afterAll(() => h.close());

  const bulk = (body: unknown, options: { apiKey?: string; headers?: Record<string, string>; test?: number } = {}) =>
    h.request({ method: 'POST', url: `/v2/org/tests/${options.test ?? testId}/decisions/bulk`, body, apiKey: options.apiKey, headers: options.headers });
  const decisionOf = async (id: number, apiKey?: string) =>
    expectSuccess<CandidateEvaluation>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${id}/evaluation`, apiKey })).decision?.decision ?? null;
  const decidedEntries = async (id: number) =>
    expectSuccess<InvitationHistory>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${id}/history` })).entries.filter(
      (entry) => entry.kind === 'decided',
    );

  it('answers who the list filter would pick in a dry run, and writes nothing', async () => {
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids[0]}/decision`, body: { decision: 'shortlisted' } }));
    const dry = expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'rejected', reason: 'Below the bar', filter: { decision: 'none' }, dryRun: true }));
    expect(dry).toMatchObject({ dryRun: true, decided: 4, unchanged: 0, notFound: 0 });
    expect(dry.candidates.map((row) => [row.testInvitationId, row.fullName, row.before, row.outcome])).toEqual(
      ids.slice(1).map((id, i) => [id, NAMES[i + 1], null, 'decided']),
    );
    for (const id of ids.slice(1)) expect(await decisionOf(id)).toBeNull();
    // The typed client, the same route (with its own Idempotency-Key).
    expect(await h.client.decisions.decideInBulk(testId, { decision: 'rejected', filter: { decision: 'none' }, dryRun: true })).toEqual(dry);
  });

  it('decides by the filter, one history entry each with the reason, and changes nothing said again', async () => {
    const done = expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'rejected', reason: 'Below the bar', filter: { decision: 'none', q: 'a' } }));
    // q: words of the name or email; every name here but Edsger's (edsger@…, "Edsger Dijkstra") holds an a.
    const picked = ids.slice(1).filter((_, i) => NAMES[i + 1]!.toLowerCase().includes('a'));
    expect(done).toMatchObject({ dryRun: false, decided: picked.length, unchanged: 0, notFound: 0 });
    for (const id of picked) {
      expect(await decisionOf(id)).toBe('rejected');
      expect((await decidedEntries(id)).map((entry) => entry.details)).toEqual([{ decision: 'rejected', previous: null, reason: 'Below the bar' }]);
    }
    expect(await decisionOf(ids[0]!)).toBe('shortlisted');
    const again = expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'rejected', ids: picked }));
    expect(again).toMatchObject({ decided: 0, unchanged: picked.length });
    for (const id of picked) expect(await decidedEntries(id)).toHaveLength(1);
  });

  it('never decides another test’s or another org’s invitation, nor one that does not exist, and names each as not found', async () => {
    const answer = expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'on-hold', ids: [ids[0], elsewhere, foreign, 999_999, ids[0]] }));
    expect(answer.candidates.map((row) => [row.testInvitationId, row.outcome, row.fullName])).toEqual([
      [ids[0], 'decided', NAMES[0]],
      [elsewhere, 'not-found', null],
      [foreign, 'not-found', null],
      [999_999, 'not-found', null],
    ]);
    expect(await decisionOf(elsewhere)).toBeNull();
    expect(await decidedEntries(elsewhere)).toEqual([]);
  });

  it('replays its answer under an Idempotency-Key and decides nobody twice', async () => {
    const headers = { 'idempotency-key': `bulk-decisions-${backend}` };
    const body = { decision: 'advanced', reason: 'Second round', ids: [ids[3]] };
    const first = await bulk(body, { headers });
    clock.set(START + 60_000);
    const replay = await bulk(body, { headers });
    expect(replay.body).toBe(first.body);
    expect(expectSuccess<BulkDecisionAnswer>(replay).decided).toBe(1);
    expect((await decidedEntries(ids[3]!)).filter((entry) => (entry.details as { decision: string }).decision === 'advanced')).toHaveLength(1);
  });

  it('refuses a body naming both or neither, a test of another org (404.2), and a key that may not decide (403.17)', async () => {
    expectFailure(await bulk({ decision: 'rejected', ids: [ids[1]], filter: { decision: 'none' } }), '400.2');
    expectFailure(await bulk({ decision: 'rejected' }), '400.2');
    expectFailure(await bulk({ decision: 'rejected', ids: [ids[1]], notify: 'yes' }), '400.2');
    expectFailure(await bulk({ decision: 'rejected', ids: Array.from({ length: 501 }, (_, i) => i + 1) }), '400.2');
    expectFailure(await bulk({ decision: 'rejected', filter: {} }, { test: 999_999 }), '404.2');
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    const refused = expectFailure(await bulk({ decision: 'rejected', ids: [ids[1]] }, { apiKey: reviewer.apiKey }), '403.17');
    expect(refused.result).toContain('hiring-manager');
    const manager = await h.client.admin.keys.create(h.org.orgId, { role: 'hiring-manager' });
    expect(expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'shortlisted', ids: [ids[4]] }, { apiKey: manager.apiKey })).decided).toBe(1);
  });

  it('refuses a filter matching more than 500 whole (400.130), naming how many, and decides nobody', async () => {
    const crowded = await h.importTest(sampleDefinition);
    for (let i = 0; i < 501; i += 1) {
      const email = `crowd${i}@example.com`;
      await h.store.invitations.register(
        { orgId: h.org.orgId, testId: crowded, testLinkId: null, emailKey: email, email, fullName: `Crowd ${i}`, callbackUrl: null, redirectUrl: null },
        () => `crowd-${backend}-${i}-token-long-enough-to-be-a-real-one`,
        START,
      );
    }
    const refused = expectFailure(await bulk({ decision: 'rejected', filter: { decision: 'none' } }, { test: crowded }), '400.130');
    expect(refused.result).toContain('The filter matches 501 candidates');
    const narrowed = expectSuccess<BulkDecisionAnswer>(await bulk({ decision: 'rejected', filter: { q: 'crowd1' }, dryRun: true }, { test: crowded }));
    expect(narrowed.decided).toBe(1 + 10 + 100);
  });
});
