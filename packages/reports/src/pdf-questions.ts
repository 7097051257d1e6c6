import { languageName } from '@assay/domain/languages';
import { formatScore, type QuestionDetail, type ReportDetails } from '@assay/domain';
import { displayDuration } from './format.js';
import { drawCode } from './pdf-code.js';
import { BOLD, INK, ITALIC, LEFT, MUTED, NEGATIVE, POSITIVE, RULE, WIDTH, heading, hline, linesOf, put, type Cursor, type Doc } from './pdf-layout.js';
import { drawRichLine, flowRichText, richTextLines } from './pdf-rich-text.js';
import { marksText, outcomeOf, typeText } from './pdf-summary.js';
import { drawWritten } from './pdf-written.js';
import { drawSignals } from './pdf-signals.js';
import { TEXT_BUDGETS } from './pdf-text-budget.js';

const TEXT = 9.5;
const TEXT_LINE = 13;
const OPTION_INDENT = 34;
const TAG_WIDTH = 96;

const letter = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : String(index + 1));

const checkMark = (doc: Doc, x: number, y: number, color: string): void => {
  doc
    .save()
    .lineWidth(1.4)
    .strokeColor(color)
    .moveTo(x, y + 4)
    .lineTo(x + 3, y + 7)
    .lineTo(x + 8, y + 1)
    .stroke()
    .restore();
};

const crossMark = (doc: Doc, x: number, y: number, color: string): void => {
  doc
    .save()
    .lineWidth(1.4)
    .strokeColor(color)
    .moveTo(x + 1, y + 1)
    .lineTo(x + 7, y + 7)
    .moveTo(x + 7, y + 1)
    .lineTo(x + 1, y + 7)
    .stroke()
    .restore();
};

/** A radio button (single choice) or a checkbox (multiple choice), filled when chosen. */
const choiceBox = (doc: Doc, x: number, y: number, single: boolean, chosen: boolean): void => {
  doc.save().lineWidth(0.8).strokeColor(INK);
  if (single) doc.circle(x + 4, y + 4, 4).stroke();
  else doc.rect(x, y, 8, 8).stroke();
  if (chosen) {
    if (single) doc.circle(x + 4, y + 4, 2.2).fill(INK);
    else doc.rect(x + 2, y + 2, 4, 4).fill(INK);
  }
  doc.restore();
};

const drawOptions = (doc: Doc, cursor: Cursor, question: QuestionDetail): void => {
  const single = question.type === 'single_choice';
  const textWidth = WIDTH - OPTION_INDENT - TAG_WIDTH - 8;
  (question.options ?? []).forEach((option, index) => {
    const lines = richTextLines(
      doc,
      option.text,
      textWidth,
      { size: TEXT, lineHeight: TEXT_LINE, ...(option.chosen ? { font: BOLD } : {}) },
      `${letter(index)}.  `,
    );
    const height = lines.reduce((sum, line) => sum + line.height, 0);
    cursor.ensure(height + 2);
    const y = cursor.y;
    choiceBox(doc, LEFT + 4, y + 1.5, single, option.chosen);
    if (option.correct) checkMark(doc, LEFT + 18, y + 1.5, POSITIVE);
    else if (option.chosen) crossMark(doc, LEFT + 18, y + 1.5, NEGATIVE);
    let lineTop = y;
    for (const line of lines) {
      drawRichLine(doc, line, LEFT + OPTION_INDENT, lineTop);
      lineTop += line.height;
    }
    const tag = option.chosen && option.correct ? 'Chosen · correct' : option.chosen ? 'Chosen · wrong' : option.correct ? 'Correct answer' : '';
    if (tag) put(doc, tag, LEFT + WIDTH - TAG_WIDTH, y + 0.5, TAG_WIDTH, { size: 8, color: option.correct ? POSITIVE : NEGATIVE, align: 'right' });
    cursor.y += height + 2;
  });
  const rule =
    question.negativeMarks > 0
      ? `Marks: ${formatScore(question.marks)} for a right answer, \u2212${formatScore(question.negativeMarks)} for a wrong one`
      : `Marks: ${formatScore(question.marks)} for a right answer, no negative marking`;
  cursor.ensure(TEXT_LINE);
  put(doc, rule, LEFT, cursor.y + 2, WIDTH, { size: 8, color: MUTED });
  cursor.y += TEXT_LINE + 2;
};

