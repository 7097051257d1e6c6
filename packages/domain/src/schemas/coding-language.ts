import { z } from 'zod';
import { LanguageId } from '../languages/language-id.js';
import { languageName } from '../languages/registry.js';

/**
 * The languages a coding question may accept: every language of the registry (issue 49). The OpenAPI component keeps
 * its name `CodingLanguage`; the values are `LanguageId`'s.
 */
export const CodingLanguage = z.enum(LanguageId.options).meta({ id: 'CodingLanguage' });
export type CodingLanguage = z.infer<typeof CodingLanguage>;

/** How candidates read a language's name (from its profile). */
export const codingLanguageName = (language: CodingLanguage): string => languageName(language);
