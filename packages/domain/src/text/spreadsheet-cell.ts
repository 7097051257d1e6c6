import { displayLine } from './control-characters.js';

/** What a spreadsheet may read as the start of a formula (OWASP's list), in the text as given or once shown. */
const FORMULA_START = /^[=+\-@\t\r]/;
const SHOWN_FORMULA_START = /^\s*[=+\-@]/;

/**
 * Text Assay did not write, made safe as one cell of a CSV file a person opens in Excel, LibreOffice or Google Sheets
 * (decision 641): shown as `displayLine` shows it (the workbook's cells are written that way too), and a text that
 * starts like a formula (`=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with an apostrophe, so the
 * spreadsheet shows it as text instead of running `=HYPERLINK(…)` or `=cmd|…`. The workbook needs no prefix: its
 * cells are typed strings (`t="str"` with no formula), which no spreadsheet evaluates.
 */
export const spreadsheetCell = (text: string): string => {
  const shown = displayLine(text);
  return FORMULA_START.test(text) || SHOWN_FORMULA_START.test(shown) ? `'${shown}` : shown;
};
