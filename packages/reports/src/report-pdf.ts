import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatScore, type CandidateReport, type SectionReportEntry } from '@assay/domain';
import { displayInstant, displayLanguages, displayWireDateTime, parseScore } from './format.js';
import {
  ACCENT,
  BAR,
  BOLD,
  BOTTOM,
  Cursor,
  FOOTER_Y,
  GRID,
  HEAD_FILL,
  INK,
  ITALIC,
  LEFT,
  MUTED,
  NEGATIVE,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  TOP,
  TRACK,
  WIDTH,
  heading,
  hline,
  put,
  putCentred,
  vline,
  type Doc,
} from './pdf-layout.js';
import { drawSnapshots, type SnapshotThumbnail, type StoredSnapshot } from './pdf-snapshots.js';

export { UNREADABLE_IMAGE, type SnapshotThumbnail, type StoredSnapshot } from './pdf-snapshots.js';

/** Everything the candidate report PDF (spec 4.13) shows. */
export interface ReportPdfData {
  testInvitationId: number;
  report: CandidateReport;
  sections: SectionReportEntry[];
  /** When the document was generated, epoch ms; printed in the footer and used as the PDF CreationDate. */
  generatedAt: number;
  /** Camera snapshots of the attempt (links with imageProctoring), listed as thumbnails. */
  snapshots?: StoredSnapshot[];
  /** The languages of the candidate's coding answers (a line under the test's name when there are any). */
  codingLanguages?: readonly string[];
}

/** What the layout draws: the report data with its snapshots already checked and shrunk (`snapshotThumbnail`). */
export type ReportPdfLayout = Omit<ReportPdfData, 'snapshots'> & { thumbnails?: SnapshotThumbnail[] };

export interface ReportPdfOptions {
  /** Deflate the page content streams (pdfkit's `compress`). Default true; false is for tests and debugging. */
  compress?: boolean;
}

/** `assay-report-<testInvitationId>.pdf` */
export const reportPdfFileName = (testInvitationId: number): string => `assay-report-${testInvitationId}.pdf`;

// ---------------------------------------------------------------------------------------------------------------
// Blocks

const scoreSummary = (report: CandidateReport): string => {
  const base = `${report.score} / ${report.totalScore}`;
  const score = parseScore(report.score);
  const total = parseScore(report.totalScore);
  if (score === undefined || total === undefined || total <= 0) return base;
  return `${base} (${Math.round((score / total) * 100)}%)`;
};

const drawHeader = (doc: Doc, cursor: Cursor, data: ReportPdfData): void => {
  const { report } = data;
  put(doc, 'Candidate report', LEFT, TOP, WIDTH * 0.65, { font: BOLD, size: 20 });
  put(doc, 'Assay', LEFT, TOP + 2, WIDTH, { font: BOLD, size: 12, color: ACCENT, align: 'right' });
  put(doc, `Invitation ${data.testInvitationId}`, LEFT, TOP + 18, WIDTH, { size: 9, color: MUTED, align: 'right' });

  const nameWidth = WIDTH - 170;
  put(doc, report.fullName, LEFT, TOP + 40, nameWidth, { font: BOLD, size: 14 });
  put(doc, report.emailId, LEFT, TOP + 60, nameWidth, { size: 10, color: MUTED });
  put(doc, 'Score', LEFT, TOP + 38, WIDTH, { size: 9, color: MUTED, align: 'right' });
  put(doc, scoreSummary(report), LEFT + WIDTH - 170, TOP + 52, 170, { font: BOLD, size: 16, align: 'right' });

  cursor.y = TOP + 82;
  hline(doc, LEFT, LEFT + WIDTH, cursor.y);
  cursor.y += 12;
};

const FIELD_ROW = 17;
const LABEL_WIDTH = 100;

const field = (doc: Doc, label: string, value: string, x: number, y: number, width: number): void => {
  put(doc, label, x, y + 0.7, LABEL_WIDTH - 6, { size: 9, color: MUTED });
  put(doc, value, x + LABEL_WIDTH, y, width - LABEL_WIDTH, { size: 10 });
};

