import type { LanguageProfile } from './profile.js';
import { cProfile } from './profiles/c.js';
import { cppProfile } from './profiles/cpp.js';
import { csharpProfile } from './profiles/csharp.js';
import { goProfile } from './profiles/go.js';
import { javaProfile } from './profiles/java.js';
import { javascriptProfile } from './profiles/javascript.js';
import { phpProfile } from './profiles/php.js';
import { postgresqlProfile } from './profiles/postgresql.js';
import { pythonProfile } from './profiles/python.js';
import { rubyProfile } from './profiles/ruby.js';
import { rustProfile } from './profiles/rust.js';
import { sqliteProfile } from './profiles/sqlite.js';
import { typescriptProfile } from './profiles/typescript.js';

/**
 * Every language, in the order people see them listed: the one list of languages (decision 1320). `LanguageId`
 * (language-id.ts) is made of these profiles' ids, so a new language is its profile and its line here; everything
 * else the domain knows of it (its grammar, how similarity reads it, its editor mode) is a field of its profile.
 */
const PROFILE_LIST = [
  javascriptProfile,
  typescriptProfile,
  pythonProfile,
  javaProfile,
  cProfile,
  cppProfile,
  csharpProfile,
  goProfile,
  rustProfile,
  rubyProfile,
  phpProfile,
  sqliteProfile,
  postgresqlProfile,
] as const;

/** A registered language's id (the zod enum is `LanguageId`, language-id.ts). */
export type RegisteredLanguage = (typeof PROFILE_LIST)[number]['id'];

/** The ids, in the list's order, as the zod enum takes them. */
export const REGISTERED_LANGUAGES = PROFILE_LIST.map((profile) => profile.id) as [RegisteredLanguage, ...RegisteredLanguage[]];

const PROFILES = new Map<string, LanguageProfile<RegisteredLanguage>>(PROFILE_LIST.map((profile) => [profile.id, profile]));
if (PROFILES.size !== PROFILE_LIST.length) throw new Error('languages/registry.ts: two profiles have the same id');

/** The profile of a language. */
export const languageProfile = (language: RegisteredLanguage): LanguageProfile<RegisteredLanguage> => PROFILES.get(language)!;

/** Whether `name` is a registered language's id. */
export const isRegisteredLanguage = (name: string): name is RegisteredLanguage => PROFILES.has(name);

/** Every language, in the order people see them listed. */
export const ALL_LANGUAGES: readonly RegisteredLanguage[] = REGISTERED_LANGUAGES;

/** How people read a language's name. */
export const languageName = (language: RegisteredLanguage): string => languageProfile(language).name;
