import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateComparison } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/** Two sections, three choice questions of 1, 2 and 3 marks: 6 in all. */
const twoSections = {
  testName: 'Compare',
  sections: [
    {
      sectionName: 'SQL',
      sectionType: 'general',
      duration: 10,
      questions: [
        { type: 'single_choice', text: 'Pick b', marks: 1, skills: ['joins'], options: [{ text: 'a' }, { text: 'b', correct: true }] },
        { type: 'single_choice', text: 'Pick a', marks: 2, skills: ['joins'], options: [{ text: 'a', correct: true }, { text: 'b' }] },
      ],
    },
    {
      sectionName: 'Logic',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick a', marks: 3, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
};

/** Issue 61 item 4 (decisions 1425–1430): ada and bob finished, cleo invited only; another test's dan; org B. */
describe.each(backends)('comparing candidates of a test on %s', (backend) => {
  let h: Harness;
  let testId: number;
  const ids = { ada: 0, bob: 0, cleo: 0, dan: 0 };
  let orgB: { orgId: number; apiKey: string };
  let bInvitation: number;

  /** Takes the test choosing `options` (0-based) in question order. */
  const taken = async (testOf: number, name: string, options: readonly number[]) => {
    const { token, invitationId } = await registerFor(h, testOf, `${name}@example.com`, { fullName: name });
    const api = candidate(h, token);
    const questions = questionIdsOf(await api.client.start());
    for (const [index, questionId] of questions.entries()) expectSuccess(await api.answer(questionId, { optionIds: [options[index]!] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    return invitationId;
  };
  const compare = (query: string, apiKey?: string) =>
    h.request({ method: 'GET', url: `/v2/org/tests/${testId}/compare${query}`, ...(apiKey === undefined ? {} : { apiKey }) });

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(twoSections);
    ids.ada = await taken(testId, 'ada', [1, 0, 0]);
    ids.bob = await taken(testId, 'bob', [0, 0, 1]);
    ids.cleo = (await registerFor(h, testId, 'cleo@example.com', { fullName: 'cleo' })).invitationId;
    ids.dan = (await registerFor(h, await h.importTest({ ...twoSections, testName: 'Other' }), 'dan@example.com')).invitationId;
    expectSuccess(
      await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids.ada}/decision`, body: { decision: 'shortlisted', reason: 'all right' } }),
    );
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids.ada}/rating`, body: { rating: 4 } }));
    orgB = await h.createOrg('Other');
    const bTest = await h.importTest(twoSections, orgB.apiKey);
    const registered = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${bTest}/register`,
      body: { emailId: 'b@example.com', fullName: 'B' },
      apiKey: orgB.apiKey,
    });
    bInvitation = expectSuccess<{ testInvitationId: number }>(registered).testInvitationId;
  });
  afterAll(() => h.close());

  it('lines the candidates up in the order asked: scores, sections, skills, marks in the test order, what was recorded', async () => {
    const comparison = expectSuccess<CandidateComparison>(await compare(`?ids=${ids.bob},${ids.ada}`));
    expect(comparison).toMatchObject({ testId, sections: ['SQL', 'Logic'], skills: ['joins', 'Logic'] });
    expect(comparison.questions.map((question) => [question.number, question.sectionName])).toEqual([
      [1, 'SQL'],
      [2, 'SQL'],
      [3, 'Logic'],
    ]);
    const [bob, ada] = comparison.candidates;
    expect(ada).toMatchObject({
      testInvitationId: ids.ada,
      fullName: 'ada',
      finished: true,
      testStatus: 'Completed',
      score: { score: 6, maxScore: 6, percent: 100 },
      sections: [
        { score: 3, maxScore: 3, percent: 100 },
        { score: 3, maxScore: 3, percent: 100 },
      ],
      marks: [1, 2, 3],
      integrityLevel: 'none',
      recorded: { decision: 'shortlisted', decisionReason: 'all right', meanRating: 4, ratings: 1 },
    });
    expect(bob).toMatchObject({ testInvitationId: ids.bob, score: { score: 2, maxScore: 6 }, marks: [0, 2, 0], recorded: { decision: null } });
    expect(bob?.skills).toEqual([
      { score: 2, maxScore: 3, percent: 66.7 },
      { score: 0, maxScore: 3, percent: 0 },
    ]);
  });

  it('lists a candidate who has not finished with nulls and their status', async () => {
    const comparison = expectSuccess<CandidateComparison>(await compare(`?ids=${ids.ada},${ids.cleo}`));
    expect(comparison.candidates[1]).toMatchObject({
      testInvitationId: ids.cleo,
      finished: false,
      testStatus: 'Pending',
      score: null,
      timeTakenMinutes: null,
      integrityLevel: null,
      sections: [null, null],
      marks: [null, null, null],
    });
  });

  it('refuses too few or too many candidates with 400.125, a non-id or an id twice with 400.126', async () => {
    expect(expectFailure(await compare(`?ids=${ids.ada}`), '400.125').result).toBe('Compare 2 to 5 candidates; ids names 1.');
    expectFailure(await compare('?ids=1,2,3,4,5,6'), '400.125');
    expect(expectFailure(await compare(`?ids=${ids.ada},x`), '400.126').result).toMatch(/"x" is not an id/);
    expect(expectFailure(await compare(`?ids=${ids.ada},${ids.ada}`), '400.126').result).toMatch(new RegExp(`invitation ${ids.ada} twice`));
    expectFailure(await compare(''), '400.4');
  });

  it("answers an invitation of another test, a missing one, or another org's with 404.4 naming it; another org's test with 404.2", async () => {
    for (const other of [ids.dan, 987654321, bInvitation]) {
      const refused = expectFailure(await compare(`?ids=${ids.ada},${other}`), '404.4');
      expect(refused.result).toBe(`No test invitation ${other} in test ${testId}.`);
    }
    expectFailure(await compare(`?ids=${ids.ada},${ids.bob}`, orgB.apiKey), '404.2');
  });

  it('is read by whoever reads reports, and refused to a blind reviewer with 403.17 naming the roles that may', async () => {
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    expectSuccess(await compare(`?ids=${ids.ada},${ids.bob}`, reviewer.apiKey));
    const blind = await h.client.admin.keys.create(h.org.orgId, { role: 'blind-reviewer' });
    expect(expectFailure(await compare(`?ids=${ids.ada},${ids.bob}`, blind.apiKey), '403.17').result).toMatch(/hiring-manager/);
  });
});
