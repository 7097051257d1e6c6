export { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE } from './media-types.js';
export {
  UNREADABLE_IMAGE,
  barFraction,
  renderReportPdf,
  reportPdfFileName,
  type ReportPdfData,
  type ReportPdfLayout,
  type ReportPdfOptions,
  type SnapshotThumbnail,
  type StoredSnapshot,
} from './report-pdf.js';
export { renderReportPdfFile, thumbnailsOf } from './report-pdf-file.js';
export { sampleReportDetails, type SampleReportOptions } from './sample-report.js';
export {
  CANDIDATES_SHEET,
  CANDIDATE_COLUMNS,
  QUESTIONS_SHEET,
  QUESTION_COLUMNS,
  questionRowsOf,
  SECTIONS_SHEET,
  TEST_SHEET,
  sectionColumnHeaders,
  testWorkbookFileName,
  writeTestWorkbook,
  type CandidateRow,
  type QuestionRow,
  type WorkbookRow,
} from './test-workbook.js';
export { SNAPSHOT_OUTPUT, normaliseSnapshot, snapshotThumbnail } from './snapshot-image.js';
export { RenderBusyError, ReportRenderer, type ReportRendererOptions } from './report-renderer.js';
