import { languageName } from '@assay/domain/languages';
import {
  type CodingAnswerFacts,
  formatScore,
  questionTextPlain,
  questionsInReportOrder,
  readCodingText,
  readResultsText,
  shownHiddenTests,
  type QuestionOutcome,
  type QuestionRecord,
  type ReportDetails,
  type SectionRecord,
  skillsOfQuestion,
} from '@assay/domain';
import { graphemesOf } from './graphemes.js';
import type { QuestionColumn, QuestionsHeader, QuestionsRow, QuestionsTextsRow } from './workbook-rows.js';

/**
 * The Questions sheet is wide: one row per candidate (the Candidates sheet's rows, in its order) and a column per
 * question, so a hiring manager compares candidates question by question, and a test of any size stays far under
 * Excel's 1,048,576 rows (decision 116).
 */

/** The columns before the questions': who the row is about, as on the Candidates sheet. */
export const QUESTIONS_LEADING_COLUMNS = ['testInvitationId', 'emailId', 'fullName'] as const;

/** Characters of a question's text in its column heading. */
const HEADING_TEXT_LENGTH = 40;

/**
 * The test's questions as the report numbers them: section by section, each section's questions in their order
 * (as `buildReportDetails` walks them; a test beside it holds the two together).
 */
export const questionsHeaderOf = (sections: readonly SectionRecord[], questions: readonly QuestionRecord[]): QuestionsHeader => {
  const sectionNames = new Map(sections.map((section) => [section.id, section.name]));
  return {
    kind: 'questions-header',
    columns: questionsInReportOrder(sections, questions).map(({ id, sectionId, definition }, index) => ({
      number: index + 1,
      questionId: id,
      marks: definition.marks,
      text: definition.text,
      coding: definition.type === 'coding',
      skills: skillsOfQuestion(definition.skills, sectionNames.get(sectionId) ?? ''),
      named: (definition.skills?.length ?? 0) > 0,
    })),
  };
};

/**
 * What a Questions row reads of an attempt: fields of its report details (whole details fit), or just the
 * domain's question outcomes, which is what the export builds for each of up to 100,000 attempts.
 */
export interface SheetAttempt {
  readonly testInvitationId: number;
  readonly candidate: Pick<ReportDetails['candidate'], 'emailId' | 'fullName'>;
  readonly startedAt: string | null;
  readonly questions: readonly (Pick<QuestionOutcome, 'questionId' | 'awarded'> & { readonly coding?: SheetCoding | undefined })[];
}

type SheetCoding = Pick<NonNullable<QuestionOutcome['coding']>, 'language' | 'hiddenTests'>;

