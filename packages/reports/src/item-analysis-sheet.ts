import type { ItemAnalysisRow, OptionAnalysis } from '@assay/domain/report';
import type { CellValue } from './workbook-rows.js';

/**
 * The Item analysis sheet (issue 62 item 5): the figures of `GET /v2/org/tests/{id}/item-analysis`, one row per
 * question and version, each choice question followed by a row per option, so a filter on `option` shows either the
 * questions or the options, and one on `flags` what asks for a second look. Figures stay numbers (shares and indexes
 * from 0 to 1, as the API gives them); an empty cell is a figure the attempts cannot give (docs/item-analysis.md).
 */
export const ITEM_ANALYSIS_HEADINGS = [
  'question',
  'questionId',
  'version',
  'type',
  'sectionName',
  'option',
  'optionText',
  'correct',
  'attempts',
  'exposures',
  'facility',
  'discrimination',
  'upperLowerIndex',
  'medianTimeSeconds',
  'timedAttempts',
  'chosen',
  'share',
  'upperShare',
  'lowerShare',
  'flags',
] as const;

export const ITEM_ANALYSIS_WIDTHS: readonly number[] = [10, 12, 18, 16, 24, 8, 40, 9, 10, 11, 10, 15, 17, 19, 15, 9, 9, 12, 12, 40];

/** Flags as the API names them, comma-separated; none is an empty cell (Excel's filter lists it as blanks). */
const flagsCell = (flags: readonly string[]): CellValue => (flags.length === 0 ? null : flags.join(', '));

/** Options are lettered as the candidate page and the CLI letter them: A for the first authored. */
const optionLetter = (option: number): string => String.fromCharCode(65 + option);

/** The question's own row: its figures, the option columns empty. */
const questionCells = (row: ItemAnalysisRow): CellValue[] => [
  row.number,
  row.questionId,
  row.version,
  row.type,
  row.sectionName,
  null,
  null,
  null,
  row.attempts,
  row.exposures,
  row.facility,
  row.discrimination,
  row.upperLowerIndex,
  row.medianTimeSeconds,
  row.timedAttempts,
  null,
  null,
  null,
  null,
  flagsCell(row.flags),
];

/** One option's row under its question: who chose it, overall and in the upper and lower 27 % groups. */
const optionCells = (row: ItemAnalysisRow, option: OptionAnalysis): CellValue[] => [
  row.number,
  row.questionId,
  row.version,
  row.type,
  row.sectionName,
  optionLetter(option.option),
  option.text,
  option.correct ? 'yes' : 'no',
  row.attempts,
  null,
  null,
  null,
  null,
  null,
  null,
  option.chosen,
  option.share,
  option.upperShare,
  option.lowerShare,
  flagsCell(option.flags),
];

/** The sheet's rows of one question and version: its own, then one per option of a choice question. */
export const itemAnalysisRowsOf = (row: ItemAnalysisRow): CellValue[][] => [
  questionCells(row),
  ...(row.options ?? []).map((option) => optionCells(row, option)),
];
