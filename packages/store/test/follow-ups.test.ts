import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 0, 1);

/** Migration 058 and the follow-ups repository (issue 60 item 6): served once, saved, marked, erased. */
describe.each(['sqlite', 'postgres'] as const)('follow-ups on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let invitationId: number;
  let orgId: number;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    const testId = (await store.tests.importDefinition(orgId, oneQuestionTest('Follow'), `follow-${backend}`, T0)).testId;
    invitationId = (await registeredAt(store, orgId, testId, 'c@example.com', `follow-${backend}`, T0)).id;
  });
  afterAll(() => dispose());

  const questions = [
    { text: 'What does line 2 do?', source: 'template' as const },
    { text: 'What happens with an empty input?', source: 'template' as const },
  ];

  it('serves a question’s follow-ups once, the first timed from the submission, and the same set again', async () => {
    const served = await store.followUps.serve(invitationId, 11, questions, 120, T0);
    expect(served.map((f) => [f.position, f.text, f.source, f.servedAt, f.seconds])).toEqual([
      [0, 'What does line 2 do?', 'template', new Date(T0).toISOString(), 120],
      [1, 'What happens with an empty input?', 'template', null, 120],
    ]);
    const again = await store.followUps.serve(invitationId, 11, [{ text: 'Other?', source: 'model' }], 60, T0 + 5_000);
    expect(again).toEqual(served);
    expect(await store.followUps.startTimer(invitationId, 11, 1, T0 + 9_000)).toBe(true);
    expect(await store.followUps.startTimer(invitationId, 11, 1, T0 + 10_000)).toBe(false);
    expect((await store.followUps.of(invitationId, 11))[1]?.servedAt).toBe(new Date(T0 + 9_000).toISOString());
  });

  it('saves answers and refused pastes, and marks without a score', async () => {
    const [first] = await store.followUps.of(invitationId, 11);
    await store.followUps.save(invitationId, { ...first!, answer: 'It halves the range', answeredAt: new Date(T0 + 30_000).toISOString(), pastesRefused: 2 });
    expect(await store.followUps.mark(invitationId, 11, 0, 'partly', 'Reviewer', T0 + 60_000)).toBe(true);
    expect(await store.followUps.mark(invitationId, 12, 0, 'partly', 'Reviewer', T0 + 60_000)).toBe(false);
    const [saved] = await store.followUps.of(invitationId);
    expect(saved).toMatchObject({ answer: 'It halves the range', pastesRefused: 2, mark: 'partly', markedBy: 'Reviewer' });
    expect(saved?.answeredAt).toBe(new Date(T0 + 30_000).toISOString());
  });

  it('loses its words and answers to an erasure, keeping the marks', async () => {
    await store.erasure.eraseInvitations(orgId, [invitationId], { by: 'key 1 (ops)', scope: 'invitation', now: new Date(T0 + 90_000) });
    const erased = await store.followUps.of(invitationId);
    expect(erased.map((f) => [f.text, f.answer, f.mark])).toEqual([
      ['', '', 'partly'],
      ['', '', null],
    ]);
  });
});