/** The first line of a question's text, spaces collapsed, cut between graphemes with an ellipsis (`length` in all). */
export const shortText = (text: string, length = HEADING_TEXT_LENGTH): string => {
  const line = (text.split('\n').find((candidate) => candidate.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
  const graphemes = graphemesOf(line);
  return graphemes.length <= length
    ? line
    : `${graphemes
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`;
};

const marksText = (marks: number): string => `${formatScore(marks)} ${marks === 1 ? 'mark' : 'marks'}`;

/**
 * The headings of the question columns: `Q3 · 2 marks · Reverse a string…`, and a coding question's two more. The
 * text is its plain rendering (docs/question-text.md): a heading cell has one style, so no Markdown marks in it.
 */
export const questionHeadings = (columns: readonly QuestionColumn[]): string[] =>
  columns.flatMap((column) => {
    const marks = `Q${column.number} · ${marksText(column.marks)} · ${shortText(questionTextPlain(column.text))}`;
    return column.coding ? [marks, `Q${column.number} language`, `Q${column.number} hidden tests passed`] : [marks];
  });

/** Column widths of the question columns, in the order of `questionHeadings`. */
export const questionWidths = (columns: readonly QuestionColumn[]): number[] => columns.flatMap((column) => (column.coding ? [18, 12, 12] : [18]));

/** Who a Questions row is about (the Candidates sheet's leading columns). */
export interface SheetCandidate {
  readonly testInvitationId: number;
  readonly emailId: string;
  readonly fullName: string;
}

/** The cell of a written answer that awaits a reviewer's grade (issue 32, decision 425): not an empty, unscored cell. */
export const AWAITING_REVIEW_CELL = 'awaiting review';

/**
 * One candidate's Questions row from the marks awarded by column position (null: not scored) and each coding
 * question's outcome: the lean form the export builds for each of 100,000 attempts, without an object per question.
 * `awarded` is null when the candidate never started (the row shows who, and empty cells). `awaiting` marks, by
 * position, the answers of a report "In progress" that await a reviewer's grade: their cells say so.
 */
export const questionsRowOfAwards = (
  columns: readonly QuestionColumn[],
  who: SheetCandidate,
  awarded: readonly (number | null)[] | null,
  codingAt: (position: number) => SheetCoding | undefined,
  awaiting: readonly boolean[] | null = null,
): QuestionsRow => {
  const { testInvitationId, emailId, fullName } = who;
  if (awarded === null) return { kind: 'questions-row', testInvitationId, emailId, fullName, cells: null };
  const cells: (string | number | null)[] = [];
  for (let index = 0; index < columns.length; index++) {
    cells.push(awaiting?.[index] ? AWAITING_REVIEW_CELL : (awarded[index] ?? null));
    if (columns[index]!.coding) {
      const coding = codingAt(index);
      const tests = coding?.hiddenTests;
      cells.push(coding ? languageName(coding.language) : null, tests ? `${tests.passed}/${tests.total}` : null);
    }
  }
  return { kind: 'questions-row', testInvitationId, emailId, fullName, cells };
};

/**
 * One candidate's Questions row from the attempt's question outcomes (the domain's, so the marks and hidden tests are
 * the ones the PDF and the JSON show). A candidate who never started has a row of empty cells.
 */
export const questionsRowOf = (columns: readonly QuestionColumn[], details: SheetAttempt): QuestionsRow => {
  const { testInvitationId, candidate, questions } = details;
  const who = { testInvitationId, emailId: candidate.emailId, fullName: candidate.fullName };
  if (details.startedAt === null) return questionsRowOfAwards(columns, who, null, () => undefined);
  columns.forEach((column, index) => {
    if (questions[index]?.questionId !== column.questionId) {
      throw new Error(`Question ${column.number} of the Questions sheet is not the report's question ${index + 1}.`);
    }
  });
  return questionsRowOfAwards(
    columns,
    who,
    questions.map((question) => question.awarded),
    (index) => questions[index]?.coding,
  );
};

/** A coding question's cells from its answer facts: the language, and the hidden tests passed for an answer given. */
export const sheetCodingOf = (facts: CodingAnswerFacts, marks: number | null | undefined, cases: readonly boolean[] | null | undefined): SheetCoding => ({
  language: facts.language,
  ...shownHiddenTests(facts.answered, marks === null || marks === undefined ? null : cases),
});

/** Each question's column position by its id (what the texts are read with). */
export const columnPositions = (columns: readonly QuestionColumn[]): Map<number, number> => new Map(columns.map((column, index) => [column.questionId, index]));

/** The coding facts a coding text gives, by column position (null where it names none). */
const codingFactsOf = (columns: readonly QuestionColumn[], positions: ReadonlyMap<number, number>, coding: string): (CodingAnswerFacts | null)[] => {
  const facts = new Array<CodingAnswerFacts | null>(columns.length).fill(null);
  readCodingText(coding, positions, facts);
  return facts;
};

/** Whether a coding text gives the facts of every coding column: only then can its row cross as texts. */
export const codingTextCovers = (columns: readonly QuestionColumn[], positions: ReadonlyMap<number, number>, coding: string): boolean => {
  const facts = codingFactsOf(columns, positions, coding);
  return columns.every((column, index) => !column.coding || facts[index] !== null);
};

/** A Questions row from the texts scoring stored: the cells `questionsRowOfAwards` makes of the same facts read by the store. */
export const questionsRowOfTexts = (columns: readonly QuestionColumn[], positions: ReadonlyMap<number, number>, row: QuestionsTextsRow): QuestionsRow => {
  const marks = new Array<number | null>(columns.length).fill(null);
  const cases = new Array<readonly boolean[] | null>(columns.length).fill(null);
  readResultsText(row.results, positions, marks, cases);
  const facts = codingFactsOf(columns, positions, row.coding);
  return questionsRowOfAwards(columns, row, marks, (index) => {
    const found = facts[index];
    return found ? sheetCodingOf(found, marks[index], cases[index]) : undefined;
  });
};

/**
 * The Time per question sheet's headings: `Q3 seconds · Reverse a string…`. Seconds the question was in front of the
 * candidate, from the question views the page reports (decision 550); an empty cell is not recorded, not 0.
 */
export const timeHeadings = (columns: readonly QuestionColumn[]): string[] =>
  columns.map((column) => `Q${column.number} seconds · ${shortText(questionTextPlain(column.text))}`);

/**
 * The Time per question sheet's columns of a test that draws or shuffles questions (decision 620): the order each
 * candidate was shown (`Q4, Q1 (C A B D) · Q7`, a shuffled question's options by their authored letters) and the seed
 * that reproduces it, as `/details` names it.
 */
export const VARIANT_COLUMNS = { headings: ['order shown (options: letters as authored)', 'variant seed'], widths: [44, 12] } as const;
