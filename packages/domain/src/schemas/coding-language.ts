import { z } from 'zod';

/** The languages a coding question may accept; the sandbox runs each of them. */
export const CodingLanguage = z.enum(['javascript', 'typescript', 'python']).meta({ id: 'CodingLanguage' });
export type CodingLanguage = z.infer<typeof CodingLanguage>;

/** How candidates read a language's name. */
export const codingLanguageName = (language: CodingLanguage): string => ({ javascript: 'JavaScript', typescript: 'TypeScript', python: 'Python' })[language];
