import { ok, refuse, type Result } from '../result.js';
import { type CodingLanguage, codingLanguageName } from '../schemas/coding-language.js';
import type { CodingQuestion } from '../schemas/test-definition.js';

/** Readable list: "Python", "Python or JavaScript", "Python, JavaScript or TypeScript". */
const namesOf = (languages: readonly CodingLanguage[]): string => {
  const names = languages.map(codingLanguageName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
};

/**
 * The language a coding answer or sample run is in: the one the candidate chose, or the question's first
 * when they named none. One the question does not accept is refused (400.2) in words for the candidate.
 */
export const answerLanguageFor = (question: Pick<CodingQuestion, 'languages'>, requested: CodingLanguage | undefined): Result<CodingLanguage> => {
  const [first] = question.languages;
  if (requested === undefined) return first === undefined ? refuse('invalid-field', 'This question accepts no language.') : ok(first);
  if (question.languages.includes(requested)) return ok(requested);
  return refuse('invalid-field', `This question cannot be answered in ${codingLanguageName(requested)}: answer it in ${namesOf(question.languages)}.`);
};

/** The language a stored answer is in: older answers carry none and are in the question's first language. */
export const savedAnswerLanguage = (question: Pick<CodingQuestion, 'languages'>, saved: CodingLanguage | undefined): CodingLanguage =>
  saved !== undefined && question.languages.includes(saved) ? saved : (question.languages[0] ?? 'javascript');
