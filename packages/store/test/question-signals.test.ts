import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition, moveInvitation, replayFrames, secondsInView, type InvitationEvent } from '@assay/domain';
import type { Store } from '../src/index.js';
import { registeredAt, scratchOrgWithTest } from './fixtures.js';

const definition = TestDefinition.parse({
  testName: 'Signals',
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        { type: 'coding', text: 'Double it', marks: 5, language: 'python', functionName: 'f', hiddenTests: [{ args: [1], expected: 2 }] },
        { type: 'coding', text: 'Triple it', marks: 5, language: 'python', functionName: 'g', hiddenTests: [{ args: [1], expected: 3 }] },
      ],
    },
  ],
});
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Per-question evidence as stored: one row per attempt and question, written only while the attempt takes writes. */
describe.each(['sqlite', 'postgres'] as const)('question signals and code playback on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let questionIds: number[];
  let counter = 0;

  beforeAll(async () => {
    ({ store, dispose, orgId, testId, questionIds } = await scratchOrgWithTest(backend, inject('pgUrl'), definition, `signals-${backend}`, T0));
  });
  afterAll(() => dispose());

  const started = async () => {
    counter += 1;
    const invitation = await registeredAt(store, orgId, testId, `c${counter}@example.com`, `signals-${backend}-${counter}`, T0);
    await apply(invitation.id, { type: 'start', at: T0, durationMinutes: 30 });
    return invitation.id;
  };
  const apply = (id: number, event: InvitationEvent, at = T0) => store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, event), at);

  it('times each question from one view to the next, and keeps pastes by size and the first keystroke', async () => {
    const id = await started();
    const [first, second] = questionIds as [number, number];
    expect(await store.questionSignals.record(id, { kind: 'question', questionId: first, at: T0 }, T0)).toBe(true);
    await store.questionSignals.record(id, { kind: 'keystroke', questionId: first, at: T0 + 12_000 }, T0 + 12_000);
    await store.questionSignals.record(id, { kind: 'paste', questionId: first, at: T0 + 20_000, chars: 240, lines: 9 }, T0 + 20_000);
    await store.questionSignals.record(id, { kind: 'question', questionId: second, at: T0 + 60_000 }, T0 + 60_000);
    await store.questionSignals.record(id, { kind: 'question', questionId: first, at: T0 + 90_000 }, T0 + 90_000);
    const signals = await store.questionSignals.ofAttempt(id);
    expect(secondsInView(signals.get(first)!, T0 + 100_000)).toBe(70);
    expect(secondsInView(signals.get(second)!, T0 + 100_000)).toBe(30);
    expect(signals.get(first)).toMatchObject({
      firstViewedAt: T0,
      firstKeystrokeAt: T0 + 12_000,
      pastes: 1,
      pastedChars: 240,
      events: [{ kind: 'paste', chars: 240, lines: 9 }],
    });
  });

  it("keeps a coding answer's history with the saves, and writes neither after the deadline", async () => {
    const id = await started();
    const [first] = questionIds as [number];
    await store.attempts.saveAnswer(id, first, { code: 'def f(x):\n', language: 'python' }, T0 + 10_000);
    await store.attempts.saveAnswer(id, first, { code: 'def f(x):\n    return 2 * x\n', language: 'python' }, T0 + 40_000);
    expect(replayFrames((await store.questionSignals.playback(id)).get(first)!)).toEqual(['def f(x):\n', 'def f(x):\n    return 2 * x\n']);

    const afterDeadline = T0 + 31 * 60_000;
    expect(await store.attempts.saveAnswer(id, first, { code: 'late', language: 'python' }, afterDeadline)).toBe(false);
    expect(await store.questionSignals.record(id, { kind: 'question', questionId: first, at: afterDeadline }, afterDeadline)).toBe(false);
    expect((await store.questionSignals.playback(id)).get(first)).toHaveLength(2);
  });

  it('clears both with the answers when the attempt is reset', async () => {
    const id = await started();
    const [first] = questionIds as [number];
    await store.questionSignals.record(id, { kind: 'question', questionId: first, at: T0 }, T0);
    await store.attempts.saveAnswer(id, first, { code: 'x = 1\n', language: 'python' }, T0 + 1_000);
    await apply(id, { type: 'reset' }, T0 + 2_000);
    expect((await store.questionSignals.ofAttempt(id)).size).toBe(0);
    expect((await store.questionSignals.playback(id)).size).toBe(0);
  });
});
