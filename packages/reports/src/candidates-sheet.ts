import {
  attemptStatusText,
  formatScore,
  INTEGRITY_KINDS,
  INTEGRITY_LEVEL_TEXT,
  integrityColumnHeading,
  integrityCountsCell,
  type IntegritySummary,
  type RecordedSummary,
  type Section,
  type SectionReportEntry,
  type ShownScore,
  type TestDetails,
} from '@assay/domain';
import { parseScore } from './format.js';
import type { CandidateRow, CellValue } from './workbook-rows.js';

/** The fixed leading columns of the Candidates sheet; two per test section follow (`sectionColumnHeaders`). */
export const CANDIDATE_COLUMNS = [
  'testInvitationId',
  'fullName',
  'emailId',
  'testStatus',
  'reportStatus',
  'attemptedOn',
  'timeTaken',
  'score',
  'totalScore',
  'wv',
  'tv',
  // The integrity summary (issue 48, decision 647): its level, then each kind as confirmed/dismissed/unreviewed.
  'integrity',
  ...INTEGRITY_KINDS.map(integrityColumnHeading),
] as const;

export const CANDIDATE_WIDTHS = [16, 28, 34, 13, 14, 20, 11, 10, 11, 6, 8, 12, 16, 16, 16, 16];

/** The 1-based column of the attempt's date, the one cell of a candidate row with a number format. */
export const ATTEMPTED_ON_COLUMN = CANDIDATE_COLUMNS.indexOf('attemptedOn') + 1;

/** The two Candidates columns of one test section: the candidate's score, then the section's maximum score. */
export const sectionColumnHeaders = (section: Pick<Section, 'sectionName'>): [string, string] => [`${section.sectionName} score`, `${section.sectionName} max`];

/**
 * The columns issue 50 added (decision 820), after the sections' so that every earlier column keeps its place: the
 * score as the report reads it (percent, percentile, verdict), the extra time granted, the test link the candidate
 * came through, and the invitation this one is a reattempt of.
 */
export const APPENDED_COLUMNS = [
  'percent',
  'percentile',
  'verdict',
  'extraTimePercent',
  'testLinkId',
  'testLinkName',
  'reattemptOf',
  // Issue 60 (decision 1261), after every earlier column: empty for an attempt without an AI snapshot.
  'assistantMessages',
  'assistantInsertedChars',
  'followUps',
  // Issue 61 item 3 (decision 1414), after every earlier column: what the hiring team recorded.
  'decision',
  'decisionReason',
  'tags',
  'meanRating',
  'ratings',
  // Issue 62 item 4 (decision 1489), last: the test version the attempt was taken on.
  'testVersion',
] as const;

/** Every heading of the Candidates sheet of a test. */
export const candidateHeadings = (test: TestDetails): string[] => [...CANDIDATE_COLUMNS, ...test.sections.flatMap(sectionColumnHeaders), ...APPENDED_COLUMNS];

/** A score string as a number when it is one; the text as sent otherwise; blank as an empty cell. */
const scoreCell = (text: string): CellValue => parseScore(text) ?? (text.trim() === '' ? null : text);

/**
 * The score cell: while answers await a grader, the marks so far marked "(provisional)" (decision 653) — text, so no
 * sum or filter of the column takes it for a final score; else the report's score.
 */
const shownScoreCell = (score: string, shown: ShownScore | undefined): CellValue =>
  shown?.scoreStatus === 'provisional' && shown.score !== null ? `${formatScore(shown.score)} (provisional)` : scoreCell(score);

/**
 * Whether the row has a score to show (decision 799): only a completed attempt does, and not while it is unscored.
 * Pending, In progress, Reset and Cancelled rows have none: their score cells are empty, not 0, so an average or a
 * filter of the column counts only candidates who were scored.
 */
const hasScore = (candidate: CandidateRow): boolean => candidate.report.testStatus === 'Completed' && candidate.shown?.scoreStatus !== 'unscored';

