import type ExcelJS from 'exceljs';
import { displayLine, type TestDetails } from '@assay/domain';
import type { CellValue } from './workbook-rows.js';

export const TEST_SHEET = 'Test';
export const SECTIONS_SHEET = 'Sections';
export const CANDIDATES_SHEET = 'Candidates';
export const QUESTIONS_SHEET = 'Questions';

type Writer = ExcelJS.stream.xlsx.WorkbookWriter;

// exceljs caches style ids per style object: sharing frozen objects instead of a fresh one per cell makes styling
// each cell a WeakMap hit (about 2.5 times faster overall).
// Text wraps in its column instead of being hidden by the next cell (a long name, address, section or test name is
// read whole): its row has no stored height, so Excel grows it to fit. Every cell of a row sits at the top.
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({ alignment: { vertical: 'top' as const } });
const TEXT_STYLE: Partial<ExcelJS.Style> = Object.freeze({ alignment: { vertical: 'top' as const, wrapText: true } });
const DATE_TIME_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss', alignment: { vertical: 'top' as const } });
const HEADING_STYLE: Partial<ExcelJS.Style> = Object.freeze({ font: { bold: true }, alignment: { vertical: 'top' as const, wrapText: true } });

/**
 * Writes one data row and commits it (a streamed row is written out at once and forgotten). Every cell takes a
 * shared style: text wraps, the 1-based column `dateColumn` shows a date and time. An empty cell is left out
 * (exceljs would otherwise make it a cell of its own, with a style object of its own to look up); `values` is taken
 * over for that. Text is shown as `displayLine` shows it: names typed by candidates keep no control or bidi character
 * (exceljs drops the controls XML cannot hold and keeps CR and U+202E).
 */
export const commitDataRow = (sheet: ExcelJS.Worksheet, values: CellValue[], dateColumn = 0): void => {
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === null) (values as unknown[])[index] = undefined;
    else if (typeof value === 'string') values[index] = displayLine(value);
  }
  const row = sheet.addRow(values);
  row.eachCell((cell, column) => {
    cell.style = column === dateColumn ? DATE_TIME_STYLE : typeof values[column - 1] === 'string' ? TEXT_STYLE : PLAIN_STYLE;
  });
  row.commit();
};

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
  for (const row of rows) commitDataRow(sheet, row);
  sheet.commit();
};

export const writeSectionsSheet = (workbook: Writer, test: TestDetails): void => {
  const sheet = workbook.addWorksheet(SECTIONS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const longestName = test.sections.reduce((longest, section) => Math.max(longest, section.sectionName.length), 0);
  sheet.columns = [{ width: Math.min(Math.max(longestName + 2, 16), 60) }, { width: 20 }, { width: 11 }, { width: 10 }];
  commitHeadingRow(sheet, ['sectionName', 'sectionType', 'questions', 'duration']);
  for (const section of test.sections) commitDataRow(sheet, [section.sectionName, section.sectionType, section.questions, section.duration]);
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
