import type ExcelJS from 'exceljs';
import { displayLine, type TestDetails } from '@assay/domain';
import { DataRowWriter } from './sheet-row-xml.js';
import type { CellValue } from './workbook-rows.js';

export const TEST_SHEET = 'Test';
export const SECTIONS_SHEET = 'Sections';
export const CANDIDATES_SHEET = 'Candidates';
export const QUESTIONS_SHEET = 'Questions';
export const TIMES_SHEET = 'Time per question';
export const ITEM_ANALYSIS_SHEET = 'Item analysis';

type Writer = ExcelJS.stream.xlsx.WorkbookWriter;

// The heading row goes through exceljs (one row a sheet); its style object is shared like the data rows' styles.
const HEADING_STYLE: Partial<ExcelJS.Style> = Object.freeze({ font: { bold: true }, alignment: { vertical: 'top' as const, wrapText: true } });

/** The bold heading row, `lines` lines tall (wrapped). */
const commitHeadingRow = (sheet: ExcelJS.Worksheet, headings: readonly string[], lines = 1): void => {
  const row = sheet.addRow(headings.map(displayLine));
  if (lines > 1) row.height = 15 * lines;
  row.eachCell((cell) => {
    cell.style = HEADING_STYLE;
  });
  row.commit();
};

export const writeTestSheet = (workbook: Writer, test: TestDetails): void => {
  const sheet = workbook.addWorksheet(TEST_SHEET);
  sheet.columns = [{ width: 16 }, { width: 44 }];
  commitHeadingRow(sheet, ['field', 'value']);
  const rows: [string, CellValue][] = [
    ['testId', test.testId],
    ['testName', test.testName],
    ['accessKey', test.accessKey],
    ['duration', test.duration],
    ['questions', test.questions],
    ['testStatus', test.testStatus],
    ['sectionsCount', test.sections.length],
  ];
  const writer = new DataRowWriter(sheet);
  for (const row of rows) writer.write(row);
  writer.flush();
  sheet.commit();
};

export const writeSectionsSheet = (workbook: Writer, test: TestDetails): void => {
  const sheet = workbook.addWorksheet(SECTIONS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const longestName = test.sections.reduce((longest, section) => Math.max(longest, section.sectionName.length), 0);
  sheet.columns = [{ width: Math.min(Math.max(longestName + 2, 16), 60) }, { width: 20 }, { width: 11 }, { width: 10 }];
  commitHeadingRow(sheet, ['sectionName', 'sectionType', 'questions', 'duration']);
  const writer = new DataRowWriter(sheet);
  for (const section of test.sections) writer.write([section.sectionName, section.sectionType, section.questions, section.duration]);
  writer.flush();
  sheet.commit();
};

const headingWidth = (heading: string): number => Math.min(Math.max(heading.length + 2, 10), 40);

/**
 * A sheet of one row per candidate: a bold, frozen, filtered heading row (`headingLines` lines tall, wrapped), and
 * the given column widths (a heading's own length where none is given).
 */
export const dataSheet = (workbook: Writer, name: string, headings: readonly string[], widths: readonly number[], headingLines = 1): ExcelJS.Worksheet => {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
  sheet.columns = headings.map((heading, index) => ({ width: widths[index] ?? headingWidth(heading) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headings.length } };
  commitHeadingRow(sheet, headings, headingLines);
  return sheet;
};