/** The wire date-time (UTC, `YYYY-MM-DDTHH:MM:SS`) as a date cell; null (not attempted) as an empty cell. */
const dateTimeCell = (wire: string | null): CellValue => {
  if (wire === null) return null;
  const date = new Date(`${wire}Z`);
  return Number.isNaN(date.getTime()) ? wire : date;
};

/**
 * The per-section cells of one candidate, in test-section order. Entries are matched by sectionName; when a test
 * repeats a section name, the n-th test section of that name takes the candidate's n-th entry of that name.
 */
const sectionCells = (testSections: readonly Section[], entries: readonly SectionReportEntry[]): CellValue[] => {
  const byName = new Map<string, SectionReportEntry[]>();
  for (const entry of entries) {
    const list = byName.get(entry.sectionName);
    if (list) list.push(entry);
    else byName.set(entry.sectionName, [entry]);
  }
  const seen = new Map<string, number>();
  const cells: CellValue[] = [];
  for (const section of testSections) {
    const occurrence = seen.get(section.sectionName) ?? 0;
    seen.set(section.sectionName, occurrence + 1);
    const entry = byName.get(section.sectionName)?.[occurrence];
    cells.push(entry?.candidateScore ?? null, entry?.sectionScore ?? null);
  }
  return cells;
};

/** The integrity summary's cells: the level in words, then each kind's `confirmed/dismissed/unreviewed`; empty without one. */
const integrityCells = (summary: IntegritySummary | undefined): CellValue[] =>
  summary
    ? [INTEGRITY_LEVEL_TEXT[summary.level], ...INTEGRITY_KINDS.map((kind) => integrityCountsCell(summary[kind]))]
    : [null, ...INTEGRITY_KINDS.map(() => null)];

/** What the hiring team recorded (decision 1414): tags as one comma-separated cell; no rating leaves the mean empty and the count 0. */
const recordedCells = (recorded: RecordedSummary | undefined): CellValue[] =>
  recorded
    ? [recorded.decision, recorded.decisionReason, recorded.tags.length > 0 ? recorded.tags.join(', ') : null, recorded.meanRating, recorded.ratings]
    : [null, null, null, null, null];

/**
 * The appended cells (decision 820): the percent follows the score cell (a number when final, "(provisional)" text
 * while provisional, empty without a score); percentile and verdict are the final report's (null in `reading` else).
 */
const appendedCells = (candidate: CandidateRow, scored: boolean): CellValue[] => {
  const { reading, testLink } = candidate;
  const provisional = candidate.shown?.scoreStatus === 'provisional';
  const percent = !scored || reading?.percent == null ? null : provisional ? `${reading.percent} (provisional)` : reading.percent;
  return [
    percent,
    scored ? (reading?.percentile ?? null) : null,
    scored ? (reading?.verdict ?? null) : null,
    candidate.extraTimePercent ?? null,
    testLink?.id ?? null,
    testLink?.name ?? null,
    candidate.previousInvitationId ?? null,
    candidate.aiUse?.assistantMessages ?? null,
    candidate.aiUse?.assistantInsertedChars ?? null,
    candidate.aiUse?.followUps ?? null,
    ...recordedCells(candidate.recorded),
    candidate.testVersion ?? null,
  ];
};

/** One candidate's cells on the Candidates sheet, in `candidateHeadings` order. */
export const candidateCells = (test: TestDetails, candidate: CandidateRow): CellValue[] => {
  const { report } = candidate;
  const scored = hasScore(candidate);
  const sections = sectionCells(test.sections, candidate.sections);
  return [
    candidate.testInvitationId,
    report.fullName,
    report.emailId,
    attemptStatusText({ ...report, iv: candidate.iv, terminatedBy: candidate.terminatedBy }),
    report.reportStatus,
    dateTimeCell(report.attemptedOn),
    report.timeTaken,
    scored ? shownScoreCell(report.score, candidate.shown) : null,
    scoreCell(report.totalScore),
    report.wv,
    report.tv,
    ...integrityCells(candidate.integrity),
    // Each section's candidate score is empty too without a score; its maximum stays (it is the test's).
    ...sections.map((cell, index) => (index % 2 === 0 && !scored ? null : cell)),
    ...appendedCells(candidate, scored),
  ];
};
