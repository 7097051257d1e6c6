import type { CandidateQuestion } from '@assay/domain';

/** The languages a coding question may accept, as the page names them. */
export type CodingLanguage = 'javascript' | 'typescript' | 'python';

export const LANGUAGE_NAMES: Record<CodingLanguage, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python 3',
};

export const isCodingLanguage = (value: unknown): value is CodingLanguage => value === 'javascript' || value === 'typescript' || value === 'python';

/** The languages a question accepts (the first is its default), and the starter code of each. */
export function languagesOf(question: CandidateQuestion): { languages: CodingLanguage[]; starter: (language: CodingLanguage) => string } {
  const given = question as CandidateQuestion & { languages?: unknown; starterCodes?: Record<string, string> };
  const listed = Array.isArray(given.languages) ? given.languages.filter(isCodingLanguage) : [];
  const languages = listed.length > 0 ? listed : [isCodingLanguage(question.language) ? question.language : 'javascript'];
  const starter = (language: CodingLanguage) =>
    given.starterCodes?.[language] ?? (language === (question.language ?? languages[0]) ? (question.starterCode ?? '') : '');
  return { languages, starter };
}
