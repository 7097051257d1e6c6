import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, InvitationList, InvitationSummary, ItemAnalysis, SampleRun, TestPreviewMade, ViolationCounts } from '@assay/domain';
import { previewTokenHash } from '../src/candidate/preview-token.js';
import { sweepExpired } from '../src/plugins/housekeeping.js';
import { SUM_SOLUTION, candidate, manualClock, questionIdsOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { PUBLIC_URL, backends, startHarness, type Harness } from './helpers/test-app.js';

const HOUR = 3_600_000;

/** A pool of three drawing two, options shuffled: what a preview must draw as the test says. */
const pooled = {
  testName: 'Pooled preview',
  sections: [
    {
      sectionName: 'Pool',
      sectionType: 'general',
      duration: 15,
      draw: 2,
      shuffleOptions: true,
      questions: ['A', 'B', 'C'].map((stem) => ({
        type: 'single_choice',
        text: `Pick ${stem}`,
        options: ['A', 'B', 'C'].map((text) => ({ text, correct: text === stem })),
      })),
    },
  ],
};

/** Every table's row count, but the preview's own and the shared rate-limit windows (a preview is limited like a candidate). */
const rowCounts = async (h: Harness): Promise<Record<string, number>> => {
  const tables = (await h.store.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !['test_previews', 'rate_limit_counters'].includes(name));
  const counts: Record<string, number> = {};
  for (const name of tables) {
    // Any table's name, read as one the typed database knows: only its count is asked.
    const row = await h.store.db
      .selectFrom(name as 'orgs')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
};

/**
 * Issue 62 item 3: a preview link opens the real candidate page of a test (a definition sent as is, or one of the org's
 * tests at a version), behaves as for a candidate, and records nothing: no row anywhere but the preview's own.
 */
describe.each(backends)('test previews on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(Date.UTC(2026, 10, 1, 9));
  let testId: number;

  const previewOf = async (body: unknown, url = '/v2/org/tests/previews', apiKey?: string) =>
    h.request({ method: 'POST', url, body, ...(apiKey === undefined ? {} : { apiKey }) });

  /** What the org reads of its test: its invitations, their summary, its item analysis. */
  const orgViews = async () => ({
    list: expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` })),
    summary: expectSuccess<InvitationSummary>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary` })),
    analysis: expectSuccess<ItemAnalysis>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis` })),
  });

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
  }, 60_000);
  afterAll(() => h.close());

  it('takes a preview from landing to submit, running the samples in the sandbox, and writes no row but its own', async () => {
    const before = await rowCounts(h);
    const viewsBefore = await orgViews();
    const made = expectSuccess<TestPreviewMade>(await previewOf(sampleDefinition));
    expect(made.token).toMatch(/^pv\.[A-Za-z0-9_-]{43}$/);
    expect(made.previewUrl).toBe(`${PUBLIC_URL}/t/${made.token}`);
    expect(Date.parse(made.expiresAt)).toBe(clock.now() + 24 * HOUR);
    const api = candidate(h, made.token);

    const landing = expectSuccess<CandidateSession>(await api.session());
    expect(landing).toMatchObject({ preview: true, state: 'Pending', imageProctoring: false, deadline: null, candidate: { fullName: 'Preview' } });
    expect(landing.test).toMatchObject({ testName: 'Backend screening', duration: 60, questions: 3 });

    const started = expectSuccess<CandidateSession>(await api.start());
    expect(started).toMatchObject({ preview: true, state: 'In progress' });
    expect(Date.parse(started.deadline!)).toBe(clock.now() + 60 * 60_000);
    const [single, , coding] = questionIdsOf(started);
    expect(expectSuccess<{ questionId: number }>(await api.answer(single!, { optionIds: [1] })).questionId).toBe(single);
    // Checked as a candidate's answer is: the wrong form is refused.
    expectFailure(await api.answer(single!, { code: 'x' }), '400.10');
    expectFailure(await api.answer(999, { optionIds: [0] }), '404.8');
    expect(expectSuccess<ViolationCounts>(await api.event('left', new Date(clock.now()).toISOString()))).toEqual({ wv: 0, tv: 0 });
    const run = expectSuccess<{ results: { passed: boolean }[] }>(await api.run(coding!, SUM_SOLUTION));
    expect(run.results.map((result) => result.passed)).toEqual([true]);
    expect(expectSuccess<{ questionId: number }>(await api.answer(coding!, { code: SUM_SOLUTION })).questionId).toBe(coding);
    // A custom-input run, followed to its end: the function's own value, no verdict, nothing counted.
    const runs = `/candidate/v1/${made.token}/runs`;
    let custom = expectSuccess<SampleRun>(
      await h.request({ method: 'POST', url: `${runs}?wait=20000`, body: { questionId: coding, code: SUM_SOLUTION, customArgs: [[2, 3, 4]] }, apiKey: null }),
    );
    while (custom.state === 'queued' || custom.state === 'running') {
      custom = expectSuccess<SampleRun>(await h.request({ method: 'GET', url: `${runs}/${custom.runId}?wait=20000&since=${custom.version}`, apiKey: null }));
    }
    expect(custom).toMatchObject({ kind: 'custom', state: 'done', custom: { args: [[2, 3, 4]], actual: 9 } });

    const ended = expectSuccess<CandidateSession>(await api.submit());
    expect(ended).toMatchObject({ preview: true, state: 'Completed', endReason: 'submitted' });
    // Loading the page again starts over at the landing: nothing of the attempt was kept.
    expect(expectSuccess<CandidateSession>(await api.session())).toMatchObject({ preview: true, state: 'Pending' });

    await h.drainJobs();
    expect(await rowCounts(h)).toEqual(before);
    expect(await orgViews()).toEqual(viewsBefore);
    expect(expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` })).invitations).toEqual([]);
  });

  it("previews one of the org's tests at its current version or a named one, and draws its pools as the test says", async () => {
    const pooledId = await h.importTest(pooled);
    const made = expectSuccess<TestPreviewMade>(await previewOf(undefined, `/v2/org/tests/${pooledId}/previews`));
    const started = expectSuccess<CandidateSession>(await candidate(h, made.token).start());
    expect(started.test.sections[0]?.questions).toHaveLength(2);
    expect(expectSuccess<TestPreviewMade>(await previewOf({ version: 1 }, `/v2/org/tests/${pooledId}/previews`)).token).not.toBe(made.token);
    const missing = expectFailure(await previewOf({ version: 2 }, `/v2/org/tests/${pooledId}/previews`), '404.127');
    expect(missing.result).toMatch(/no version 2/);
    // Past any version a test can have (and past PostgreSQL's integer): the body is refused, never a 500.
    const huge = await previewOf({ version: 2_147_483_648 }, `/v2/org/tests/${pooledId}/previews`);
    expect(huge.statusCode).toBe(400);
    expect(expectFailure(huge, huge.json().statuscode).result).toMatch(/version/);
  });

  it("answers another org's test like a missing one, and a reviewer key 403.17 naming who may", async () => {
    const other = await h.createOrg('Other preview org');
    expectFailure(await previewOf(undefined, `/v2/org/tests/${testId}/previews`, other.apiKey), '404.2');
    expectFailure(await previewOf(undefined, '/v2/org/tests/987654/previews'), '404.2');
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    const refused = expectFailure(await previewOf(sampleDefinition, '/v2/org/tests/previews', reviewer.apiKey), '403.17');
    expect(refused.result).toMatch(/admin or recruiter/);
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    expectSuccess<TestPreviewMade>(await previewOf(sampleDefinition, '/v2/org/tests/previews', recruiter.apiKey));
  });

  it('answers an expired preview like an unknown test link, and the sweep deletes it', async () => {
    const made = expectSuccess<TestPreviewMade>(await previewOf(sampleDefinition));
    const unknown = expectFailure(await candidate(h, 'pv.nothing-like-this').session(), '404.7');
    clock.advance(24 * HOUR);
    expect(expectFailure(await candidate(h, made.token).session(), '404.7').result).toBe(unknown.result);
    expectFailure(await candidate(h, made.token).start(), '404.7');
    expect((await sweepExpired(h.store, clock.now())).testPreviews).toBeGreaterThanOrEqual(1);
    expect(await h.store.testPreviews.findByTokenHash(previewTokenHash(made.token))).toBeUndefined();
  });

  it('refuses the assistant and follow-ups of a preview with words that say why', async () => {
    const made = expectSuccess<TestPreviewMade>(await previewOf(sampleDefinition));
    const asked = await h.request({ method: 'GET', url: `/candidate/v1/${made.token}/assistant/1`, apiKey: null });
    expect(asked.statusCode).toBe(404);
    expect(asked.json<{ result: string }>().result).toMatch(/preview/);
  });
});
