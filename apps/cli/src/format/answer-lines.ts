import { highlight, languageName, type TokenKind } from '@assay/domain/languages';
import type { QuestionDetail } from '@assay/domain/report';
import { durationText, signalEventLines, signalsText } from '../tui/state/question-evidence.js';
import { terminalLine } from './terminal-text.js';
import { wrapLines } from './wrap-lines.js';

/**
 * One question of a report as a reader sees it (issue 50, item 3): the question, the candidate's answer (the options
 * chosen against the key, the written text, the code highlighted with its hidden tests), the marks, the grader and
 * comment, and the page's signals. Lines of spans with a tone, not colours: the TUI colours each tone
 * (AnswersScreen), `assay report ID --details` prints the text. Everything the candidate or an author wrote is made
 * visible here (terminalLine), before it is wrapped, so a control takes its one cell in the count.
 */
export type AnswerTone = 'plain' | 'heading' | 'dim' | 'right' | 'wrong' | 'missed' | 'gutter' | Exclude<TokenKind, 'plain'>;

export interface AnswerSpan {
  readonly text: string;
  readonly tone: AnswerTone;
}

export type AnswerLine = readonly AnswerSpan[];

const line = (text: string, tone: AnswerTone = 'plain'): AnswerLine => [{ text, tone }];
const BLANK: AnswerLine = line('');
const TAB = '    ';

/** Text from outside, every control shown, its own line breaks kept, wrapped at `width` (indented by `indent`). */
const wrapped = (text: string, width: number, tone: AnswerTone = 'plain', indent = ''): AnswerLine[] => {
  const visible = text
    .split(/\r\n|\r|\n/)
    .map((paragraph) => terminalLine(paragraph))
    .join('\n');
  return wrapLines(visible, Math.max(10, width - indent.length)).map((each) => line(`${indent}${each}`, tone));
};

const TYPE_NAMES: Record<QuestionDetail['type'], string> = {
  single_choice: 'single choice',
  multiple_choice: 'multiple choice',
  coding: 'coding',
  short_answer: 'short answer',
  free_text: 'written answer',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "3 of 5 marks", "−1 of 2 marks" (a negative mark), or "not scored yet (5 marks)". */
export const marksText = (question: Pick<QuestionDetail, 'awarded' | 'marks'>): string =>
  question.awarded === null ? `not scored yet (${plural(question.marks, 'mark')})` : `${question.awarded} of ${plural(question.marks, 'mark')}`;

/** "Q3 · Basics · coding · 3 of 5 marks". */
export const questionHeading = (question: QuestionDetail): string =>
  `Q${question.number} · ${terminalLine(question.sectionName)} · ${TYPE_NAMES[question.type]} · ${marksText(question)}`;

/** A letter per option in the order shown ("A", "B", … "Z", then "27"). */
const letterOf = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : String(index + 1));

/** Each option: chosen or not, and how it stands against the key (right, wrong, or a right one not chosen). */
const optionLines = (options: NonNullable<QuestionDetail['options']>, multiple: boolean, width: number): AnswerLine[] => {
  const lines = options.flatMap((option, index) => {
    const mark = option.chosen ? (multiple ? '[x]' : '(•)') : multiple ? '[ ]' : '( )';
    const tone: AnswerTone = option.chosen ? (option.correct ? 'right' : 'wrong') : option.correct ? 'missed' : 'plain';
    const verdict = option.chosen ? (option.correct ? ' — chosen, right' : ' — chosen, wrong') : option.correct ? ' — in the key, not chosen' : '';
    const [first, ...rest] = wrapped(`${letterOf(index)}. ${option.textPlain ?? option.text}${verdict}`, width - 4, tone);
    return [[{ text: `${mark} `, tone }, ...(first ?? [])], ...rest.map((each) => [{ text: '    ', tone }, ...each])];
  });
  return options.some((option) => option.chosen) ? lines : [...lines, line('No option chosen.', 'dim')];
};

/** The code, numbered and coloured token by token; tabs as four spaces. Lines are not wrapped: the TUI cuts them. */
const codeLines = (code: string, language: string): AnswerLine[] => {
  const lines = highlight(code, language);
  const gutter = String(lines.length).length;
  return lines.map((tokens, index) => [
    { text: `${String(index + 1).padStart(gutter)} │ `, tone: 'gutter' },
    ...tokens.map((token) => ({ text: terminalLine(token.text.replaceAll('\t', TAB)), tone: token.kind === 'plain' ? 'plain' : token.kind }) as AnswerSpan),
  ]);
};

