import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError, candidateTokenOf, type AssayClient } from '@assay/client';
import { questionIdsOf } from '../helpers/candidate.js';
import { backends } from '../helpers/test-app.js';
import { writtenTest } from '../helpers/written-attempts.js';
import { startClientHarness, type ClientHarness } from './client-harness.js';

/** Takes the written test through the client: the choice right, the short answer and the essay as given, then submit. */
const submitThroughClient = async (client: AssayClient, testId: number, emailId: string, fullName: string, answers: { short: string; essay: string }) => {
  const registration = await client.invitations.register(testId, { emailId, fullName });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const [choice, short, essay] = questionIdsOf(await attempt.start()) as [number, number, number];
  await attempt.saveAnswer(choice, { optionIds: [1] });
  await attempt.saveAnswer(short, { text: answers.short });
  await attempt.saveAnswer(essay, { text: answers.essay });
  await attempt.submit();
  return { invitationId: registration.testInvitationId, short, essay };
};

/** Issue 32, item 3: the review queue and grading through @assay/client, with a reviewer key, over real HTTP. */
describe.each(backends)('@assay/client grading against the real server on %s', (backend) => {
  let t: ClientHarness;
  let testId: number;
  let reviewer: AssayClient;
  let ada: Awaited<ReturnType<typeof submitThroughClient>>;
  let lin: Awaited<ReturnType<typeof submitThroughClient>>;
  beforeAll(async () => {
    t = await startClientHarness(backend);
    testId = (await t.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    const key = await t.client.admin.keys.create(t.h.org.orgId, { role: 'reviewer', label: 'Panel B' });
    reviewer = t.clientWith({ apiKey: key.apiKey });
    ada = await submitThroughClient(t.client, testId, 'ada@example.com', 'Ada Lovelace', { short: 'Lyon', essay: 'Sort first, then scan once.' });
    lin = await submitThroughClient(t.client, testId, 'lin@example.com', 'Lin Ting', { short: 'Paris', essay: 'Use a hash map of counts.' });
    await t.h.drainJobs();
  });
  afterAll(() => t.close());

  it('reads the queue by question and by candidate, blind or not, page by page, with a reviewer key', async () => {
    const queue = await reviewer.grading.queue(testId);
    expect(queue).toMatchObject({ by: 'question', blind: false, itemsCount: 3, gradedCount: 0 });
    // Lin's short answer matched "Paris": only Ada's short answer and both essays await a person.
    expect(queue.items.map((item) => item.questionId)).toEqual([ada.short, ada.essay, ada.essay]);
    expect(queue.items[1]).toMatchObject({
      question: {
        type: 'free_text',
        text: 'Explain your approach.',
        marks: 5,
        rubric: [
          { criterion: 'Correctness', marks: 3 },
          { criterion: 'Clarity', marks: 2 },
        ],
      },
      grade: null,
    });
    expect(queue.items.map((item) => item.candidate?.fullName).sort()).toEqual(['Ada Lovelace', 'Ada Lovelace', 'Lin Ting']);

    const blind = await reviewer.grading.queue(testId, { by: 'candidate', blind: true, page_size: 2 });
    expect(blind).toMatchObject({ by: 'candidate', blind: true, itemsCount: 3 });
    expect(blind.items.map((item) => [item.testInvitationId, item.candidate])).toEqual([
      [null, null],
      [null, null],
    ]);
    const seeing = await reviewer.grading.queue(testId, { by: 'candidate', page_size: 2 });
    expect(blind.items.map((item) => item.reference)).toEqual(seeing.items.map((item) => item.reference));
    expect(seeing.items.map((item) => item.testInvitationId)).toEqual([ada.invitationId, ada.invitationId]);
    const all = [];
    for await (const item of reviewer.grading.all(testId, { by: 'candidate', page_size: 2 })) all.push(`${item.testInvitationId}:${item.questionId}`);
    expect(all).toEqual([`${ada.invitationId}:${ada.short}`, `${ada.invitationId}:${ada.essay}`, `${lin.invitationId}:${lin.essay}`]);
    expect((await reviewer.grading.queue(testId, { questionId: ada.short })).items).toHaveLength(1);
  });

  it('grades with rubric marks and a comment, refuses what does not fit with typed errors, and finalises on the last grade', async () => {
    const graded = await reviewer.grading.grade(ada.invitationId, ada.essay, {
      marks: 4,
      criteria: [
        { criterion: 'Clarity', marks: 2 },
        { criterion: 'Correctness', marks: 2 },
      ],
      comment: 'Clear, but misses the empty list.',
    });
    expect(graded).toMatchObject({
      testInvitationId: ada.invitationId,
      questionId: ada.essay,
      regraded: false,
      awaitingCount: 1,
      reportStatus: 'In progress',
      score: null,
      grade: {
        marks: 4,
        criteria: [
          { criterion: 'Correctness', marks: 2 },
          { criterion: 'Clarity', marks: 2 },
        ],
        comment: 'Clear, but misses the empty list.',
        gradedBy: { label: 'Panel B' },
      },
    });

    const over = await reviewer.grading.grade(ada.invitationId, ada.short, { marks: 3 }).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(BadRequestError);
    expect(over).toMatchObject({ statuscode: '400.19', message: "marks is 3, over this question's 2. Give 0 to 2." });
    await expect(reviewer.grading.grade(lin.invitationId, lin.short, { marks: 2 })).rejects.toBeInstanceOf(ConflictError);
    await expect(reviewer.grading.grade(987_654, ada.short, { marks: 1 })).rejects.toBeInstanceOf(NotFoundError);

    const last = await reviewer.grading.grade(ada.invitationId, ada.short, { marks: 1 });
    expect(last).toMatchObject({ awaitingCount: 0, reportStatus: 'Generated', score: 6 });
    expect(await t.client.reports.get(ada.invitationId)).toMatchObject({ reportStatus: 'Generated', score: '6' });
    expect(await reviewer.grading.queue(testId)).toMatchObject({ itemsCount: 3, gradedCount: 2 });

    const regraded = await t.client.grading.grade(ada.invitationId, ada.short, { marks: 2, comment: 'Lyon is wrong, but the reasoning holds.' });
    expect(regraded).toMatchObject({ regraded: true, score: 7, grade: { marks: 2, criteria: [] } });
  });

  it('grades by the blind queue’s reference (decision 656), and answers a reference no answer has with NotFoundError', async () => {
    const blind = await reviewer.grading.queue(testId, { blind: true, questionId: ada.essay, page_size: 100 });
    const item = blind.items.find((each) => each.grade === null)!;
    const graded = await reviewer.grading.gradeByReference(item.reference, {
      marks: 1,
      criteria: [
        { criterion: 'Correctness', marks: 1 },
        { criterion: 'Clarity', marks: 0 },
      ],
    });
    expect(graded).toMatchObject({ reference: item.reference, questionId: ada.essay, grade: { marks: 1 }, reportStatus: 'Generated' });
    expect(await t.client.reports.get(lin.invitationId)).toMatchObject({ reportStatus: 'Generated' });
    await expect(reviewer.grading.gradeByReference('A'.repeat(22), { marks: 1 })).rejects.toBeInstanceOf(NotFoundError);
  });
});
