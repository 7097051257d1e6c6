import { match } from 'ts-pattern';
import { MAX_QUESTION_SKILLS, MAX_SKILL_LENGTH, skillKeyOf } from '../schemas/question-skills.js';
import type { BankBody, BankNumberAnswer, BankOption, BankQuestion, BankTextAnswer } from './bank-item.js';

/** Moodle writes 100 % as 100, 1.0000000 or 99.99999: anything this close is full credit. */
const FULL = 99.99;
const isFull = (fraction: number): boolean => fraction >= FULL;
const isPartial = (fraction: number): boolean => fraction > 0 && !isFull(fraction);

/** What one bank question becomes: a question definition to validate, with what it leaves behind; or why not. */
export type BankQuestionOutcome = { readonly question: Record<string, unknown>; readonly notCarried: readonly string[] } | { readonly skip: string };

const quoted = (text: string): string => `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

export const questionOfBankItem = (item: BankQuestion): BankQuestionOutcome => {
  const marks = item.marks ?? 1;
  const notCarried = [...item.notCarried];
  const { skills, dropped } = skillsOfTags(item.tags);
  for (const tag of dropped) notCarried.push(`the tag ${quoted(tag)} (${skillRuleOf(tag)})`);
  const base = { text: item.text, marks, ...(skills.length === 0 ? {} : { skills }) };
  const body = bodyOf(item.body, marks, notCarried);
  return 'skip' in body ? body : { question: { ...base, ...body.fields }, notCarried };
};

/** The type's own fields of the question, or why there is no question. */
type BodyOutcome = { readonly fields: Record<string, unknown> } | { readonly skip: string };

const bodyOf = (body: BankBody, marks: number, notCarried: string[]): BodyOutcome =>
  match(body)
    .with({ shape: 'choice' }, (choice) => choiceOf(choice.options, choice.single, marks, notCarried))
    .with({ shape: 'true-false' }, ({ answer }) => ({
      fields: {
        type: 'single_choice',
        options: [
          { text: 'True', correct: answer },
          { text: 'False', correct: !answer },
        ],
      },
    }))
    .with({ shape: 'short' }, (short) => shortOf(short.answers, short.caseSensitive, notCarried))
    .with({ shape: 'numeric' }, (numeric) => numericOf(numeric.answers, notCarried))
    .with({ shape: 'essay' }, () => ({ fields: { type: 'free_text' } }))
    .with({ shape: 'unsupported' }, ({ why }) => ({ skip: why }))
    .exhaustive();

function choiceOf(options: readonly BankOption[], single: boolean | undefined, marks: number, notCarried: string[]): BodyOutcome {
  if (options.length < 2) return { skip: `a choice question needs at least 2 options; this one has ${options.length}` };
  if (options.length > 20) return { skip: `a choice question has at most 20 options in Assay; this one has ${options.length}` };
  const earning = options.filter((option) => option.fraction > 0);
  if (earning.length === 0) return { skip: 'no option earns any marks' };
  const isSingle = single ?? earning.length === 1;
  options.forEach((option, at) => {
    if (option.hasFeedback) notCarried.push(`the feedback of option ${at + 1} ${quoted(option.text)}`);
  });
  const negativeMarks = penaltyOf(options, marks, notCarried);
  if (isSingle) {
    const full = options.filter((option) => isFull(option.fraction));
    if (full.length !== 1) {
      return {
        skip:
          full.length === 0
            ? `no option is worth full marks (the best is worth ${Math.max(...earning.map((option) => option.fraction))} %), and a single choice has exactly one right option`
            : `${full.length} options are worth full marks, and a single choice has exactly one right option`,
      };
    }
    for (const option of options.filter((option) => isPartial(option.fraction))) {
      notCarried.push(`the ${round(option.fraction)} % credit of option ${quoted(option.text)} (a single choice is right or wrong)`);
    }
    return { fields: { type: 'single_choice', negativeMarks, options: options.map((option) => ({ text: option.text, correct: isFull(option.fraction) })) } };
  }
  if (new Set(earning.map((option) => round(option.fraction))).size > 1) {
    notCarried.push(
      `the right options' unequal credit (${earning.map((option) => `${round(option.fraction)} %`).join(', ')}): Assay weighs every right option alike`,
    );
  }
  return { fields: { type: 'multiple_choice', negativeMarks, options: options.map((option) => ({ text: option.text, correct: option.fraction > 0 })) } };
}

