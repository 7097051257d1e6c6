/**
 * `@assay/domain/text`: question text (its small markdown, read once into blocks, shown as HTML or plain text)
 * and the control characters no stored or shown text may carry.
 */
export * from './text/control-characters.js';
export { spreadsheetCell } from './text/spreadsheet-cell.js';
export * from './text/question-text.js';
export * from './text/question-text-plain.js';
export * from './text/question-text-html.js';
