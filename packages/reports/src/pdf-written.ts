import { formatScore, type QuestionDetail, type WrittenAnswerDetail } from '@assay/domain';
import { displayWireDateTime } from './format.js';
import { BOLD, INK, ITALIC, LEFT, MUTED, POSITIVE, WARNING, WIDTH, linesOf, put, type Cursor, type Doc } from './pdf-layout.js';
import { drawTable, type Cell } from './pdf-table.js';
import { TEXT_BUDGETS, type TextBudget } from './pdf-text-budget.js';

/**
 * A written answer (issue 32) on the report's question pages: the candidate's text, how it was marked (the accepted
 * answer a short answer matched, or that it awaits a person), and a person's grade — the rubric with the marks given,
 * the comment, who graded and when.
 */

const TEXT = 9.5;
const TEXT_LINE = 13;
const LABEL = { font: BOLD, size: 8.5, color: MUTED } as const;
const ANSWER_INDENT = 10;

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/**
 * The answer line by line, each line placed where it fits: an essay of pages breaks between its lines, never inside one.
 * Within its budget (decision 639): a word or an answer past it is cut and says how much more /details holds.
 */
const drawAnswerText = (doc: Doc, cursor: Cursor, text: string, budget: TextBudget): void => {
  // Tabs have no glyph in the report's fonts; a tab in an essay reads as indentation.
  const lines = linesOf(doc, text.replaceAll('\t', '    '), WIDTH - ANSWER_INDENT, { size: TEXT, budget });
  for (const line of lines) {
    cursor.ensure(TEXT_LINE);
    if (line !== '') put(doc, line, LEFT + ANSWER_INDENT, cursor.y, WIDTH - ANSWER_INDENT, { size: TEXT });
    cursor.y += TEXT_LINE;
  }
};

/** What marked a short answer, or that a free-text answer waits: one line under the answer. */
const markingLine = (question: QuestionDetail, written: WrittenAnswerDetail): { text: string; color: string } | undefined => {
  if (written.marking === 'awaiting_review') return { text: 'Awaiting review: no one has graded this answer yet; its marks are not final.', color: WARNING };
  if (question.type !== 'short_answer' || written.marking === 'not_scored' || written.answer === null || written.answer.trim() === '') return undefined;
  const matched = written.matched;
  if (matched) return { text: `Matched the accepted answer “${matched.answer}” (${matched.match} match) · marked automatically`, color: POSITIVE };
  return { text: 'Matched no accepted answer', color: MUTED };
};

/** The rubric with the marks given per criterion (– before a grade), or the criteria the grader marked without one. */
const rubricRows = (written: WrittenAnswerDetail): Cell[][] => {
  const given = new Map((written.grade?.criteria ?? []).map((entry) => [entry.criterion.toLowerCase(), entry.marks]));
  const criteria = written.rubric ?? written.grade?.criteria ?? [];
  return criteria.map(({ criterion, marks }) => {
    const mark = written.rubric ? given.get(criterion.toLowerCase()) : marks;
    return [
      { text: criterion },
      { text: mark === undefined ? '–' : formatScore(mark), bold: mark !== undefined, color: mark === undefined ? MUTED : INK },
      { text: written.rubric ? formatScore(marks) : '', color: MUTED },
    ];
  });
};

const drawGrade = (doc: Doc, cursor: Cursor, written: WrittenAnswerDetail): void => {
  const rows = rubricRows(written);
  if (rows.length > 0) {
    cursor.ensure(TEXT_LINE);
    put(doc, 'Rubric', LEFT, cursor.y, WIDTH, LABEL);
    cursor.y += TEXT_LINE;
    drawTable(
      doc,
      cursor,
      [{ header: 'Criterion' }, { header: 'Marks given', width: 80, align: 'right' }, { header: 'Out of', width: 60, align: 'right' }],
      rows,
    );
    cursor.y += 6;
  }
  const grade = written.grade;
  if (!grade) return;
  // Who graded comes before the comment, kept with its first lines: at the foot of the comment it could fall onto the
  // next page alone, away from the question it names.
  cursor.ensure(grade.comment === null ? TEXT_LINE : TEXT_LINE * 3);
  put(doc, `Graded ${formatScore(grade.marks)} by ${grade.gradedBy.label} on ${displayWireDateTime(grade.gradedAt)}`, LEFT, cursor.y, WIDTH, {
    size: 8.5,
    color: MUTED,
  });
  cursor.y += TEXT_LINE + 2;
  if (grade.comment !== null) {
    put(doc, 'Comment', LEFT, cursor.y, WIDTH, LABEL);
    cursor.y += TEXT_LINE;
    drawAnswerText(doc, cursor, grade.comment, TEXT_BUDGETS.comment);
    cursor.y += 2;
  }
};

/** A written question's answer and marking, drawn under its text. */
export const drawWritten = (doc: Doc, cursor: Cursor, question: QuestionDetail): void => {
  const written = question.written!;
  cursor.ensure(TEXT_LINE * 2);
  const limit = written.wordLimit === undefined ? '' : ` (limit ${written.wordLimit})`;
  put(doc, `Answer · ${plural(written.words, 'word')}${limit}`, LEFT, cursor.y, WIDTH, LABEL);
  cursor.y += TEXT_LINE;
  if (written.answer === null || written.answer.trim() === '') {
    put(doc, 'No answer given.', LEFT + ANSWER_INDENT, cursor.y, WIDTH, { font: ITALIC, size: TEXT, color: MUTED });
    cursor.y += TEXT_LINE;
  } else drawAnswerText(doc, cursor, written.answer, TEXT_BUDGETS.essay);
  cursor.y += 4;
  const marking = markingLine(question, written);
  if (marking) {
    cursor.ensure(TEXT_LINE);
    put(doc, marking.text, LEFT, cursor.y, WIDTH, { size: 8.5, color: marking.color });
    cursor.y += TEXT_LINE + 2;
  }
  drawGrade(doc, cursor, written);
};
