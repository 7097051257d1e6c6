import type { CandidateComparison, ComparedCandidate } from '@assay/domain/report';
import stringWidth from 'string-width';
import { terminalLine } from './terminal-text.js';

/** The facts' column: wide enough for "Q12 Logic" and section names cut to fit. */
const LABEL_WIDTH = 14;
const GAP = 2;

/** Cuts a cell to `width` display columns, ending it with … when cut; controls shown as pictures. */
export const fitCell = (text: string, width: number): string => {
  const line = terminalLine(text);
  if (stringWidth(line) <= width) return line;
  let cut = '';
  for (const character of line) {
    if (stringWidth(`${cut}${character}…`) > width) break;
    cut += character;
  }
  return `${cut}…`;
};

const points = (value: { score: number; maxScore: number; percent: number } | null): string =>
  value === null ? '—' : `${value.score}/${value.maxScore} ${value.percent}%`;

const unfinished = (candidate: ComparedCandidate) => (candidate.finished ? null : candidate.testStatus);

/**
 * A comparison as rows of cells (decision 1430): the first cell names the fact, then one per candidate. The head
 * rows come first; `questions` are the per-question marks, which the TUI scrolls.
 */
export const comparisonRows = (comparison: CandidateComparison): { head: string[][]; questions: string[][] } => {
  const each = (cell: (candidate: ComparedCandidate) => string) => comparison.candidates.map(cell);
  const head = [
    ['', ...each((candidate) => candidate.fullName)],
    ['id', ...each((candidate) => String(candidate.testInvitationId))],
    ['score', ...each((candidate) => unfinished(candidate) ?? points(candidate.score))],
    ['time', ...each((candidate) => (candidate.timeTakenMinutes === null ? '—' : `${candidate.timeTakenMinutes} min`))],
    ['integrity', ...each((candidate) => candidate.integrityLevel ?? '—')],
    ['decision', ...each((candidate) => candidate.recorded.decision ?? '—')],
    ['reason', ...each((candidate) => candidate.recorded.decisionReason ?? '—')],
    ['rating', ...each((candidate) => (candidate.recorded.meanRating === null ? '—' : `${candidate.recorded.meanRating} (${candidate.recorded.ratings})`))],
    ...comparison.sections.map((name, index) => [name, ...each((candidate) => points(candidate.sections[index] ?? null))]),
    ...comparison.skills.map((name, index) => [`skill ${name}`, ...each((candidate) => points(candidate.skills[index] ?? null))]),
  ];
  const questions = comparison.questions.map((question, index) => [
    `Q${question.number} ${question.sectionName}`,
    ...each((candidate) => {
      const marks = candidate.marks[index];
      return marks === null || marks === undefined ? '—' : String(marks);
    }),
  ]);
  return { head, questions };
};

/** The width of each candidate's column so that the label and every candidate fit `width` terminal columns. */
export const candidateWidth = (candidates: number, width: number): number =>
  Math.max(4, Math.min(20, Math.floor((width - LABEL_WIDTH) / Math.max(1, candidates)) - GAP));

/** One row as a line: the label and each cell cut and padded to their columns. */
export const comparisonLine = (row: readonly string[], cellWidth: number): string =>
  row
    .map((cell, index) => {
      const width = index === 0 ? LABEL_WIDTH : cellWidth;
      const fitted = fitCell(cell, width);
      return fitted + ' '.repeat(Math.max(0, width - stringWidth(fitted)));
    })
    .join(' '.repeat(GAP))
    .trimEnd();

/** The whole comparison as text of at most `width` columns: head rows, then a marks row per question. */
export const comparisonText = (comparison: CandidateComparison, width = 80): string => {
  const { head, questions } = comparisonRows(comparison);
  const cellWidth = candidateWidth(comparison.candidates.length, width);
  return [...head, ...(questions.length > 0 ? [['marks'], ...questions] : [])].map((row) => comparisonLine(row, cellWidth)).join('\n');
};
