import type { EvidenceOutcome, EvidenceReviewDetail, QuestionDetail, ReportDetails } from '@assay/domain/report';
import { AI_USE_SHORT_NAMES } from '@assay/domain/ai';

/**
 * One piece of integrity evidence as the report screen lists it (issue 32, item 5): the raw signal the page reported,
 * and beside it what a reviewer made of it. v2's wv and tv stay raw; the review never changes the signal.
 */
export interface EvidenceRow {
  /** The id a review names it by; absent from an older server's details (the row is shown, not reviewable). */
  eventId: string | null;
  /** "Departure 2", "Snapshot 1": numbered as the PDF numbers them. */
  name: string;
  /** The raw signal, times UTC: "10:02:11–10:02:13 (2 s)", "10:04:50–not back (95 s)", "taken 10:05:00". */
  signal: string;
  review: EvidenceReviewDetail | null;
}

const timeOf = (iso: string): string => iso.slice(11, 19);

/** A pair's regions in brief: "3–12 ≈ 5–14, 20–25 ≈ 1–6" (this answer's lines ≈ the other's), the first three. */
const regionsText = (regions: NonNullable<ReportDetails['integrity']['similarity']>[number]['regions']): string => {
  const shown = regions.slice(0, 3).map(({ lines, otherLines }) => `${lines.from}–${lines.to} ≈ ${otherLines.from}–${otherLines.to}`);
  return regions.length > 3 ? `${shown.join(', ')}, +${regions.length - 3}` : shown.join(', ');
};

/** The pastes and large insertions the questions list, in the order they happened ("Paste Q3", "10:04:12, 840 chars, 22 lines"). */
const signalRows = (questions: readonly Pick<QuestionDetail, 'number' | 'signals'>[]): EvidenceRow[] =>
  questions
    .flatMap((question) => (question.signals?.events ?? []).map((event) => ({ number: question.number, event })))
    .sort((a, b) => a.event.at.localeCompare(b.event.at))
    .map(({ number, event }) => ({
      eventId: event.eventId ?? null,
      name: `${event.kind === 'paste' ? 'Paste' : 'Insertion'} Q${number}`,
      signal: `${timeOf(event.at)}, ${event.chars.toLocaleString('en')} chars, ${event.lines.toLocaleString('en')} ${event.lines === 1 ? 'line' : 'lines'}`,
      review: event.review ?? null,
    }));

/** The AI-use findings (issue 60, decision 1200), in time order: "Transcr. Q2", "10:09:41, 640 characters typed, …". */
const aiUseRows = (integrity: ReportDetails['integrity']): EvidenceRow[] =>
  (integrity.aiUse ?? []).map((finding) => ({
    eventId: finding.eventId ?? null,
    name: `${AI_USE_SHORT_NAMES[finding.kind]}${finding.questionNumber === null ? '' : ` Q${finding.questionNumber}`}`,
    signal: `${timeOf(finding.at)}, ${finding.figuresText}`,
    review: finding.review ?? null,
  }));

/**
 * The departures, the snapshots, the pastes and large insertions of each question, the AI-use findings, then the
 * similarity pairs (issue 34) of a report's details: each reviewed like the others ("Similar Q2", "to Ada Lovelace
 * #41, 0.82, lines 3–12 ≈ 5–14"; "Paste Q3", "10:04:12, 840 chars, 22 lines"; "Copied Q1", "10:03:00, 14 …").
 */
export const evidenceRows = (integrity: ReportDetails['integrity'], questions: readonly Pick<QuestionDetail, 'number' | 'signals'>[] = []): EvidenceRow[] => [
  ...integrity.departures.map((departure, index) => ({
    eventId: departure.eventId ?? null,
    name: `Departure ${index + 1}`,
    signal: `${timeOf(departure.leftAt)}–${departure.returnedAt === null ? 'not back' : timeOf(departure.returnedAt)} (${departure.seconds} s)`,
    review: departure.review ?? null,
  })),
  ...integrity.snapshots.map((snapshot, index) => ({
    eventId: snapshot.eventId ?? null,
    name: `Snapshot ${index + 1}`,
    signal: `taken ${timeOf(snapshot.takenAt)}`,
    review: snapshot.review ?? null,
  })),
  ...signalRows(questions),
  ...aiUseRows(integrity),
  ...(integrity.similarity ?? []).map((pair) => ({
    eventId: pair.eventId ?? null,
    name: pair.questionNumber === null ? 'Similar answer' : `Similar Q${pair.questionNumber}`,
    signal: `to ${pair.otherCandidateName} #${pair.otherTestInvitationId}, ${pair.score.toFixed(2)}, lines ${regionsText(pair.regions)}`,
    review: pair.review ?? null,
  })),
];

/** A note on one line: its lines and runs of spaces joined by single spaces. */
const oneLine = (note: string): string => note.trim().replace(/\s+/g, ' ');

/** The review beside the signal: "dismissed by Panel A: Fire alarm test." or "not reviewed". */
export const reviewText = (review: EvidenceReviewDetail | null): string => {
  if (!review) return 'not reviewed';
  const note = oneLine(review.note);
  return `${review.outcome} by ${review.by}${note === '' ? '' : `: ${note}`}`;
};

/** When the review that counts was made, for the line under the list: "2026-11-25 19:30 UTC". */
export const reviewedAtText = (review: EvidenceReviewDetail): string => `${review.at.slice(0, 16).replace('T', ' ')} UTC`;

/** The question the note prompt asks: "Dismiss Departure 2 (10:02:11–10:02:13 (2 s))". */
export const promptText = (outcome: EvidenceOutcome, row: Pick<EvidenceRow, 'name' | 'signal'>): string =>
  `${outcome === 'dismissed' ? 'Dismiss' : 'Confirm'} ${row.name} (${row.signal})`;

/** The first row shown of `count` when `visible` fit: the top, until the highlighted row would fall below the last. */
export const evidenceTop = (selected: number, count: number, visible: number): number => Math.max(0, Math.min(selected - visible + 1, count - visible));
