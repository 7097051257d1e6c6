/**
 * `@assay/domain/text`: question text (its small markdown, read once into blocks, shown as HTML or plain text)
 * and the control characters no stored or shown text may carry.
 */
export { displayLine, displayLines, FORBIDDEN_IN, forbiddenCharacterIn, normaliseNewlines } from './text/control-characters.js';
export type { ForbiddenCharacter, TextShape } from './text/control-characters.js';
export { spreadsheetCell } from './text/spreadsheet-cell.js';
export { isLinkable, parseQuestionText } from './text/question-text.js';
export type { QuestionBlock, QuestionInline, QuestionText } from './text/question-text.js';
export { inlinesPlain, listMarker, questionTextPlain } from './text/question-text-plain.js';
export { questionTextHtml } from './text/question-text-html.js';
