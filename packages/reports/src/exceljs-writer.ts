import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

/**
 * The two parts of exceljs a streamed workbook uses, loaded alone (decision 1409). The package's entry point also
 * loads its whole-workbook model and its readers (unzipper, sax, fast-csv, the xlsx parsers): ~0.3 s of a cold
 * workbook thread's start against ~0.08 s for these, and that start is the export's first byte.
 */
const require = createRequire(import.meta.url);

export const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter = require('exceljs/lib/stream/xlsx/workbook-writer.js');
export const ValueType: typeof ExcelJS.ValueType = require('exceljs/lib/doc/enums.js').ValueType;
