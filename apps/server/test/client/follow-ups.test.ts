import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, candidateTokenOf, type AssayClient } from '@assay/client';
import { FOLLOW_UP_RUBRIC } from '@assay/domain/ai';
import { questionIdsOf } from '../helpers/candidate.js';
import { backends } from '../helpers/test-app.js';
import { writtenTest } from '../helpers/written-attempts.js';
import { startClientHarness, type ClientHarness } from './client-harness.js';

const ESSAY = 'An index lets the database find rows without reading the whole table.';

/** Issue 60 item 6 through @assay/client: the follow-up review queue and marking by reference, over real HTTP. */
describe.each(backends)('@assay/client follow-up review against the real server on %s', (backend) => {
  let t: ClientHarness;
  let testId: number;
  let reviewer: AssayClient;
  let blindReviewer: AssayClient;
  let invitationId: number;
  beforeAll(async () => {
    t = await startClientHarness(backend);
    const definition = { ...writtenTest, testName: 'Follow-ups', ai: { aiPolicy: 'none', followUps: 2, followUpSeconds: 60 } };
    testId = (await t.client.tests.import(definition as Parameters<AssayClient['tests']['import']>[0])).testId;
    reviewer = t.clientWith({ apiKey: (await t.client.admin.keys.create(t.h.org.orgId, { role: 'reviewer', label: 'Panel F' })).apiKey });
    blindReviewer = t.clientWith({ apiKey: (await t.client.admin.keys.create(t.h.org.orgId, { role: 'blind-reviewer', label: 'Blind F' })).apiKey });
    // No model here: the templates write the follow-ups over the candidate's own essay.
    const registration = await t.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    invitationId = registration.testInvitationId;
    const attempt = t.client.candidate(candidateTokenOf(registration.takeTestURL));
    const [, , essay] = questionIdsOf(await attempt.start()) as [number, number, number];
    await attempt.saveAnswer(essay, { text: ESSAY });
    await attempt.followUps.submit(essay);
    await attempt.followUps.refusedPaste(essay, 0);
    await attempt.followUps.save(essay, 0, { answer: 'It skips reading every row.', final: true });
  });
  afterAll(() => t.close());

  it('reads the queue with the rubric, names for a reviewer and none for a blind reviewer', async () => {
    const queue = await reviewer.grading.followUps(testId);
    expect(queue).toMatchObject({ testId, blind: false, rubric: FOLLOW_UP_RUBRIC, followUpsCount: 2, markedCount: 0 });
    expect(queue.items).toHaveLength(1);
    const [item] = queue.items;
    expect(item).toMatchObject({ invitationId, candidateName: 'Ada Lovelace', answer: ESSAY, language: null, markedCount: 0 });
    expect(item!.followUps.map((followUp) => [followUp.position, followUp.source, followUp.answer, followUp.pastesRefused, followUp.mark])).toEqual([
      [0, 'template', 'It skips reading every row.', 1, null],
      [1, 'template', '', 0, null],
    ]);

    const blind = await blindReviewer.grading.followUps(testId);
    expect(blind.blind).toBe(true);
    expect(blind.items[0]).not.toHaveProperty('candidateName');
    expect(blind.items[0]).not.toHaveProperty('invitationId');
    expect(blind.items[0]!.reference).toBe(item!.reference);
    expect((await reviewer.grading.followUps(testId, { blind: true })).items[0]).not.toHaveProperty('candidateName');
    await expect(reviewer.grading.followUps(987_654)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('marks by reference, takes a mark back with null, and answers what was not asked with NotFoundError', async () => {
    const { reference } = (await blindReviewer.grading.followUps(testId)).items[0]!;
    const marked = await blindReviewer.grading.markFollowUp(reference, 0, 'partly');
    expect(marked).toEqual({ questionId: expect.any(Number), position: 0, mark: 'partly', markedBy: expect.stringMatching(/^key \d+$/) });
    expect(await reviewer.grading.followUps(testId)).toMatchObject({
      markedCount: 1,
      items: [{ markedCount: 1, followUps: [{ mark: 'partly' }, { mark: null }] }],
    });
    expect(await reviewer.grading.markFollowUp(reference, 0, null)).toMatchObject({ mark: null, markedBy: null });
    expect((await reviewer.grading.followUps(testId)).markedCount).toBe(0);
    const missing = await reviewer.grading.markFollowUp(reference, 2, 'not').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ statuscode: '404.100' });
    await expect(reviewer.grading.markFollowUp('A'.repeat(22), 0, 'not')).rejects.toMatchObject({ statuscode: '404.4' });
  });
});
