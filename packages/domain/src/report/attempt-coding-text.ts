import { CodingLanguage } from '../schemas/coding-language.js';
import type { CodingAnswerFacts, QuestionCodingFacts } from './coding-answer-facts.js';
import { textIdAt } from './attempt-results-text.js';

/** A coding question's answer facts as scoring decided them (the domain's `attemptCodingFacts`). */
export type StoredCodingFacts = QuestionCodingFacts;

/**
 * A scored attempt's coding answer facts as one text beside its results text (`attempt_results.coding`, migration 027):
 * `questionId:language:1|0` (answered or not) for every coding question of the test, joined by `;`; empty for a test
 * without coding questions. Null in the column means "not stored" (an attempt scored by code that did not pass them):
 * the export then reads the code answers as before.
 */
export const codingTextOf = (facts: readonly StoredCodingFacts[]): string =>
  facts.map(({ questionId, language, answered }) => `${questionId}:${language}:${answered ? 1 : 0}`).join(';');

/**
 * One frozen object per language and answer state, found by comparing the text in place (no key string, no slice):
 * 500,000 facts per export would otherwise be as many objects.
 */
const sharedFacts = CodingLanguage.options.map((language) => ({
  language,
  answered: Object.freeze({ language, answered: true }) as CodingAnswerFacts,
  unanswered: Object.freeze({ language, answered: false }) as CodingAnswerFacts,
}));

const factsAt = (text: string, start: number, end: number, answered: boolean): CodingAnswerFacts | undefined => {
  for (const facts of sharedFacts) {
    if (facts.language.length === end - start && text.startsWith(facts.language, start)) return answered ? facts.answered : facts.unanswered;
  }
  return undefined;
};

/** Reads a coding text into `coding` at each question's position (unknown questions and languages are skipped). */
export const readCodingText = (text: string, positionOf: ReadonlyMap<number, number>, coding: (CodingAnswerFacts | null)[]): void => {
  for (let start = 0; start < text.length; ) {
    const separator = text.indexOf(';', start);
    const end = separator === -1 ? text.length : separator;
    const idEnd = text.indexOf(':', start);
    const languageEnd = text.indexOf(':', idEnd + 1);
    const position = positionOf.get(textIdAt(text, start, idEnd));
    const facts = factsAt(text, idEnd + 1, languageEnd, text.charCodeAt(languageEnd + 1) === 49);
    if (position !== undefined && facts) coding[position] = facts;
    start = end + 1;
  }
};