const codingLines = (coding: NonNullable<QuestionDetail['coding']>): AnswerLine[] => {
  const tests = coding.hiddenTests;
  const header = line(`${languageName(coding.language)} · ${plural(coding.sampleRuns, 'sample run')}`, 'dim');
  const code = coding.code === null || coding.code.trim() === '' ? [line('(no code)', 'dim')] : codeLines(coding.code, coding.language);
  if (!tests) return [header, ...code, BLANK, line('Hidden tests: not run (not answered, or not scored yet).', 'dim')];
  const cases = tests.cases.map((each, index) =>
    line(
      `  case ${index + 1}: ${each.passed ? 'passed' : 'failed'}${each.args ? ` · input ${terminalLine(JSON.stringify(each.args))}` : ''}`,
      each.passed ? 'right' : 'wrong',
    ),
  );
  return [header, ...code, BLANK, line(`Hidden tests: ${tests.passed} of ${tests.total} passed`, tests.passed === tests.total ? 'right' : 'wrong'), ...cases];
};

const MARKING: Record<NonNullable<QuestionDetail['written']>['marking'], string> = {
  not_scored: 'not scored yet',
  machine: 'marked by the machine',
  awaiting_review: 'awaiting a grader (0 marks until graded)',
  graded: 'graded by a person',
};

const writtenLines = (written: NonNullable<QuestionDetail['written']>, width: number): AnswerLine[] => {
  const words = `${plural(written.words, 'word')}${written.wordLimit === undefined ? '' : ` of ${written.wordLimit} allowed`}`;
  const text = written.answer === null || written.answer.trim() === '' ? [line('(no answer)', 'dim')] : wrapped(written.answer, width, 'plain', '  ');
  const matched =
    written.matched === undefined
      ? []
      : written.matched === null
        ? [line('Matches no accepted answer.', 'wrong')]
        : [line(`Matches the accepted answer "${terminalLine(written.matched.answer)}" (${written.matched.match}).`, 'right')];
  const grade = written.grade;
  const graded = grade
    ? [
        line(`Grade: ${plural(grade.marks, 'mark')} by ${terminalLine(grade.gradedBy.label)} at ${grade.gradedAt.replace('T', ' ')} UTC`, 'heading'),
        ...grade.criteria.map((criterion) => line(`  ${terminalLine(criterion.criterion)}: ${plural(criterion.marks, 'mark')}`)),
        ...(grade.comment === null ? [] : [line('Comment:', 'dim'), ...wrapped(grade.comment, width, 'plain', '  ')]),
      ]
    : [];
  const rubric =
    !grade && written.rubric ? written.rubric.map((each) => line(`  rubric: ${terminalLine(each.criterion)} (${plural(each.marks, 'mark')})`, 'dim')) : [];
  return [line(`Answer (${words}):`, 'dim'), ...text, BLANK, ...matched, line(`Marking: ${MARKING[written.marking]}`, 'dim'), ...rubric, ...graded];
};

/** The answer part: by the question's type, from the parts `/details` sends for it. */
const answerPart = (question: QuestionDetail, width: number): AnswerLine[] => {
  if (question.options) return optionLines(question.options, question.type === 'multiple_choice', width);
  if (question.coding) return codingLines(question.coding);
  if (question.written) return writtenLines(question.written, width);
  return [line(question.answered ? '(answered; this server sends no answer text)' : '(not answered)', 'dim')];
};

/** The whole question: heading, text, answer, then its time and signals (evidence beside the marks, never a verdict). */
export const answerLines = (question: QuestionDetail, width: number): AnswerLine[] => [
  line(questionHeading(question), 'heading'),
  ...wrapped(question.textPlain ?? question.text, width),
  BLANK,
  ...answerPart(question, width),
  BLANK,
  line(`Time: ${durationText(question.timeSpentSeconds)} · ${signalsText(question.signals)}`, 'dim'),
  ...signalEventLines(question.signals).map((event) => line(`  ${event}`, 'dim')),
];

/** A line's text, for the CLI and for tests. */
export const lineText = (answer: AnswerLine): string => answer.map((span) => span.text).join('');
