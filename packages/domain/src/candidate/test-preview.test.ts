import { describe, expect, it } from 'vitest';
import { TestDefinition } from '../schemas/test-definition.js';
import { isPreviewToken, previewContentOf, previewInvitationOf, previewOpens, type StoredPreview } from './test-preview.js';

const T0 = Date.UTC(2026, 10, 1, 9);
const choice = (text: string) => ({ type: 'single_choice', text, options: [{ text: 'a', correct: true }, { text: 'b' }] });
const definition = TestDefinition.parse({
  testName: 'Draft',
  testStatus: 'Inactive',
  sections: [
    { sectionName: 'Plain', sectionType: 'general', duration: 10, questions: [choice('one'), choice('two')] },
    { sectionName: 'Pool', sectionType: 'general', duration: 20, draw: 1, shuffleOptions: true, questions: [choice('three'), choice('four')] },
  ],
});
const preview: StoredPreview = { previewId: 5, orgId: 3, testId: null, definition, createdAt: T0, expiresAt: T0 + 86_400_000 };

describe('a preview link in the domain (issue 62 item 3)', () => {
  it('tells a preview token from an invitation token by its prefix alone', () => {
    expect(isPreviewToken('pv.abc')).toBe(true);
    expect(isPreviewToken('0mhk2x1aAbC-_')).toBe(false);
  });

  it('numbers sections and questions in the definition’s order, keeps its pools, and admits the start whatever its status', () => {
    const { test, sections, questions } = previewContentOf(preview);
    expect(test).toMatchObject({ orgId: 3, name: 'Draft', duration: 30, questionCount: 3, status: 'Active' });
    expect(sections.map(({ id, name, questionCount, pool }) => ({ id, name, questionCount, pool }))).toEqual([
      { id: 1, name: 'Plain', questionCount: 2, pool: undefined },
      { id: 2, name: 'Pool', questionCount: 1, pool: { draw: 1, shuffleQuestions: false, shuffleOptions: true } },
    ]);
    expect(questions.map(({ id, sectionId, definition }) => [id, sectionId, definition.text])).toEqual([
      [1, 1, 'one'],
      [2, 1, 'two'],
      [3, 2, 'three'],
      [4, 2, 'four'],
    ]);
  });

  it('answers a landing, a running attempt with the test’s minutes from its start, and an ended one', () => {
    expect(previewInvitationOf(preview, 'pv.t', 30, { kind: 'landing' })).toMatchObject({ id: -5, status: 'Pending', startedAt: null, deadline: null });
    expect(previewInvitationOf(preview, 'pv.t', 30, { kind: 'running', startedAt: T0, variantSeed: 7 })).toMatchObject({
      status: 'In progress',
      startedAt: T0,
      deadline: T0 + 30 * 60_000,
      variantSeed: 7,
    });
    expect(previewInvitationOf(preview, 'pv.t', 30, { kind: 'ended', at: T0 + 1 })).toMatchObject({
      status: 'Completed',
      completedAt: T0 + 1,
      endReason: 'submitted',
    });
  });

  it('opens until its expiry, not at it', () => {
    expect(previewOpens(preview, T0 + 86_400_000 - 1)).toBe(true);
    expect(previewOpens(preview, T0 + 86_400_000)).toBe(false);
  });
});
