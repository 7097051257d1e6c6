import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession, PersonalData, ReportDetails } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const PY_SOLUTION = 'def total(numbers):\n    return sum(numbers)\n';
const JS_SOLUTION = 'function total(numbers) {\n  return numbers.reduce((a, b) => a + b, 0);\n}\n';
const TS_DRAFT = 'export function total(numbers: number[]): number {\n  return 0; // not finished\n}\n';

const polyglot = {
  testName: 'Drafts',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          text: 'Add up a list of numbers.',
          marks: 4,
          languages: ['python', 'typescript', 'javascript'],
          functionName: 'total',
          hiddenTests: [{ args: [[1, 2]], expected: 3 }],
        },
      ],
    },
  ],
};

/**
 * A coding answer's drafts (issue 59, decision 1124): the code a candidate left in the question's other languages is
 * saved with the answer, comes back in the session (a reload, another device), is never scored, is in the person's
 * export and goes with an erasure.
 */
describe.each(backends)('the drafts of a coding answer on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(polyglot);
  });
  afterAll(() => h.close());

  it('are saved with the answer and come back in the session; a PUT without them keeps none', async () => {
    const { token } = await registerFor(h, testId, 'drafts@example.com');
    const api = candidate(h, token);
    const [coding] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(coding!, { code: PY_SOLUTION, language: 'python', drafts: { typescript: TS_DRAFT } }));
    const session = expectSuccess<CandidateSession>(await api.session());
    expect(session.answers[String(coding)]).toMatchObject({ code: PY_SOLUTION, language: 'python', drafts: { typescript: TS_DRAFT } });

    expectSuccess(await api.answer(coding!, { code: PY_SOLUTION, language: 'python' }));
    const replaced = expectSuccess<CandidateSession>(await api.session());
    expect(replaced.answers[String(coding)]?.drafts).toBeUndefined();
  });

  it("refuses drafts in the answer's own language, in one the question does not take, or too large (400.2), saving nothing", async () => {
    const { token } = await registerFor(h, testId, 'refused.drafts@example.com');
    const api = candidate(h, token);
    const [coding] = questionIdsOf(await api.client.start());
    const own = await api.answer(coding!, { code: PY_SOLUTION, language: 'python', drafts: { python: 'x' } });
    expectFailure(own, '400.2');
    expect(own.body).toContain("drafts must not hold Python: that is the answer's own language.");
    const foreign = await api.answer(coding!, { code: PY_SOLUTION, language: 'python', drafts: { ruby: 'x' } });
    expectFailure(foreign, '400.2');
    expect(foreign.body).toContain('drafts cannot hold Ruby: this question is not answered in it.');
    const large = await api.answer(coding!, {
      code: PY_SOLUTION,
      language: 'python',
      drafts: { typescript: 'x'.repeat(100_001), javascript: 'y'.repeat(100_000) },
    });
    expectFailure(large, '400.2');
    expect(large.body).toContain('drafts hold 200,001 characters, over the limit of 200,000 characters');
    const session = expectSuccess<CandidateSession>(await api.session());
    expect(session.answers[String(coding)]).toBeUndefined();
  });

  it('are never scored, are in the export, and go with an erasure', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'scored.drafts@example.com');
    const api = candidate(h, token);
    const [coding] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(coding!, { code: JS_SOLUTION, language: 'javascript', drafts: { typescript: TS_DRAFT } }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.score).toMatchObject({ score: 4, maxScore: 4 });
    expect(JSON.stringify(details)).not.toContain('not finished');

    const exported = expectSuccess<PersonalData>(
      await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'scored.drafts@example.com' } }),
    );
    expect(exported.invitations[0]?.answers[0]).toMatchObject({ code: JS_SOLUTION, language: 'javascript', drafts: { typescript: TS_DRAFT } });

    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { testInvitationId: invitationId } }));
    const row = await h.store.db.selectFrom('answers').select(['code', 'drafts']).where('invitation_id', '=', invitationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ code: null, drafts: null });
  }, 120_000);
});
