import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, ItemAnalysis, ReportDetails, TestVersionList } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const question = (key: string) => ({ type: 'single_choice', key, text: `Question ${key}`, options: [{ text: 'right', correct: true }, { text: 'wrong' }] });
const pooled = (testName: string, count: number, draw: number, exposureCap: number) => ({
  testName,
  sections: [
    { sectionName: 'Warm-up', sectionType: 'general', duration: 5, questions: [question('fixed')] },
    {
      sectionName: 'Pool',
      sectionType: 'general',
      duration: 10,
      draw,
      exposureCap,
      questions: Array.from({ length: count }, (_, place) => question(`q${place + 1}`)),
    },
  ],
});

const textsOf = (session: CandidateSession): string[] =>
  session.test.sections.flatMap((section) => (section.questions ?? []).map((entry) => (entry as { text?: string }).text ?? ''));

/**
 * Issue 62 item 5: a pool's exposure cap. A question shown to its cap is retired (a version without it), later
 * attempts never draw it, a running attempt keeps it to its report and score; a pool at its draw keeps its questions.
 */
describe.each(backends)('exposure cap on %s', (backend) => {
  let h: Harness;
  let people = 0;
  const analysisOf = async (testId: number) => expectSuccess<ItemAnalysis>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis` }));
  const startOne = async (testId: number) => {
    people += 1;
    const invited = await registerFor(h, testId, `person${people}@example.com`);
    return { ...invited, session: await candidate(h, invited.token).client.start() };
  };

  beforeAll(async () => {
    h = await startHarness(backend);
  }, 60_000);
  afterAll(() => h.close());

  it('retires a question at its cap: the next start never draws it, a running attempt keeps it to its score', async () => {
    const testId = await h.importTest(pooled('Capped pool', 4, 2, 3));
    const started: Awaited<ReturnType<typeof startOne>>[] = [];
    let atCap: string[] = [];
    // Four questions, two drawn a start: one of them (or two at once) reaches 3 by the fifth start at the latest.
    while (atCap.length === 0) {
      started.push(await startOne(testId));
      const [pool] = (await analysisOf(testId)).pools ?? [];
      expect(pool).toMatchObject({ sectionName: 'Pool', draw: 2, exposureCap: 3, retired: 0 });
      expect(pool?.questions.reduce((total, entry) => total + entry.exposures, 0)).toBe(started.length * 2);
      atCap = (pool?.questions ?? []).filter((entry) => entry.state === 'retiring').map((entry) => entry.label);
      expect(started.length).toBeLessThanOrEqual(5);
    }
    const [gone] = atCap;
    const holder = started.find((attempt) => textsOf(attempt.session).includes(`Question ${gone}`));
    expect(holder).toBeDefined();

    for (let next = 0; next < 4; next += 1) {
      const later = await startOne(testId);
      for (const label of atCap) expect(textsOf(later.session)).not.toContain(`Question ${label}`);
      expect(textsOf(later.session)).toContain('Question fixed');
      expect(questionIdsOf(later.session)).toHaveLength(3);
    }

    const versions = expectSuccess<TestVersionList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions` }));
    // Every question at its cap at once leaves in one version, in the authored order (all were shown 3 times).
    expect(versions.versions[1]).toMatchObject({
      version: 2,
      questions: 3,
      madeFor: `retired ${atCap.map((label) => `question ${label} (shown 3 times, cap 3) from Pool`).join('; ')}`,
    });
    expect(versions.versions[0]).toMatchObject({ version: 1, madeFor: null, attempts: started.length });
    // The test screen reads the current version's pools from the versions list.
    expect(versions.pools?.[0]?.questions.find((entry) => entry.label === gone)).toMatchObject({ state: 'retired', exposures: 3 });

    const analysis = await analysisOf(testId);
    const [pool] = analysis.pools ?? [];
    expect(pool?.retired).toBeGreaterThanOrEqual(1);
    const retired = pool?.questions.find((entry) => entry.label === gone);
    expect(retired).toMatchObject({ state: 'retired', questionId: null, exposures: 3 });
    expect(Date.parse(retired?.retiredAt ?? '')).toBeGreaterThan(0);
    expect(pool?.questions.filter((entry) => entry.state !== 'retired').every((entry) => entry.questionId !== null)).toBe(true);

    // The running attempt still has the retired question, answers it, and is scored out of its own draw.
    const running = candidate(h, holder?.token ?? '');
    const session = await running.client.session();
    expect(textsOf(session)).toContain(`Question ${gone}`);
    for (const questionId of questionIdsOf(session)) expectSuccess(await running.answer(questionId, { optionIds: [0] }));
    expectSuccess(await running.submit());
    await h.drainJobs();
    const report = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${holder?.invitationId}/details` }));
    expect(report.test).toMatchObject({ version: 1 });
    expect(report.questions.map((entry) => entry.questionId)).toEqual(questionIdsOf(session));
    expect(report.score).toMatchObject({ score: 3, maxScore: 3 });
  });

  it('keeps a question at its cap when the pool would fall below its draw, and says so', async () => {
    const testId = await h.importTest(pooled('Pool at its floor', 2, 2, 1));
    await startOne(testId);
    const second = await startOne(testId);
    expect(textsOf(second.session)).toEqual(expect.arrayContaining(['Question q1', 'Question q2']));
    const versions = expectSuccess<TestVersionList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions` }));
    expect(versions.versions.map((version) => version.version)).toEqual([1]);
    const [pool] = (await analysisOf(testId)).pools ?? [];
    expect(pool).toMatchObject({ retired: 0, note: 'cap reached, still asked: the pool would fall below its draw' });
    expect(pool?.questions.map((entry) => [entry.label, entry.exposures, entry.state])).toEqual([
      ['q1', 2, 'cap-reached-still-asked'],
      ['q2', 2, 'cap-reached-still-asked'],
    ]);
  });

  it('retires from a version whose question reimplements another (the retirement only drops questions)', async () => {
    const testId = await h.importTest(pooled('Reimplemented pool', 3, 1, 1));
    const second = pooled('Reimplemented pool', 3, 1, 1);
    const pool = second.sections[1] as { questions: Record<string, unknown>[] };
    pool.questions[2] = { ...question('q3-new'), reimplements: 'q3' };
    expectSuccess(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/versions`, body: second }));
    const first = await startOne(testId);
    const shown = textsOf(first.session).find((text) => text !== 'Question fixed');
    const next = await startOne(testId);
    expect(textsOf(next.session)).not.toContain(shown);
    const versions = expectSuccess<TestVersionList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions` }));
    expect(versions.versions.map((version) => [version.version, version.madeFor?.startsWith('retired question') ?? false])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('makes one version when two starts find the same question at its cap at once', async () => {
    const testId = await h.importTest(pooled('Racing pool', 4, 1, 1));
    const first = await startOne(testId);
    const shown = textsOf(first.session).find((text) => text !== 'Question fixed');
    const racing = await Promise.all([startOne(testId), startOne(testId)]);
    for (const attempt of racing) expect(textsOf(attempt.session)).not.toContain(shown);
    const versions = expectSuccess<TestVersionList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/versions` }));
    // One version retires it, whichever start made it; the other start took it (or retired the first one's draw after it).
    const label = shown?.replace('Question ', '');
    expect(versions.versions.filter((version) => version.madeFor?.includes(`question ${label} (`))).toHaveLength(1);
    expect(versions.versions.reduce((total, version) => total + version.attempts, 0)).toBe(3);
  });

  it('refuses a cap on a section without draw through the definition check', async () => {
    const response = await h.request({
      method: 'POST',
      url: '/v2/org/tests',
      body: { testName: 'No pool', sections: [{ sectionName: 'S', sectionType: 'general', duration: 5, exposureCap: 3, questions: [question('a')] }] },
    });
    expect(expectFailure(response, '400.2').result).toMatch(/exposureCap.*needs draw/);
  });
});
