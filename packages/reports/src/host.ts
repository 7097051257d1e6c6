/**
 * What a server's request thread needs from this package, without loading what only the render workers use
 * (pdfkit, exceljs, fontkit and the fonts, sharp): importing the whole package costs a server about 0.4 s of
 * start and 55 MB of memory it may never need. Snapshot normalisation loads sharp at the first snapshot.
 */
import type { BlankFrame, Result } from '@assay/domain';

export { reportPdfFileName, testWorkbookFileName } from './file-names.js';
export { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from './media-types.js';
export {
  AWAITING_REVIEW_CELL,
  QUESTIONS_LEADING_COLUMNS,
  codingTextCovers,
  columnPositions,
  questionHeadings,
  questionsHeaderOf,
  questionsRowOf,
  questionsRowOfAwards,
  questionsRowOfTexts,
  sheetCodingOf,
} from './questions-sheet.js';
export { PDF_TIME_BUDGET_MS, RenderBusyError, RenderTimeoutError, ReportRenderer, type ReportRendererOptions } from './report-renderer.js';
export { reduceMemory } from './thread-memory.js';
export type { CandidateRow, QuestionColumn, ScoreReading, QuestionsHeader, QuestionsRow, QuestionsTextsRow, WorkbookRow } from './workbook-rows.js';

/** `normaliseSnapshot` of `./snapshot-image.js`, which loads sharp when first called. */
export const normaliseSnapshot = async (bytes: Buffer): Promise<Result<Buffer>> => (await import('./snapshot-image.js')).normaliseSnapshot(bytes);

/** `blankSnapshotOf` of `./snapshot-image.js`: whether a stored snapshot shows nothing (decision 972). */
export const blankSnapshotOf = async (jpeg: Buffer): Promise<BlankFrame | null> => (await import('./snapshot-image.js')).blankSnapshotOf(jpeg);
