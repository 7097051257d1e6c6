export { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from './media-types.js';
export {
  UNREADABLE_IMAGE,
  barFraction,
  renderReportPdf,
  type ReportPdfData,
  type ReportPdfLayout,
  type ReportPdfOptions,
  type SnapshotThumbnail,
  type StoredSnapshot,
} from './report-pdf.js';
export { renderReportPdfFile, thumbnailsOf } from './report-pdf-file.js';
export { sampleReportDetails, type SampleReportOptions } from './sample-report.js';
export { APPENDED_COLUMNS, CANDIDATE_COLUMNS, sectionColumnHeaders } from './candidates-sheet.js';
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
export { writeTestWorkbook } from './test-workbook.js';
export { reportPdfFileName, testWorkbookFileName } from './file-names.js';
export { CANDIDATES_SHEET, ITEM_ANALYSIS_SHEET, QUESTIONS_SHEET, SECTIONS_SHEET, TEST_SHEET, TIMES_SHEET } from './workbook-sheets.js';
export type {
  CandidateCellsRow,
  CandidateRow,
  ItemAnalysisSheet,
  QuestionColumn,
  QuestionsHeader,
  QuestionsRow,
  QuestionsTextsRow,
  ScoreReading,
  WorkbookInput,
  WorkbookRow,
} from './workbook-rows.js';
export { SNAPSHOT_OUTPUT, blankSnapshotOf, normaliseSnapshot, snapshotThumbnail } from './snapshot-image.js';
export { PDF_TIME_BUDGET_MS, RenderBusyError, RenderTimeoutError, ReportRenderer, type ReportRendererOptions } from './report-renderer.js';
export { reduceMemory, reduceWhenQuiet } from './thread-memory.js';
