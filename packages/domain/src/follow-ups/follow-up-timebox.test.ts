import { describe, expect, it } from 'vitest';
import type { FollowUpRecord } from './follow-up-record.js';
import { FOLLOW_UP_GRACE_MS, followUpSecondsLeft, followUpToServe, recordRefusedPaste, saveFollowUpAnswer } from './follow-up-timebox.js';
import { followUpCountFor } from './follow-up-plan.js';
import { DEFAULT_AI_SETTINGS } from '../ai/ai-settings.js';

const served: FollowUpRecord = {
  questionId: 1,
  position: 0,
  text: 'Why sorted?',
  source: 'template',
  servedAt: '2026-01-01T10:00:00.000Z',
  seconds: 120,
  answer: '',
  answeredAt: null,
  pastesRefused: 0,
  mark: null,
};
const at = (ms: number) => new Date(Date.parse('2026-01-01T10:00:00.000Z') + ms);

describe('the follow-up timebox', () => {
  it('saves drafts as typed while the time runs, and takes a final answer once', () => {
    const draft = saveFollowUpAnswer(served, { answer: 'It sorts', final: false }, at(30_000)).val!;
    expect(draft).toMatchObject({ answer: 'It sorts', answeredAt: null });
    const sent = saveFollowUpAnswer(draft, { answer: 'It sorts the items', final: true }, at(60_000)).val!;
    expect(sent.answeredAt).toBe(at(60_000).toISOString());
    expect(saveFollowUpAnswer(sent, { answer: 'changed', final: true }, at(61_000)).err?.kind).toBe('follow-up-closed');
  });

  it('refuses a save after the time and its grace, keeping what was saved', () => {
    expect(saveFollowUpAnswer(served, { answer: 'late', final: false }, at(120_000 + FOLLOW_UP_GRACE_MS)).val?.answer).toBe('late');
    expect(saveFollowUpAnswer(served, { answer: 'late', final: true }, at(120_000 + FOLLOW_UP_GRACE_MS + 1)).err?.kind).toBe('follow-up-closed');
  });

  it('refuses an answer over its limit', () => {
    expect(saveFollowUpAnswer(served, { answer: 'x'.repeat(4_001), final: false }, at(1_000)).err?.kind).toBe('answer-does-not-fit');
  });

  it('shows whole seconds left, never below zero', () => {
    expect(followUpSecondsLeft(served, at(500))).toBe(120);
    expect(followUpSecondsLeft(served, at(119_001))).toBe(1);
    expect(followUpSecondsLeft(served, at(500_000))).toBe(0);
  });

  it('serves one at a time: the next when the one before is sent or its time is up', () => {
    const waiting = { ...served, position: 1, servedAt: null };
    expect(followUpSecondsLeft(waiting, at(0))).toBe(120);
    expect(saveFollowUpAnswer(waiting, { answer: 'early', final: false }, at(0)).err?.kind).toBe('follow-up-closed');
    expect(followUpToServe([served, waiting], at(60_000))).toBeNull();
    expect(followUpToServe([served, waiting], at(120_000 + FOLLOW_UP_GRACE_MS + 1))).toBe(1);
    expect(followUpToServe([{ ...served, answeredAt: at(10_000).toISOString() }, waiting], at(10_000))).toBe(1);
    expect(
      followUpToServe(
        [
          { ...served, answeredAt: at(10_000).toISOString() },
          { ...waiting, servedAt: at(10_000).toISOString() },
        ],
        at(20_000),
      ),
    ).toBeNull();
  });

  it('counts every refused paste', () => {
    expect(recordRefusedPaste(recordRefusedPaste(served)).pastesRefused).toBe(2);
  });
});

describe('which answers get follow-ups', () => {
  const snapshot = { settings: { ...DEFAULT_AI_SETTINGS, followUps: 2 }, sections: [], version: '0123456789ab' };
  it('coding and free-text answers that are not blank, as many as the snapshot says', () => {
    expect(followUpCountFor(snapshot, 'coding', 'x = 1')).toBe(2);
    expect(followUpCountFor(snapshot, 'free_text', 'Because.')).toBe(2);
    expect(followUpCountFor(snapshot, 'short_answer', 'Paris')).toBe(0);
    expect(followUpCountFor(snapshot, 'coding', '   ')).toBe(0);
    expect(followUpCountFor(null, 'coding', 'x = 1')).toBe(0);
  });
});
