import type { AttemptVariant } from '../candidate/question-variant.js';

/** An option's letter as authored: option id 0 is A (the test file's order), as the Questions sheet's marks assume. */
const authoredLetter = (optionId: number): string => (optionId < 26 ? String.fromCharCode(65 + optionId) : `#${optionId + 1}`);

/**
 * The order one candidate was shown, in a workbook cell (issue 34, item 5; decision 620): the questions by their report
 * numbers, sections apart by " · ", and a question whose options were shuffled with its authored letters in the order
 * shown — `Q4, Q1 (C A B D), Q6 · Q8, Q7`. A question `numberOf` does not name is written by its id (`#12`).
 */
export const variantOrderText = (variant: AttemptVariant, numberOf: ReadonlyMap<number, number>): string => {
  const parts: string[] = [];
  let sectionId: number | undefined;
  for (const question of variant) {
    const number = numberOf.get(question.questionId);
    const name = number === undefined ? `#${question.questionId}` : `Q${number}`;
    const options = question.optionOrder ? ` (${question.optionOrder.map(authoredLetter).join(' ')})` : '';
    const separator = parts.length === 0 ? '' : question.sectionId === sectionId ? ', ' : ' · ';
    parts.push(`${separator}${name}${options}`);
    sectionId = question.sectionId;
  }
  return parts.join('');
};
