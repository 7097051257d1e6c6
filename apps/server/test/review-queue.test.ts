import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';

/** Issue 32, item 3: `GET /v2/org/tests/{testId}/review`, by question or by candidate, blind or not. */
describe.each(backends)('the review queue on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let reviewer: { keyId: number; apiKey: string };
  const attempts: Awaited<ReturnType<typeof submitWritten>>[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(writtenTest);
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    for (const [index, name] of ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara'].entries()) {
      // Ada's short answer matches and Barbara leaves the essay blank: neither waits for a person.
      const short = index === 0 ? 'Paris' : `Guess ${index}`;
      const essay = index === 4 ? undefined : `Essay number ${index} written here.`;
      attempts.push(await submitWritten(h, testId, `${name.toLowerCase()}@example.com`, { short, ...(essay ? { essay } : {}) }, { fullName: name }));
    }
    await h.drainJobs();
  });
  afterAll(() => h.close());

  const queue = async (query: string, apiKey?: string) =>
    expectSuccess<ReviewQueue>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review${query}`, ...(apiKey ? { apiKey } : {}) }));
  const pairs = (result: ReviewQueue) => result.items.map((item) => [item.testInvitationId, item.questionId]);

  it('by question: each question’s answers together, in a shuffled order that paging and asking again keep', async () => {
    const [, short, essay] = [attempts[0]!.choice, attempts[0]!.short, attempts[0]!.essay];
    const all = await queue('?page_size=100', reviewer.apiKey);
    expect(all).toMatchObject({ by: 'question', blind: false, itemsCount: 8, gradedCount: 0 });
    expect(all.items.map((item) => item.questionId)).toEqual([short, short, short, short, essay, essay, essay, essay]);
    expect(pairs(await queue('?page_size=100', reviewer.apiKey))).toEqual(pairs(all));
    const pages = [
      await queue('?page_size=3&page_no=1', reviewer.apiKey),
      await queue('?page_size=3&page_no=2', reviewer.apiKey),
      await queue('?page_size=3&page_no=3', reviewer.apiKey),
    ];
    expect(pages.flatMap(pairs)).toEqual(pairs(all));
    expect(pages.map((page) => page.itemsCount)).toEqual([8, 8, 8]);
    const essays = all.items.filter((item) => item.questionId === essay);
    expect(essays[0]).toMatchObject({
      question: {
        type: 'free_text',
        text: 'Explain your approach.',
        marks: 5,
        rubric: [
          { criterion: 'Correctness', marks: 3 },
          { criterion: 'Clarity', marks: 2 },
        ],
      },
      answer: { words: 5 },
      grade: null,
    });
    expect(essays.map((item) => item.candidate?.fullName).sort()).toEqual(['Ada', 'Alan', 'Edsger', 'Grace']);
    const one = essays.find((item) => item.candidate?.fullName === 'Grace')!;
    expect(one).toMatchObject({ candidate: { fullName: 'Grace', email: 'grace@example.com' }, answer: { text: 'Essay number 1 written here.', words: 5 } });
    // One question's answers only.
    expect((await queue(`?questionId=${essay}`)).items.map((item) => item.questionId)).toEqual([essay, essay, essay, essay]);
  });

  it('by candidate: grouped by invitation, each one’s answers in question order; blind leaves out names and emails', async () => {
    const byCandidate = await queue('?by=candidate&page_size=100');
    expect(byCandidate).toMatchObject({ by: 'candidate', blind: false, itemsCount: 8 });
    const [ada, grace, alan, edsger] = attempts as [(typeof attempts)[0], (typeof attempts)[0], (typeof attempts)[0], (typeof attempts)[0]];
    expect(pairs(byCandidate)).toEqual([
      [ada.invitationId, ada.essay],
      [grace.invitationId, grace.short],
      [grace.invitationId, grace.essay],
      [alan.invitationId, alan.short],
      [alan.invitationId, alan.essay],
      [edsger.invitationId, edsger.short],
      [edsger.invitationId, edsger.essay],
      [attempts[4]!.invitationId, attempts[4]!.short],
    ]);
    const blind = await queue('?by=candidate&blind=true&page_size=100');
    expect(blind).toMatchObject({ by: 'candidate', blind: true, itemsCount: 8 });
    // The same order, told by references alone (blind-grading.test.ts proves what they hide).
    expect(blind.items.map((item) => item.reference)).toEqual(byCandidate.items.map((item) => item.reference));
    expect(blind.items.every((item) => item.candidate === null && item.testInvitationId === null)).toBe(true);
    const raw = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?blind=true&page_size=100` });
    expect(raw.body).not.toMatch(/Grace|grace@example\.com|Edsger/);
  });

  it('shows what is graded with its grade, counted in the progress', async () => {
    const grace = attempts[1]!;
    expectSuccess(
      await h.request({
        method: 'PUT',
        url: `/v2/org/testinvitation/${grace.invitationId}/grades/${grace.essay}`,
        body: { marks: 3, comment: 'Fine' },
        apiKey: reviewer.apiKey,
      }),
    );
    const after = await queue('?page_size=100');
    expect(after).toMatchObject({ itemsCount: 8, gradedCount: 1 });
    const graded = after.items.filter((item) => item.grade !== null);
    expect(graded).toHaveLength(1);
    expect(graded[0]).toMatchObject({
      testInvitationId: grace.invitationId,
      questionId: grace.essay,
      grade: { marks: 3, comment: 'Fine', gradedBy: { keyId: reviewer.keyId, label: 'Panel A' } },
    });
  });

  it('answers another org’s test 404.2 like an unknown one, and refuses a bad query with 400.4', async () => {
    const other = await h.createOrg('Other');
    expect(expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review`, apiKey: other.apiKey }), '404.2').result).toBe(
      `No test ${testId}.`,
    );
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/tests/987654321/review' }), '404.2');
    expect(String(expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?by=essay` }), '400.4').result)).toContain(
      'by must be "question" or "candidate"',
    );
    expect(String(expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?from=0` }), '400.4').result)).toContain(
      'from must be a position in the queue, from 1',
    );
  });

  it('says where the next answer awaiting a grade is, on whatever page, from where it is asked (issue 61)', async () => {
    const all = await queue('?page_size=100', reviewer.apiKey);
    const waiting = (from: number) => all.items.findIndex((item, index) => index + 1 >= from && item.grade === null) + 1 || null;
    expect(all.nextUngraded).toBe(waiting(1));
    // Grade every answer of the first page of three: the next one awaiting a grade is on another page.
    for (const item of all.items.slice(0, 3).filter((each) => each.grade === null)) {
      expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/review/${item.reference}/grade`, body: { marks: 0 }, apiKey: reviewer.apiKey }));
    }
    const after = await queue('?page_size=100', reviewer.apiKey);
    const firstPage = await queue('?page_size=3&page_no=1', reviewer.apiKey);
    expect(firstPage.items.every((item) => item.grade !== null)).toBe(true);
    const expected = after.items.findIndex((item) => item.grade === null) + 1;
    expect(expected).toBeGreaterThan(3);
    expect(firstPage.nextUngraded).toBe(expected);
    // From a later place: the first awaiting at or after it; past every one, none.
    const last = after.items.findLastIndex((item) => item.grade === null) + 1;
    expect((await queue(`?page_size=3&from=${last}`, reviewer.apiKey)).nextUngraded).toBe(last);
    expect((await queue(`?page_size=3&from=${last + 1}`, reviewer.apiKey)).nextUngraded).toBeNull();
  });
});
