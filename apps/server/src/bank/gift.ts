import { type GIFTQuestion, type NumericalFormat, parse, type TextFormat } from 'gift-pegjs';
import { type BankBody, type BankItem, type BankNumberAnswer, ok, refuse, type Result } from '@assay/domain';
import { type BankTextFormat, questionTextOf } from './question-text-of-html.js';

/** GIFT's `[format]` marks, as Moodle reads them: without one, a text is Moodle's auto-format. */
const FORMATS: Readonly<Record<TextFormat['format'], BankTextFormat>> = {
  moodle: 'moodle_auto_format',
  html: 'html',
  markdown: 'markdown',
  plain: 'plain_text',
};

/**
 * `{#3:2 ~#Completely wrong}`: a bare first number, then `~` for any other answer. Moodle reads it (its own GIFT
 * fixture has it); gift-pegjs takes answers after a first one only when that one starts with `=`, so it gets one
 * (a character added on that line, before the number). An unescaped `{#` always opens a number's answers.
 */
const BARE_NUMBER_BEFORE_OTHERS = /(?<!\\)\{#(?=\s*[-+]?[\d.][^{}=~]*~)/g;

/**
 * GIFT text (Moodle's one-question-per-paragraph format) read into bank items with gift-pegjs, the grammar the GIFT
 * tooling shares. Text the grammar cannot read is refused (400.136) naming the line and column where it stopped.
 */
export const giftItems = (content: string): Result<BankItem[]> => {
  let parsed: GIFTQuestion[];
  try {
    parsed = parse(content.replace(BARE_NUMBER_BEFORE_OTHERS, '{#='));
  } catch (error) {
    const where = (error as { location?: { start?: { line: number; column: number } } }).location?.start;
    const message = error instanceof Error ? error.message : String(error);
    return refuse(
      'bank-unreadable',
      where === undefined
        ? `The GIFT text cannot be read: ${message}`
        : `The GIFT text cannot be read at line ${where.line}, column ${where.column}: ${message}`,
    );
  }
  const items: BankItem[] = [];
  let index = 0;
  for (const question of parsed) {
    if (question.type === 'Category') {
      items.push({ kind: 'category', path: question.title });
      continue;
    }
    index += 1;
    const notCarried: string[] = [];
    const text = textOf(question.stem, notCarried);
    if ('globalFeedback' in question && question.globalFeedback !== null && question.globalFeedback.text.trim() !== '') notCarried.push('the general feedback');
    items.push({
      kind: 'question',
      index,
      name: question.title ?? '',
      type: question.type,
      text,
      body: bodyOf(question, notCarried),
      marks: undefined,
      tags: question.tags ?? [],
      notCarried,
    });
  }
  return ok(items);
};

function bodyOf(question: Exclude<GIFTQuestion, { type: 'Category' }>, notCarried: string[]): BankBody {
  switch (question.type) {
    case 'MC':
      return {
        shape: 'choice',
        // `=right ~wrong` is one right answer; `~%50%a ~%50%b` lets the weights say (questionOfBankItem).
        single: question.choices.some((choice) => choice.weight !== null) ? undefined : true,
        options: question.choices.map((choice) => ({
          text: textOf(choice.text, notCarried),
          fraction: fractionOf(choice),
          hasFeedback: choice.feedback !== null,
        })),
      };
    case 'TF':
      if (question.trueFeedback !== null) notCarried.push('the feedback for the answer "true"');
      if (question.falseFeedback !== null) notCarried.push('the feedback for the answer "false"');
      return { shape: 'true-false', answer: question.isTrue };
    case 'Short':
      return {
        shape: 'short',
        caseSensitive: false,
        answers: question.choices.map((choice) => ({ text: choice.text.text.trim(), fraction: fractionOf(choice), hasFeedback: choice.feedback !== null })),
      };
    case 'Numerical':
      return {
        shape: 'numeric',
        answers: Array.isArray(question.choices)
          ? question.choices.map((choice) => ({ ...numberOf(choice.text), fraction: fractionOf(choice), hasFeedback: choice.feedback !== null }))
          : [{ ...numberOf(question.choices), fraction: 100, hasFeedback: false }],
      };
    case 'Essay':
      return { shape: 'essay' };
    case 'Description':
      return { shape: 'unsupported', why: 'a description is text without a question; Assay has no such item' };
    case 'Matching':
      return { shape: 'unsupported', why: 'matching questions have no Assay question type' };
  }
}

const fractionOf = (choice: { isCorrect: boolean; weight: number | null }): number => choice.weight ?? (choice.isCorrect ? 100 : 0);

/** GIFT's three ways to write a number: `3.14`, `3.14:0.01`, `3.13..3.15`; as a value with an absolute tolerance. */
function numberOf(format: NumericalFormat): Pick<BankNumberAnswer, 'value' | 'tolerance'> {
  const exact = (value: number): string => String(Math.round(value * 1e10) / 1e10);
  if (format.type === 'high-low' && format.numberHigh !== undefined && format.numberLow !== undefined) {
    const tolerance = Math.abs(format.numberHigh - format.numberLow) / 2;
    return { value: exact((format.numberHigh + format.numberLow) / 2), tolerance: Number(exact(tolerance)) };
  }
  return { value: exact(format.number ?? Number.NaN), tolerance: Math.abs(format.range ?? 0) };
}

function textOf(text: TextFormat, notCarried: string[]): string {
  const converted = questionTextOf(text.text, FORMATS[text.format]);
  notCarried.push(...converted.notCarried);
  return converted.text;
}
