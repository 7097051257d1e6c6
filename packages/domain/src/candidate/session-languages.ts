import type { CodingLanguage } from '../schemas/coding-language.js';
import type { CandidateSession } from './candidate-api-session.js';

/** Whether a coding question of the session accepts `language` (the server warms that language's interpreters). */
export const asksFor = (session: CandidateSession, language: CodingLanguage): boolean => asksForAny(session, [language]);

/** Whether a coding question of the session accepts one of `languages` (the ones the sandbox prewarms). */
export const asksForAny = (session: CandidateSession, languages: readonly CodingLanguage[]): boolean =>
  session.test.sections.some((section) =>
    (section.questions ?? []).some((question) => question.type === 'coding' && question.languages.some((language) => languages.includes(language))),
  );
