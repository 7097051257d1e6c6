import type { CandidateCodingQuestion } from '@assay/domain/candidate';
import { languageName as registeredName, type LanguageId } from '@assay/domain/languages';
import { CodingLanguage } from '@assay/domain/schemas';

export { CodingLanguage };

/** How candidates read a language's name ("Python", "C++"), from its profile, as the report says it too. */
export const languageName = (language: LanguageId): string => registeredName(language);

export const isCodingLanguage = (value: unknown): value is CodingLanguage => CodingLanguage.safeParse(value).success;

/**
 * The languages a question accepts (the first is its default) and the starter code of each; a question from
 * before languages had one `language` (JavaScript when none) and one `starterCode`.
 */
export function languagesOf(question: CandidateCodingQuestion): { languages: CodingLanguage[]; starter: (language: CodingLanguage) => string } {
  const languages: CodingLanguage[] = question.languages?.length ? question.languages : [question.language ?? 'javascript'];
  const starter = (language: CodingLanguage) => question.starterCodes?.[language] ?? (language === languages[0] ? (question.starterCode ?? '') : '');
  return { languages, starter };
}