const drawDetails = (doc: Doc, cursor: Cursor, data: ReportPdfData): void => {
  const { report } = data;
  const gap = 24;
  const column = (WIDTH - gap) / 2;
  const right = LEFT + column + gap;
  const attemptedOn = report.attemptedOn === null ? 'Not attempted yet' : displayWireDateTime(report.attemptedOn);
  const rows: [string, string, string, string][] = [
    ['Duration', `${report.duration} min`, 'Test status', report.testStatus],
    ['Questions', String(report.questions), 'Report status', report.reportStatus],
    ['Attempted on', attemptedOn, 'Window violations', String(report.wv)],
    ['Time taken', `${report.timeTaken} min`, 'Time violations', `${report.tv} s`],
  ];

  field(doc, 'Test', report.testName, LEFT, cursor.y, WIDTH);
  cursor.y += FIELD_ROW;
  if (data.codingLanguages && data.codingLanguages.length > 0) {
    field(doc, 'Coding language', displayLanguages(data.codingLanguages), LEFT, cursor.y, WIDTH);
    cursor.y += FIELD_ROW;
  }
  for (const [leftLabel, leftValue, rightLabel, rightValue] of rows) {
    field(doc, leftLabel, leftValue, LEFT, cursor.y, column);
    field(doc, rightLabel, rightValue, right, cursor.y, column);
    cursor.y += FIELD_ROW;
  }
  cursor.y += 2;
  hline(doc, LEFT, LEFT + WIDTH, cursor.y);
  cursor.y += 14;
};

const TABLE_HEAD = 18;
const TABLE_ROW = 16;
const NUMBER_COLUMN = 96;
const CELL_PAD = 6;

const drawSectionTable = (doc: Doc, cursor: Cursor, sections: SectionReportEntry[]): void => {
  const columns = [
    { x: LEFT, width: WIDTH - 2 * NUMBER_COLUMN },
    { x: LEFT + WIDTH - 2 * NUMBER_COLUMN, width: NUMBER_COLUMN },
    { x: LEFT + WIDTH - NUMBER_COLUMN, width: NUMBER_COLUMN },
  ] as const;
  let segmentTop = cursor.y;

  const headerRow = (): void => {
    segmentTop = cursor.y;
    doc.save().rect(LEFT, cursor.y, WIDTH, TABLE_HEAD).fill(HEAD_FILL).restore();
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
    const style = { font: BOLD, size: 9 };
    putCentred(doc, 'Section', columns[0].x + CELL_PAD, cursor.y, columns[0].width - 2 * CELL_PAD, TABLE_HEAD, style);
    putCentred(doc, 'Max score', columns[1].x + CELL_PAD, cursor.y, columns[1].width - 2 * CELL_PAD, TABLE_HEAD, { ...style, align: 'right' });
    putCentred(doc, 'Candidate score', columns[2].x + CELL_PAD, cursor.y, columns[2].width - 2 * CELL_PAD, TABLE_HEAD, { ...style, align: 'right' });
    cursor.y += TABLE_HEAD;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
  };

  const closeSegment = (): void => {
    for (const x of [LEFT, columns[1].x, columns[2].x, LEFT + WIDTH]) vline(doc, x, segmentTop, cursor.y);
  };

  cursor.ensure(TABLE_HEAD + TABLE_ROW);
  headerRow();

  if (sections.length === 0) {
    putCentred(doc, 'No section scores', LEFT + CELL_PAD, cursor.y, WIDTH - 2 * CELL_PAD, TABLE_ROW, { font: ITALIC, size: 9.5, color: MUTED });
    cursor.y += TABLE_ROW;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
    for (const x of [LEFT, LEFT + WIDTH]) vline(doc, x, segmentTop, cursor.y);
    return;
  }

  for (const section of sections) {
    if (cursor.y + TABLE_ROW > BOTTOM) {
      closeSegment();
      cursor.ensure(TABLE_HEAD + TABLE_ROW);
      headerRow();
    }
    const style = { size: 9.5 };
    putCentred(doc, section.sectionName, columns[0].x + CELL_PAD, cursor.y, columns[0].width - 2 * CELL_PAD, TABLE_ROW, style);
    putCentred(doc, formatScore(section.sectionScore), columns[1].x + CELL_PAD, cursor.y, columns[1].width - 2 * CELL_PAD, TABLE_ROW, {
      ...style,
      align: 'right',
    });
    putCentred(doc, formatScore(section.candidateScore), columns[2].x + CELL_PAD, cursor.y, columns[2].width - 2 * CELL_PAD, TABLE_ROW, {
      ...style,
      align: 'right',
      color: section.candidateScore < 0 ? NEGATIVE : INK,
    });
    cursor.y += TABLE_ROW;
    hline(doc, LEFT, LEFT + WIDTH, cursor.y, GRID, 0.5);
  }
  closeSegment();
};

