import { MAX_LISTED_PAIRS_PER_QUESTION, type ReportDetails } from '@assay/domain';
import { BOLD, INK, LEFT, MONO, MUTED, WARNING, WIDTH, heading, put, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { reviewCell } from './pdf-evidence-reviews.js';

/**
 * Similarity with other candidates' answers (issue 34): each pair at or above the threshold, with its score and review,
 * and its matching regions side by side — this candidate's lines on the left, the other's on the right, numbered as in
 * each answer. Long lines are cut with an ellipsis (the whole answer is in the question's code block); a region shows
 * at most MAX_LINES lines, and a pair its first MAX_REGIONS regions, so a copied 500-line answer does not fill a book.
 */
const SIZE = 7;
const LINE = 9;
const GAP = 12;
const COLUMN = (WIDTH - GAP) / 2;
const NUMBER = 22;
const MAX_LINES = 30;
const MAX_REGIONS = 4;
const BACKGROUND = '#f6f8fa';

const column = (doc: Doc, x: number, top: number, first: number, lines: readonly string[]): void => {
  lines.forEach((line, index) => {
    const y = top + index * LINE;
    put(doc, String(first + index), x, y, NUMBER - 4, { font: MONO, size: SIZE, color: MUTED, align: 'right' });
    if (line.trim() !== '') put(doc, line.replaceAll('\t', '  '), x + NUMBER, y, COLUMN - NUMBER, { font: MONO, size: SIZE, color: INK });
  });
};

/**
 * What the list leaves out (decision 622): a class sharing one answer pairs everyone with everyone. It names where
 * every pair is, each reviewable there (decision 824).
 */
export const omittedPairsNote = (omitted: number, testInvitationId: number): string =>
  `${omitted.toLocaleString('en')} more ${omitted === 1 ? 'pair' : 'pairs'} at or above 0.5 not listed: the ${MAX_LISTED_PAIRS_PER_QUESTION} highest of each ` +
  `question are, and any reviewed. See all of them: assay similarity ${testInvitationId}, or GET /v2/org/testinvitation/${testInvitationId}/similarity.`;

export const drawSimilarity = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const pairs = details.integrity.similarity ?? [];
  if (pairs.length === 0) return;
  cursor.ensure(80);
  cursor.y += 8;
  heading(doc, cursor, 'Similar answers');
  const intro =
    'Answers to the same coding question that share much of their code with another candidate’s, names, comments and layout aside ' +
    '(score: shared fingerprints, 0–1; listed from 0.5). Evidence for a reviewer, not a verdict: the score above is unchanged.';
  cursor.y += putWrapped(doc, intro, LEFT, cursor.y, WIDTH, { size: 9, color: MUTED }) + 6;
  const omitted = details.integrity.omittedSimilarPairs ?? 0;
  if (omitted > 0) cursor.y += putWrapped(doc, omittedPairsNote(omitted, details.testInvitationId), LEFT, cursor.y, WIDTH, { size: 9, color: WARNING }) + 6;
  for (const pair of pairs) {
    const question = details.questions.find((entry) => entry.questionId === pair.questionId);
    const own = (question?.coding?.code ?? '').split('\n');
    const review = reviewCell(pair.review);
    cursor.ensure(3 * LINE + 24);
    const title = `Q${pair.questionNumber ?? '?'} — ${pair.otherCandidateName} (invitation ${pair.otherTestInvitationId}): score ${pair.score.toFixed(2)}`;
    put(doc, title, LEFT, cursor.y, WIDTH - 90, { font: BOLD, size: 9.5, color: WARNING });
    put(doc, review.text, LEFT + WIDTH - 90, cursor.y, 90, { ...(review.bold ? { font: BOLD } : {}), size: 9, color: review.color ?? INK, align: 'right' });
    cursor.y += 14;
    if (pair.review && pair.review.note.trim() !== '')
      cursor.y += putWrapped(doc, `Note: ${pair.review.note}`, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 2;
    for (const region of pair.regions.slice(0, MAX_REGIONS)) {
      const mine = own.slice(region.lines.from - 1, region.lines.to).slice(0, MAX_LINES);
      const theirs = region.otherCode.split('\n').slice(0, MAX_LINES);
      const rows = Math.max(mine.length, theirs.length, 1);
      cursor.ensure(12 + rows * LINE + 8);
      put(doc, `This answer, lines ${region.lines.from}–${region.lines.to}`, LEFT, cursor.y, COLUMN, { size: 8, color: MUTED });
      put(doc, `${pair.otherCandidateName}, lines ${region.otherLines.from}–${region.otherLines.to}`, LEFT + COLUMN + GAP, cursor.y, COLUMN, {
        size: 8,
        color: MUTED,
      });
      cursor.y += 11;
      doc
        .save()
        .rect(LEFT, cursor.y - 2, COLUMN, rows * LINE + 4)
        .fill(BACKGROUND)
        .restore();
      doc
        .save()
        .rect(LEFT + COLUMN + GAP, cursor.y - 2, COLUMN, rows * LINE + 4)
        .fill(BACKGROUND)
        .restore();
      column(doc, LEFT, cursor.y, region.lines.from, mine);
      column(doc, LEFT + COLUMN + GAP, cursor.y, region.otherLines.from, theirs);
      cursor.y += rows * LINE + 10;
    }
    if (pair.regions.length > MAX_REGIONS) {
      put(doc, `… ${pair.regions.length - MAX_REGIONS} more regions in the report's JSON (/details).`, LEFT, cursor.y, WIDTH, { size: 8, color: MUTED });
      cursor.y += 12;
    }
    cursor.y += 6;
  }
};
