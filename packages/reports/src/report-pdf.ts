import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { displayLine, type CandidateEvaluation, type InvitationHistory, type ReportDetails } from '@assay/domain';
import { displayInstant } from './format.js';
import { Cursor, FOOTER_Y, LEFT, MUTED, PAGE_HEIGHT, PAGE_WIDTH, WIDTH, hline, put, type Doc } from './pdf-layout.js';
import { batchContentWrites } from './pdf-content-writes.js';
import { drawIntegrity } from './pdf-integrity.js';
import { drawAssistant } from './pdf-assistant.js';
import { drawSimilarity } from './pdf-similarity.js';
import { drawEvaluation } from './pdf-evaluation.js';
import { drawHistory } from './pdf-history.js';
import { drawQuestions } from './pdf-questions.js';
import type { SnapshotThumbnail, StoredSnapshot } from './pdf-snapshots.js';
import { drawSummary } from './pdf-summary.js';

export { UNREADABLE_IMAGE, type SnapshotThumbnail, type StoredSnapshot } from './pdf-snapshots.js';

/** Everything the candidate report PDF (spec 4.13) shows: the report details, as `GET /v2/org/report/{id}/details` answers them. */
export interface ReportPdfData {
  details: ReportDetails;
  /** When the document was generated, epoch ms; printed in the footer and used as the PDF CreationDate. */
  generatedAt: number;
  /** Camera snapshots of the attempt (links with imageProctoring), drawn as a contact sheet with their times. */
  snapshots?: StoredSnapshot[];
  /** The invitation's history as `GET …/history` answers it (issue 32): drawn as the appendix "History" when given. */
  history?: InvitationHistory;
  /** The hiring team's decision, tags, notes and ratings (issue 50): a short section before the history when any is recorded. */
  evaluation?: CandidateEvaluation;
}

/** What the layout draws: the report data with its snapshots already checked and shrunk (`snapshotThumbnail`). */
export type ReportPdfLayout = Omit<ReportPdfData, 'snapshots'> & { thumbnails?: SnapshotThumbnail[] };

export interface ReportPdfOptions {
  /** Deflate the page content streams (pdfkit's `compress`). Default true; false is for tests and debugging. */
  compress?: boolean;
}

/** The filled share of a bar: score over max score, clamped to [0, 1]. */
export const barFraction = (candidateScore: number, maxScore: number): number => {
  if (!(maxScore > 0) || !(candidateScore > 0)) return 0;
  return Math.min(candidateScore / maxScore, 1);
};

const drawFooters = (doc: Doc, details: ReportDetails, generatedAt: number): void => {
  const range = doc.bufferedPageRange();
  const generated = `Generated ${displayInstant(generatedAt)} by Assay`;
  const name = WIDTH - 300;
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    hline(doc, LEFT, LEFT + WIDTH, FOOTER_Y - 8);
    put(doc, details.candidate.fullName, LEFT, FOOTER_Y, name - 10, { size: 8, color: MUTED });
    put(doc, generated, LEFT + name, FOOTER_Y, 220, { size: 8, color: MUTED });
    put(doc, `Page ${index + 1} of ${range.count}`, LEFT + WIDTH - 80, FOOTER_Y, 80, { size: 8, color: MUTED, align: 'right' });
  }
};

/**
 * Lays out the candidate report PDF (spec 4.13). Returns the pdfkit document, which is a Readable stream of the PDF
 * bytes: the document is already ended, so pipe it and read it to the end. The first page holds the decision (who,
 * which test, score, percentile, verdict, integrity, sections, every question in a line); then every question in
 * full; then the integrity timeline and the snapshots. Stored snapshots go through `renderReportPdfFile`, which
 * checks them first: pdfkit is never handed image bytes libvips did not write.
 */
export function renderReportPdf(data: ReportPdfLayout, options: ReportPdfOptions = {}): Readable {
  const { details } = data;
  const doc = new PDFDocument({
    // No default font: pdfkit would parse Helvetica's metrics for every document, and every text here is drawn in
    // an embedded Noto face.
    font: null as unknown as string,
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    displayTitle: true,
    info: {
      // A viewer shows these in its title bar: neutralised like every text drawn (fonts/script-text.ts).
      Title: `Candidate report: ${displayLine(details.candidate.fullName)}`,
      Author: 'Assay',
      Subject: displayLine(details.test.testName),
      Creator: 'Assay',
      CreationDate: new Date(data.generatedAt),
    },
  });
  batchContentWrites(doc);
  const cursor = new Cursor(doc);
  drawSummary(doc, cursor, details);
  drawQuestions(doc, cursor, details);
  drawIntegrity(doc, cursor, details, data.thumbnails ?? []);
  drawAssistant(doc, cursor, details);
  drawSimilarity(doc, cursor, details);
  if (data.evaluation) drawEvaluation(doc, cursor, data.evaluation);
  if (data.history) drawHistory(doc, cursor, data.history);
  drawFooters(doc, details, data.generatedAt);
  doc.end();
  return doc;
}
