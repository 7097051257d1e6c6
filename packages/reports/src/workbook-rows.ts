import type { CandidateReport, IntegritySummary, RecordedSummary, SectionReportEntry, ShownScore, ViolationKind } from '@assay/domain';
import type { ItemAnalysis } from '@assay/domain/report';

/** A value of one cell: numbers stay numbers, an empty cell is null. */
export type CellValue = string | number | Date | null;

/** One candidate of the test: the report (spec 2.5) and the section report (spec 2.6) of one invitation. */
export interface CandidateRow {
  testInvitationId: number;
  report: CandidateReport;
  sections: SectionReportEntry[];
  /** The attempt's integrity summary (issue 48, item 7); its cells are empty without one. */
  integrity?: IntegritySummary;
  /** The score to show (decision 649): while provisional, the score cell says so; absent, the report's score. */
  shown?: ShownScore;
  /** The report's percent, percentile and verdict of the shown score (decision 820); absent, their cells are empty. */
  reading?: ScoreReading;
  extraTimePercent?: number;
  /** A terminated attempt's image violations and which limit ended it (decision 974); absent otherwise. */
  iv?: number;
  terminatedBy?: ViolationKind;
  /** The test link the candidate registered through; null or absent when invited directly. */
  testLink?: { id: number; name: string } | null;
  /** The invitation this one is a reattempt of; null or absent for a first attempt. */
  previousInvitationId?: number | null;
  /** The assistant's messages, characters inserted from its replies and follow-ups asked (decision 1261); null or absent without an AI snapshot. */
  aiUse?: { assistantMessages: number | null; assistantInsertedChars: number | null; followUps: number | null };
  /** The decision, its reason, the tags and the ratings' mean and count (decision 1414); absent, their cells are empty. */
  recorded?: RecordedSummary;
  /** The test version the attempt was taken on (issue 62 item 4), or the current one before it starts. */
  testVersion?: number;
}

/** How the report reads a score (decision 820): as a percent of its maximum, its percentile rank and its verdict band. */
export interface ScoreReading {
  readonly percent: number | null;
  /** Null below five scored attempts, or for a score that is not final. */
  readonly percentile: number | null;
  /** The label of the test's verdict band; null without bands, below every band, or for a score that is not final. */
  readonly verdict: string | null;
}

/**
 * One candidate's Candidates row as its cells (`candidateCells`), worked out where the rows are read: a flat array of
 * values crosses to the workbook thread for a fifth of the structured clone of the report and section objects (13
 * named fields, five section entries and their repeated names a row, ~0.7 s of deserialising per 100,000 rows).
 */
export interface CandidateCellsRow {
  readonly kind: 'candidate-cells';
  readonly cells: readonly CellValue[];
}

/** A question of the test as the Questions sheet heads its columns, in the report's question order. */
export interface QuestionColumn {
  readonly number: number;
  readonly questionId: number;
  readonly marks: number;
  readonly text: string;
  /** A coding question has two more columns: the language and the hidden tests passed. */
  readonly coding: boolean;
  /** The skills the question counts under (its own, else its section's name; issue 52); absent from older feeds. */
  readonly skills?: readonly string[];
  /** Whether the question names skills itself: only then does the sheet get skill columns (decision 928). */
  readonly named?: boolean;
}

/** Starts the Questions sheet (after the last candidate row): its question columns. */
export interface QuestionsHeader {
  readonly kind: 'questions-header';
  readonly columns: readonly QuestionColumn[];
}

/**
 * One candidate's row of the Questions sheet, in the Candidates sheet's order. `cells` holds, per question, the marks
 * awarded, then for a coding question its language and the hidden tests passed (`4/5`); null when the candidate never
 * started (the row shows who, and empty cells).
 */
export interface QuestionsRow {
  readonly kind: 'questions-row';
  readonly testInvitationId: number;
  readonly emailId: string;
  readonly fullName: string;
  readonly cells: readonly (string | number | null)[] | null;
}

/**
 * One candidate's row of the Questions sheet as the attempt's results and coding texts as scoring stored them
 * (`resultsTextOf`, `codingTextOf`; the coding text names every coding question of the header), read into cells on the
 * workbook thread: two strings cross instead of ~35 cells, and the request thread reads none of them (decision 423).
 */
export interface QuestionsTextsRow {
  readonly kind: 'questions-texts';
  readonly testInvitationId: number;
  readonly emailId: string;
  readonly fullName: string;
  readonly results: string;
  readonly coding: string;
}

/**
 * Starts the Time per question sheet (after the last Questions row): the same question columns. `variants`: the test
 * draws or shuffles questions (issue 34, item 5), so the sheet names the order each candidate was shown.
 */
export interface TimesHeader {
  readonly kind: 'times-header';
  readonly columns: readonly QuestionColumn[];
  readonly variants?: boolean;
}

/**
 * One candidate's seconds per question (null cells: not recorded; `cells` null: never started), in the Candidates
 * sheet's order; with variants, the order shown (`variantOrderText`) and the seed that reproduces it, null before the start.
 */
export interface TimesRow {
  readonly kind: 'times-row';
  readonly testInvitationId: number;
  readonly emailId: string;
  readonly fullName: string;
  readonly cells: readonly (number | null)[] | null;
  readonly shown?: string | null;
  readonly seed?: number | null;
}

/**
 * The Item analysis sheet's content (after the last Time per question row): the test's item analysis as the API
 * answers it, one row per question and version, so it crosses in one message however many candidates there are.
 */
export type ItemAnalysisSheet =
  | { readonly kind: 'item-analysis'; readonly analysis: ItemAnalysis }
  /** A test too large for the export to analyse (decision 1445): the sheet's one line says where to read it. */
  | { readonly kind: 'item-analysis'; readonly leftOut: string };

/**
 * What the export streams to the workbook: every candidate row, then the Questions sheet's header and one row per
 * candidate, then the Time per question sheet's, then the item analysis (a streamed workbook writes one sheet after
 * the other).
 */
export type WorkbookRow = CandidateRow | QuestionsHeader | QuestionsRow | QuestionsTextsRow | TimesHeader | TimesRow | ItemAnalysisSheet;

/** What the workbook writes from: the rows, with a Candidates row either as its report or as its cells. */
export type WorkbookInput = WorkbookRow | CandidateCellsRow;
