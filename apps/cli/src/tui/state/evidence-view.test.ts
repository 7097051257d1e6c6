import type { ReportDetails } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { evidenceRows, evidenceTop, promptText, reviewedAtText, reviewText } from './evidence-view.js';

const integrity: ReportDetails['integrity'] = {
  wv: 2,
  tv: 97,
  departures: [
    {
      eventId: 'departure-1764063731000',
      leftAt: '2026-11-25T09:42:11.000Z',
      returnedAt: '2026-11-25T09:42:13.000Z',
      seconds: 2,
      review: { outcome: 'dismissed', note: 'Fire alarm test,\n  confirmed by the office.', by: 'Panel A', at: '2026-11-25T10:30:02.000Z' },
    },
    { eventId: 'departure-1764064000000', leftAt: '2026-11-25T09:46:40.000Z', returnedAt: null, seconds: 95, review: null },
  ],
  omittedEvents: 0,
  snapshots: [
    {
      snapshotId: 7,
      takenAt: '2026-11-25T09:45:00.000Z',
      eventId: 'snapshot-7',
      review: { outcome: 'confirmed', note: '', by: 'Panel B', at: '2026-11-25T10:31:00.000Z' },
    },
  ],
  accommodation: null,
};

describe('the evidence list of the report screen', () => {
  it('lists the departures, then the snapshots, each with its raw signal (UTC) and the review that counts', () => {
    expect(evidenceRows(integrity)).toEqual([
      { eventId: 'departure-1764063731000', name: 'Departure 1', signal: '09:42:11–09:42:13 (2 s)', review: integrity.departures[0]!.review },
      { eventId: 'departure-1764064000000', name: 'Departure 2', signal: '09:46:40–not back (95 s)', review: null },
      { eventId: 'snapshot-7', name: 'Snapshot 1', signal: 'taken 09:45:00', review: integrity.snapshots[0]!.review },
    ]);
  });

  it('lists the AI-use findings (issue 60) before the similarity pairs, by rule and question, reviewable by their id', () => {
    const dismissed = { outcome: 'dismissed' as const, note: 'Quoted on purpose.', by: 'Panel A', at: '2026-11-25T11:00:00.000Z' };
    const finding = {
      kind: 'copied-question' as const,
      questionId: 12,
      questionNumber: 1,
      at: '2026-11-25T09:50:00.000Z',
      figures: { pastedWords: 0, answerWords: 14, proseWords: 30, excerpt: 'An empty list has no run' },
      rule: 'A long run of the question’s own words …',
      figuresText: '14 consecutive words in the answer as submitted (its prose has 30 words)',
      eventId: 'copied-question-1764064200000',
      review: dismissed,
    };
    expect(evidenceRows({ ...integrity, departures: [], snapshots: [], aiUse: [finding] })).toEqual([
      {
        eventId: 'copied-question-1764064200000',
        name: 'Copied Q1',
        signal: '09:50:00, 14 consecutive words in the answer as submitted (its prose has 30 words)',
        review: dismissed,
      },
    ]);
  });

  it('lists similarity pairs after them (issue 34), reviewable by their id, regions in brief', () => {
    const region = (from: number, otherFrom: number) => ({ lines: { from, to: from + 5 }, otherLines: { from: otherFrom, to: otherFrom + 5 }, otherCode: '' });
    const pair = {
      questionId: 12,
      questionNumber: 2,
      otherTestInvitationId: 41,
      otherCandidateName: 'Ada Lovelace',
      score: 0.8,
      regions: [region(3, 5), region(20, 1), region(30, 30), region(40, 40)],
      foundAt: '2026-11-25T10:00:00.000Z',
      eventId: 'similarity-9',
      review: null,
    };
    expect(evidenceRows({ ...integrity, departures: [], snapshots: [], similarity: [pair] })).toEqual([
      { eventId: 'similarity-9', name: 'Similar Q2', signal: 'to Ada Lovelace #41, 0.80, lines 3–8 ≈ 5–10, 20–25 ≈ 1–6, 30–35 ≈ 30–35, +1', review: null },
    ]);
  });

  it('lists each question’s pastes and large insertions after the snapshots, in the order they happened, reviewable by their id', () => {
    const confirmed = { outcome: 'confirmed' as const, note: 'Whole answer.', by: 'Panel A', at: '2026-11-25T11:00:00.000Z' };
    const signals = (events: { kind: 'paste' | 'insertion'; at: string; chars: number; lines: number; review?: typeof confirmed }[]) => ({
      firstViewedAt: null,
      secondsToFirstKeystroke: null,
      pastes: events.filter((event) => event.kind === 'paste').length,
      pastedChars: 0,
      largeInsertions: events.filter((event) => event.kind === 'insertion').length,
      largeInsertionChars: 80,
      events: events.map((event) => ({ ...event, eventId: `${event.kind}-${Date.parse(event.at)}` })),
    });
    const questions = [
      { number: 2, signals: signals([{ kind: 'paste', at: '2026-11-25T09:50:00.000Z', chars: 1204, lines: 31, review: confirmed }]) },
      { number: 1, signals: signals([{ kind: 'insertion', at: '2026-11-25T09:44:00.000Z', chars: 90, lines: 1 }]) },
      { number: 3 },
    ];
    expect(evidenceRows({ ...integrity, departures: [] }, questions)).toEqual([
      { eventId: 'snapshot-7', name: 'Snapshot 1', signal: 'taken 09:45:00', review: integrity.snapshots[0]!.review },
      { eventId: `insertion-${Date.parse('2026-11-25T09:44:00.000Z')}`, name: 'Insertion Q1', signal: '09:44:00, 90 chars, 1 line', review: null },
      { eventId: `paste-${Date.parse('2026-11-25T09:50:00.000Z')}`, name: 'Paste Q2', signal: '09:50:00, 1,204 chars, 31 lines', review: confirmed },
    ]);
  });

  it('reads an older server’s details (no eventId, no review): shown, not reviewable', () => {
    const older = { ...integrity, departures: [{ leftAt: '2026-11-25T09:42:11.000Z', returnedAt: null, seconds: 3 }], snapshots: [] };
    expect(evidenceRows(older)).toEqual([{ eventId: null, name: 'Departure 1', signal: '09:42:11–not back (3 s)', review: null }]);
  });

  it('says the outcome, who and the note on one line, or "not reviewed"', () => {
    const [dismissed, open, confirmed] = evidenceRows(integrity);
    expect(reviewText(dismissed!.review)).toBe('dismissed by Panel A: Fire alarm test, confirmed by the office.');
    expect(reviewText(open!.review)).toBe('not reviewed');
    expect(reviewText(confirmed!.review)).toBe('confirmed by Panel B');
    expect(reviewedAtText(confirmed!.review!)).toBe('2026-11-25 10:31 UTC');
    expect(promptText('dismissed', dismissed!)).toBe('Dismiss Departure 1 (09:42:11–09:42:13 (2 s))');
    expect(promptText('confirmed', confirmed!)).toBe('Confirm Snapshot 1 (taken 09:45:00)');
  });

  it('scrolls the list only as far as keeps the highlighted row in view', () => {
    expect(evidenceTop(0, 12, 5)).toBe(0);
    expect(evidenceTop(4, 12, 5)).toBe(0);
    expect(evidenceTop(5, 12, 5)).toBe(1);
    expect(evidenceTop(11, 12, 5)).toBe(7);
    expect(evidenceTop(2, 3, 5)).toBe(0);
  });
});
