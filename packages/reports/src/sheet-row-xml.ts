import type ExcelJS from 'exceljs';
import { ValueType } from './exceljs-writer.js';
import { displayLine } from '@assay/domain';
import type { CellValue } from './workbook-rows.js';

type Style = Partial<ExcelJS.Style>;

/** What the writer uses of exceljs' streamed worksheet: the workbook's style table and the sheet's XML stream. */
interface StreamedSheet {
  readonly _workbook: { readonly styles: { addStyleModel(style: Style, cellType: ExcelJS.ValueType): number } };
  readonly stream: { write(bytes: Buffer): unknown };
}

// exceljs caches style ids per style object: sharing frozen objects means each style is registered once.
// Text wraps in its column instead of being hidden by the next cell (a long name, address, section or test name is
// read whole): its row has no stored height, so Excel grows it to fit. Every cell of a row sits at the top.
const PLAIN_STYLE: Style = Object.freeze({ alignment: { vertical: 'top' as const } });
const TEXT_STYLE: Style = Object.freeze({ alignment: { vertical: 'top' as const, wrapText: true } });
const DATE_TIME_STYLE: Style = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss', alignment: { vertical: 'top' as const } });

/** The characters exceljs escapes in XML text, and the controls XML cannot hold (dropped, as exceljs drops them). */
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
const XML_SPECIALS = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ESCAPES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (text: string): string => (XML_SPECIAL.test(text) ? text.replace(XML_SPECIALS, (special) => ESCAPES[special] ?? '') : text);

/** Bytes of row XML gathered before they are handed to the sheet's stream in one write. */
const CHUNK_BYTES = 64 * 1024;
/** The most bytes UTF-8 takes for one UTF-16 code unit (a surrogate pair's two take four). */
const MAX_BYTES_PER_UNIT = 3;

/** Excel's serial date (days since 1899-12-30, the 1900 date system), as exceljs computes it. */
const excelSerial = (date: Date): number => 25569 + date.getTime() / (24 * 3600 * 1000);

/** `A`, `B`, … `Z`, `AA`, … for a 1-based column. */
const columnLetters = (column: number): string => {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
};

/**
 * Writes a sheet's data rows, after its heading row, straight into the sheet's XML stream, without exceljs' Row and
 * Cell objects, models and xforms (about half of the workbook thread's time on a sheet of millions of cells). The
 * cells are the ones exceljs writes for these values and styles (a number or date as `<v>`, text as `t="str"`), each
 * naming its reference (`r="C7"`: streaming readers such as exceljs' need it, decision 426), and a row gives its number
 * but no `spans` or `x14ac:dyDescent` (optional in SpreadsheetML, decision 420). Each cell takes a
 * shared style: text wraps, the 1-based column `dateColumn` shows a date and time, anything else sits at the top. An
 * empty cell (null) is left out. Text is shown as `displayLine` shows it: names typed by candidates keep no control or
 * bidi character. The heading row must have been committed through exceljs first (it opens the sheet's data); rows
 * are numbered from 2, and `flush` hands the last of them to the sheet before it is committed.
 */
export class DataRowWriter {
  private readonly sheet: StreamedSheet;
  private readonly letters: string[] = [];
  private readonly styleAttributes = new Map<Style, string>();
  private rowNumber = 2;
  /**
   * Rows written but not yet handed to the sheet's stream (see `flush`), as UTF-8 bytes: each row's text is encoded
   * as soon as it is made, so it dies young. Gathered as one string of 64 K characters (decision 359), the rows'
   * pieces outlived the young generation's collections, were copied by each and promoted (decision 422).
   */
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  constructor(
    sheet: ExcelJS.Worksheet,
    private readonly dateColumn = 0,
  ) {
    this.sheet = sheet as unknown as StreamedSheet;
  }

  write(values: readonly CellValue[]): void {
    const row = this.rowNumber++;
    let cells = '';
    let written = false;
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      if (value === null || value === undefined) continue;
      const column = index + 1;
      const reference = `<c r="${this.letters[column] ?? this.lettersOf(column)}${row}"`;
      written = true;
      const date = column === this.dateColumn;
      if (typeof value === 'string') {
        const style = this.styleId(date ? DATE_TIME_STYLE : TEXT_STYLE, ValueType.String);
        cells += `${reference}${style} t="str"><v>${xmlText(displayLine(value))}</v></c>`;
      } else if (typeof value === 'number') {
        const style = this.styleId(date ? DATE_TIME_STYLE : PLAIN_STYLE, ValueType.Number);
        cells += `${reference}${style}><v>${value}</v></c>`;
      } else {
        const style = this.styleId(date ? DATE_TIME_STYLE : PLAIN_STYLE, ValueType.Date);
        cells += `${reference}${style}><v>${excelSerial(value)}</v></c>`;
      }
    }
    // exceljs writes no element for a row without a value (its number is still taken).
    if (!written) return;
    this.append(`<row r="${row}">${cells}</row>`);
  }

  private append(xml: string): void {
    if (this.used + xml.length * MAX_BYTES_PER_UNIT > CHUNK_BYTES) {
      this.flush();
      // A row longer than a chunk (a name near Excel's 32,767 characters) goes on its own.
      if (xml.length * MAX_BYTES_PER_UNIT > CHUNK_BYTES) {
        this.sheet.stream.write(Buffer.from(xml));
        return;
      }
    }
    this.used += this.chunk.write(xml, this.used);
  }

  /**
   * Hands the rows written so far to the sheet's stream. Call before the sheet is committed. exceljs passes each
   * write on to the zip entry as it comes, and zlib takes each as one call on the thread pool: a row a call was
   * 200,000 calls of ~1 KB for 100,000 candidates, whose overhead cost more than the deflating.
   */
  flush(): void {
    if (this.used === 0) return;
    this.sheet.stream.write(this.chunk.subarray(0, this.used));
    // The bytes handed over are the stream's now: the next rows go into a chunk of their own.
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  private lettersOf(column: number): string {
    const letters = columnLetters(column);
    this.letters[column] = letters;
    return letters;
  }

  /** The ` s="…"` attribute of a style, registered in the workbook's style table at its first use, as exceljs does. */
  private styleId(style: Style, cellType: ExcelJS.ValueType): string {
    let attribute = this.styleAttributes.get(style);
    if (attribute === undefined) {
      const id = this.sheet._workbook.styles.addStyleModel(style, cellType);
      attribute = id ? ` s="${id}"` : '';
      this.styleAttributes.set(style, attribute);
    }
    return attribute;
  }
}