/** Assay takes one penalty for any wrong choice: carried when every wrong option costs the same in the bank. */
function penaltyOf(options: readonly BankOption[], marks: number, notCarried: string[]): number {
  const wrong = options.filter((option) => option.fraction <= 0);
  const costs = new Set(wrong.map((option) => round(-option.fraction)));
  if (costs.size === 1) return round((marks * ([...costs][0] ?? 0)) / 100);
  if (wrong.some((option) => option.fraction < 0)) {
    notCarried.push(`the wrong options' different penalties (${wrong.map((option) => `${round(option.fraction)} %`).join(', ')}): Assay takes none`);
  }
  return 0;
}

function shortOf(answers: readonly BankTextAnswer[], caseSensitive: boolean, notCarried: string[]): BodyOutcome {
  const full = answers.filter((answer) => isFull(answer.fraction));
  if (full.length === 0) return { skip: 'no answer is worth full marks' };
  for (const answer of answers.filter((answer) => isPartial(answer.fraction))) {
    notCarried.push(`the ${round(answer.fraction)} % credit of answer ${quoted(answer.text)} (a short answer is right or wrong)`);
  }
  answersFeedback(answers, notCarried);
  if (full.length > 50) notCarried.push(`${full.length - 50} accepted answers past the 50 Assay keeps`);
  return { fields: { type: 'short_answer', acceptedAnswers: full.slice(0, 50).map((answer) => acceptedTextOf(answer.text, caseSensitive)) } };
}

/** Moodle's `*` stands for any characters (`\*` for a star): such an answer becomes a pattern. */
export function acceptedTextOf(text: string, caseSensitive: boolean): { answer: string; match: 'exact' | 'text' | 'pattern' } {
  const pieces = text.split(/(?<!\\)\*/);
  if (pieces.length === 1) return { answer: text.replaceAll('\\*', '*'), match: caseSensitive ? 'exact' : 'text' };
  const escaped = pieces.map((piece) => piece.replaceAll('\\*', '*').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return { answer: `${caseSensitive ? '' : '(?i)'}\\s*${escaped.join('.*')}\\s*`, match: 'pattern' };
}

function numericOf(answers: readonly BankNumberAnswer[], notCarried: string[]): BodyOutcome {
  const full = answers.filter((answer) => isFull(answer.fraction) && answer.value !== '*');
  if (full.length === 0) return { skip: 'no number is worth full marks' };
  for (const answer of answers.filter((answer) => isPartial(answer.fraction))) {
    notCarried.push(`the ${round(answer.fraction)} % credit of ${answer.value} ± ${answer.tolerance} (a number is right or wrong)`);
  }
  answersFeedback(answers, notCarried);
  const acceptedAnswers = full
    .slice(0, 50)
    .map((answer) => ({ answer: answer.value, match: 'number', ...(answer.tolerance > 0 ? { tolerance: answer.tolerance } : {}) }));
  return { fields: { type: 'short_answer', acceptedAnswers } };
}

function answersFeedback(answers: readonly { hasFeedback: boolean; fraction: number }[], notCarried: string[]): void {
  const count = answers.filter((answer) => answer.hasFeedback).length;
  if (count > 0) notCarried.push(`the feedback of ${count === 1 ? '1 answer' : `${count} answers`}`);
}

/** Tags become the question's skills, as far as skills allow (1 to 60 characters, 10 at most, each once). */
function skillsOfTags(tags: readonly string[]): { skills: string[]; dropped: string[] } {
  const skills: string[] = [];
  const dropped: string[] = [];
  for (const tag of tags.map((tag) => tag.trim()).filter((tag) => tag !== '')) {
    const seen = skills.some((skill) => skillKeyOf(skill) === skillKeyOf(tag));
    if (seen) continue;
    if (tag.length > MAX_SKILL_LENGTH || skills.length === MAX_QUESTION_SKILLS || /[\p{Cc}\p{Cf}]/u.test(tag)) dropped.push(tag);
    else skills.push(tag);
  }
  return { skills, dropped };
}

const skillRuleOf = (tag: string): string =>
  tag.length > MAX_SKILL_LENGTH
    ? `a skill is at most ${MAX_SKILL_LENGTH} characters`
    : /[\p{Cc}\p{Cf}]/u.test(tag)
      ? 'it holds a control character'
      : `a question has at most ${MAX_QUESTION_SKILLS} skills`;