const CHART_ROW = 14;
const BAR_HEIGHT = 8;
const CHART_LABEL = 150;
const CHART_VALUE = 84;

/** The filled share of a section's bar: candidate score over max score, clamped to [0, 1]. */
export const barFraction = (candidateScore: number, maxScore: number): number => {
  if (!(maxScore > 0) || !(candidateScore > 0)) return 0;
  return Math.min(candidateScore / maxScore, 1);
};

const drawSectionChart = (doc: Doc, cursor: Cursor, sections: SectionReportEntry[]): void => {
  if (sections.length === 0) return;
  const trackX = LEFT + CHART_LABEL + 8;
  const trackWidth = WIDTH - CHART_LABEL - 8 - CHART_VALUE - 8;
  cursor.ensure(20 + CHART_ROW);
  heading(doc, cursor, 'Score by section');
  for (const section of sections) {
    if (cursor.ensure(CHART_ROW)) heading(doc, cursor, 'Score by section (continued)');
    const barTop = cursor.y + (CHART_ROW - BAR_HEIGHT) / 2;
    putCentred(doc, section.sectionName, LEFT, cursor.y, CHART_LABEL, CHART_ROW, { size: 8.5 });
    doc.save().rect(trackX, barTop, trackWidth, BAR_HEIGHT).fill(TRACK).restore();
    const filled = trackWidth * barFraction(section.candidateScore, section.sectionScore);
    if (filled > 0) doc.save().rect(trackX, barTop, filled, BAR_HEIGHT).fill(BAR).restore();
    const value = `${formatScore(section.candidateScore)} / ${formatScore(section.sectionScore)}`;
    putCentred(doc, value, LEFT + WIDTH - CHART_VALUE, cursor.y, CHART_VALUE, CHART_ROW, {
      size: 8.5,
      align: 'right',
      color: section.candidateScore < 0 ? NEGATIVE : INK,
    });
    cursor.y += CHART_ROW;
  }
};

const drawFooters = (doc: Doc, generatedAt: number): void => {
  const range = doc.bufferedPageRange();
  const generated = `Generated ${displayInstant(generatedAt)} by Assay`;
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    hline(doc, LEFT, LEFT + WIDTH, FOOTER_Y - 8);
    put(doc, generated, LEFT, FOOTER_Y, WIDTH - 80, { size: 8, color: MUTED });
    put(doc, `Page ${index + 1} of ${range.count}`, LEFT + WIDTH - 80, FOOTER_Y, 80, { size: 8, color: MUTED, align: 'right' });
  }
};

/**
 * Lays out the candidate report PDF (spec 4.13). Returns the pdfkit document, which is a Readable stream of the PDF
 * bytes: the document is already ended, so pipe it and read it to the end. One A4 page for up to 15 sections;
 * longer section lists continue on further pages, each with the footer. Stored snapshots go through
 * `renderReportPdfFile`, which checks them first: pdfkit is never handed image bytes libvips did not write.
 */
export function renderReportPdf(data: ReportPdfLayout, options: ReportPdfOptions = {}): Readable {
  const { report } = data;
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    displayTitle: true,
    info: {
      Title: `Candidate report: ${report.fullName}`,
      Author: 'Assay',
      Subject: report.testName,
      Creator: 'Assay',
      CreationDate: new Date(data.generatedAt),
    },
  });
  const cursor = new Cursor(doc);

  drawHeader(doc, cursor, data);
  drawDetails(doc, cursor, data);
  heading(doc, cursor, 'Section scores');
  drawSectionTable(doc, cursor, data.sections);
  cursor.y += 18;
  drawSectionChart(doc, cursor, data.sections);
  cursor.y += 18;
  drawSnapshots(doc, cursor, data.thumbnails ?? []);
  drawFooters(doc, data.generatedAt);

  doc.end();
  return doc;
}
