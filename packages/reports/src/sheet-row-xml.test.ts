import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { displayLine } from '@assay/domain';
import { DataRowWriter } from './sheet-row-xml.js';
import type { CellValue } from './workbook-rows.js';

// The styles the export used to give exceljs' own cells (equal objects, shared across cells as the export shared them).
const PLAIN = Object.freeze({ alignment: { vertical: 'top' as const } });
const TEXT = Object.freeze({ alignment: { vertical: 'top' as const, wrapText: true } });
const DATE_TIME = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss', alignment: { vertical: 'top' as const } });
const HEADING = Object.freeze({ font: { bold: true }, alignment: { vertical: 'top' as const, wrapText: true } });

/** exceljs' own Row and Cell objects for a data row, as the export wrote every row before. */
const exceljsRow = (sheet: ExcelJS.Worksheet, values: readonly CellValue[], dateColumn: number): void => {
  const cells = values.map((value) => (value === null ? undefined : typeof value === 'string' ? displayLine(value) : value));
  const row = sheet.addRow(cells);
  row.eachCell((cell, column) => {
    cell.style = column === dateColumn ? DATE_TIME : typeof cells[column - 1] === 'string' ? TEXT : PLAIN;
  });
  row.commit();
};

type WriteRows = (sheet: ExcelJS.Worksheet, rows: readonly (readonly CellValue[])[]) => void;

/**
 * One streamed workbook of one sheet: a heading row through exceljs, then `rows` written by `writeRows`. Resolves with
 * the XML written into the sheet after the heading (the data rows), the workbook's style table, and the cells exceljs
 * reads back from the file (address, type, value, number format and alignment of each).
 */
const sheetXml = async (rows: readonly (readonly CellValue[])[], writeRows: WriteRows) => {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk);
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Rows');
  const heading = sheet.addRow(['a', 'b']);
  heading.eachCell((cell) => {
    cell.style = HEADING;
  });
  heading.commit();
  const stream = (sheet as unknown as { stream: { write(chunk: unknown, ...rest: unknown[]): unknown } }).stream;
  const write = stream.write.bind(stream);
  const written: string[] = [];
  stream.write = (chunk: unknown, ...rest: unknown[]) => {
    written.push(String(chunk));
    return write(chunk, ...rest);
  };
  writeRows(sheet, rows);
  stream.write = write;
  sheet.commit();
  const styles = JSON.stringify((workbook as unknown as { styles: { model: unknown } }).styles.model);
  await workbook.commit();
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const cells: unknown[] = [];
  read.getWorksheet('Rows')!.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: true }, (cell) => {
      const value = cell.value instanceof Date ? `date ${cell.value.toISOString()}` : cell.value;
      cells.push([rowNumber, cell.address, cell.type, value, cell.numFmt ?? null, JSON.stringify(cell.alignment ?? null), JSON.stringify(cell.font ?? null)]);
    });
  });
  return { rows: written.join(''), styles, cells };
};

const ownRows =
  (dateColumn?: number): WriteRows =>
  (sheet, rows) => {
    const writer = new DataRowWriter(sheet, dateColumn);
    for (const row of rows) writer.write(row);
    writer.flush();
  };

const exceljsRows =
  (dateColumn: number): WriteRows =>
  (sheet, rows) => {
    for (const row of rows) exceljsRow(sheet, row, dateColumn);
  };

const DATE_COLUMN = 6;
const wide = Array.from({ length: 60 }, (_, index): CellValue => (index % 3 === 0 ? index : index % 3 === 1 ? `c${index}` : null));

const ROWS: (readonly CellValue[])[] = [
  [1001, 'Jane Doe', 'jane.doe@example.com', 'Completed', 'Generated', new Date(Date.UTC(2026, 3, 30, 9, 15, 7)), 42, 37.5, 50, 2, 35, 22.5, 30],
  [1002, 'Raj =SUM(A1)', 'raj@example.com', 'In progress', '', null, 0, -3.5, 50, 0, 0, null, null, 15],
  [1003, 'a < b & "c" > \'d\'', 'bell\u0007 tab\t nl\n cr\r del\u007f esc\u001b', 'x', 'y', 'not a date', -0, 0.30000000000000004, -1 / 3, 1e21, 1e-7],
  [1004, 'Bidi \u202Eevil\u202C name', 'emoji 🧑🏽‍💻 and 漢字', 'ok', 'ok', new Date(Date.UTC(1999, 11, 31, 23, 59, 59))],
  [null, null, 'starts late', null, 7],
  [null, null, null],
  [],
  wide,
];

describe('DataRowWriter', () => {
  it('writes cells exceljs reads back as the ones its own rows make, for numbers, dates, text to escape, gaps and wide rows', async () => {
    const expected = await sheetXml(ROWS, exceljsRows(DATE_COLUMN));
    const actual = await sheetXml(ROWS, ownRows(DATE_COLUMN));
    expect(expected.rows).toContain('<row r="9" spans="1:59"');
    expect(actual.cells).toEqual(expected.cells);
    expect(actual.cells.length).toBeGreaterThan(40);
    expect(actual.styles).toBe(expected.styles);
  });

  it('names every cell, for streaming readers, and a row by its number alone (decisions 420, 426)', async () => {
    const { rows } = await sheetXml(
      [
        [1, 'a', null, 2],
        [null, null, 3],
      ],
      ownRows(),
    );
    expect(rows).toBe(
      '<row r="2"><c r="A2" s="2"><v>1</v></c><c r="B2" s="3" t="str"><v>a</v></c><c r="D2" s="2"><v>2</v></c></row>' +
        '<row r="3"><c r="C3" s="2"><v>3</v></c></row>',
    );
  });

  it('styles no column as a date when none is given', async () => {
    const rows = [ROWS[0]!, ROWS[2]!];
    const expected = await sheetXml(rows, exceljsRows(0));
    const actual = await sheetXml(rows, ownRows());
    expect(actual.cells).toEqual(expected.cells);
    expect(actual.styles).toBe(expected.styles);
  });
});
