import { AI_USE_NAMES, type EvidenceReviewDetail, type ReportDetails } from '@assay/domain';
import { displayIso } from './format.js';
import { BOLD, INK, LEFT, MUTED, NEGATIVE, POSITIVE, WIDTH, linesOf, put, type Cursor, type Doc } from './pdf-layout.js';
import type { Cell } from './pdf-table.js';

/**
 * A reviewer's outcome on each departure, snapshot, paste and large insertion (issue 32, item 5; issue 34), drawn
 * beside the raw signal it judges: the signal stays as the page reported it (wv and tv are raw), the review says what
 * a person made of it.
 */

const NOTE_SIZE = 8.5;
const NOTE_LINE = 11.5;
const INDENT = 12;

const time = (iso: string): string => displayIso(iso).slice(11);

/** The departures table's review cell: the outcome that counts, or a dash while unreviewed. */
export const reviewCell = (review: EvidenceReviewDetail | null | undefined): Cell =>
  review
    ? { text: review.outcome === 'confirmed' ? 'Confirmed' : 'Dismissed', bold: true, color: review.outcome === 'confirmed' ? NEGATIVE : POSITIVE }
    : { text: 'not reviewed', color: MUTED };

interface ReviewedItem {
  readonly signal: string;
  readonly review: EvidenceReviewDetail;
}

const reviewedItems = (details: ReportDetails): ReviewedItem[] => {
  const { departures, snapshots } = details.integrity;
  const items: ReviewedItem[] = [];
  departures.forEach((departure, index) => {
    if (!departure.review) return;
    const back = departure.returnedAt === null ? 'did not return' : `returned ${time(departure.returnedAt)}`;
    items.push({ signal: `Departure ${index + 1}: left ${time(departure.leftAt)}, ${back}, away ${departure.seconds} s`, review: departure.review });
  });
  snapshots.forEach((snapshot, index) => {
    if (snapshot.review) items.push({ signal: `Snapshot ${index + 1}: taken ${time(snapshot.takenAt)}`, review: snapshot.review });
  });
  // Pastes and large insertions (issue 34), listed beside their answers and reviewed here with the rest.
  for (const question of details.questions) {
    for (const event of question.signals?.events ?? []) {
      if (!event.review) continue;
      const what = event.kind === 'paste' ? 'Paste' : 'Large insertion';
      items.push({ signal: `${what} into Q${question.number}: ${event.chars} characters at ${time(event.at)}`, review: event.review });
    }
  }
  for (const finding of details.integrity.aiUse ?? []) {
    const question = finding.questionNumber === null ? '' : ` in Q${finding.questionNumber}`;
    if (finding.review) items.push({ signal: `${AI_USE_NAMES[finding.kind]}${question} at ${time(finding.at)}`, review: finding.review });
  }
  return items;
};

/** Each reviewed piece of evidence: its raw signal, the outcome, who and when, and the note line by line (page breaks between lines). */
export const drawEvidenceReviews = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const items = reviewedItems(details);
  if (items.length === 0) return;
  cursor.ensure(40);
  put(doc, 'Reviewed evidence', LEFT, cursor.y, WIDTH, { font: BOLD, size: 10 });
  cursor.y += 16;
  for (const { signal, review } of items) {
    cursor.ensure(2 * NOTE_LINE + 4);
    const cell = reviewCell(review);
    put(doc, `${signal} — ${cell.text}`, LEFT, cursor.y, WIDTH, { size: 9, font: BOLD, color: cell.color ?? INK });
    cursor.y += NOTE_LINE + 1;
    put(doc, `by ${review.by}, ${displayIso(review.at)}`, LEFT + INDENT, cursor.y, WIDTH - INDENT, { size: NOTE_SIZE, color: MUTED });
    cursor.y += NOTE_LINE;
    // Tabs have no glyph in the report's fonts; a note is read as the reviewer wrote it, line by line.
    for (const line of review.note.trim() === '' ? [] : linesOf(doc, review.note.replaceAll('\t', '    '), WIDTH - INDENT, { size: NOTE_SIZE })) {
      cursor.ensure(NOTE_LINE);
      if (line !== '') put(doc, line, LEFT + INDENT, cursor.y, WIDTH - INDENT, { size: NOTE_SIZE });
      cursor.y += NOTE_LINE;
    }
    cursor.y += 4;
  }
  cursor.y += 6;
};