const drawCoding = (doc: Doc, cursor: Cursor, question: QuestionDetail): void => {
  const coding = question.coding!;
  cursor.ensure(TEXT_LINE * 2);
  const runs =
    coding.sampleRuns === 0 ? 'no sample runs before submitting' : `${coding.sampleRuns} sample run${coding.sampleRuns === 1 ? '' : 's'} before submitting`;
  put(doc, `Submitted code · ${languageName(coding.language)} · ${runs}`, LEFT, cursor.y, WIDTH, { font: BOLD, size: 8.5, color: MUTED });
  cursor.y += TEXT_LINE;
  if (coding.code === null || coding.code.trim() === '') {
    put(doc, 'No code submitted.', LEFT, cursor.y, WIDTH, { font: ITALIC, size: TEXT, color: MUTED });
    cursor.y += TEXT_LINE;
  } else drawCode(doc, cursor, coding.code, coding.language);
  cursor.y += 6;
  const tests = coding.hiddenTests;
  cursor.ensure(TEXT_LINE);
  if (!tests) {
    put(doc, 'Hidden tests: not run', LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED });
    cursor.y += TEXT_LINE;
    return;
  }
  put(doc, `Hidden tests: ${tests.passed} of ${tests.total} passed`, LEFT, cursor.y, WIDTH, { font: BOLD, size: 8.5 });
  cursor.y += TEXT_LINE;
  tests.cases.forEach((test, index) => {
    const input = test.args === undefined ? '' : `input ${JSON.stringify(test.args)}`;
    const lines = input === '' ? [''] : linesOf(doc, input, WIDTH - 90, { size: 8.5, budget: TEXT_BUDGETS.testInput });
    cursor.ensure(lines.length * 11);
    if (test.passed) checkMark(doc, LEFT + 4, cursor.y + 0.5, POSITIVE);
    else crossMark(doc, LEFT + 4, cursor.y + 0.5, NEGATIVE);
    put(doc, `Test ${index + 1} ${test.passed ? 'passed' : 'failed'}`, LEFT + 18, cursor.y, 70, { size: 8.5, color: test.passed ? POSITIVE : NEGATIVE });
    lines.forEach((line, lineIndex) => put(doc, line, LEFT + 90, cursor.y + lineIndex * 11, WIDTH - 90, { size: 8.5, color: MUTED }));
    cursor.y += lines.length * 11;
  });
  if (tests.cases.some((test) => test.args === undefined)) {
    cursor.ensure(TEXT_LINE);
    put(doc, 'Inputs are not shown: the test keeps its hidden tests secret.', LEFT, cursor.y + 2, WIDTH, { font: ITALIC, size: 8, color: MUTED });
    cursor.y += TEXT_LINE;
  }
};

const drawQuestion = (doc: Doc, cursor: Cursor, question: QuestionDetail, startedAt: string | null): void => {
  const textLines = richTextLines(doc, question.text, WIDTH, { size: TEXT, lineHeight: TEXT_LINE });
  cursor.ensure(44 + textLines.slice(0, 4).reduce((sum, line) => sum + line.height, 0));
  hline(doc, LEFT, LEFT + WIDTH, cursor.y, RULE);
  cursor.y += 8;
  const outcome = outcomeOf(question);
  put(doc, `Q${question.number}`, LEFT, cursor.y, 40, { font: BOLD, size: 12 });
  put(doc, `${typeText(question)} · ${question.sectionName}`, LEFT + 40, cursor.y + 2, WIDTH - 200, { size: 9, color: MUTED });
  put(doc, marksText(question), LEFT + WIDTH - 150, cursor.y, 150, {
    font: BOLD,
    size: 12,
    align: 'right',
    color: (question.awarded ?? 0) < 0 ? NEGATIVE : INK,
  });
  cursor.y += 17;
  const time = question.timeSpentSeconds === null ? 'time spent not recorded' : `time spent ${displayDuration(question.timeSpentSeconds)}`;
  put(doc, `${outcome.text} · ${time}`, LEFT + 40, cursor.y, WIDTH - 40, { size: 8.5, color: outcome.color });
  cursor.y += 15;
  flowRichText(doc, cursor, textLines, LEFT);
  cursor.y += 5;
  if (question.coding) drawCoding(doc, cursor, question);
  else if (question.written) drawWritten(doc, cursor, question);
  else drawOptions(doc, cursor, question);
  drawSignals(doc, cursor, question, startedAt);
  cursor.y += 10;
};

/** Every question on pages of their own: the text, the answer against the right one with the marks, or the code with its tests. */
export const drawQuestions = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  if (details.questions.length === 0) return;
  cursor.newPage();
  heading(doc, cursor, 'Questions');
  for (const question of details.questions) drawQuestion(doc, cursor, question, details.startedAt);
};
