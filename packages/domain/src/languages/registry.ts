import type { LanguageId } from './language-id.js';
import { LanguageId as LanguageIds } from './language-id.js';
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

/** One entry per language: a new LanguageId fails to compile until it has its profile here. */
const PROFILES: { readonly [Id in LanguageId]: LanguageProfile & { readonly id: Id } } = {
  javascript: javascriptProfile as LanguageProfile & { id: 'javascript' },
  typescript: typescriptProfile as LanguageProfile & { id: 'typescript' },
  python: pythonProfile as LanguageProfile & { id: 'python' },
  java: javaProfile as LanguageProfile & { id: 'java' },
  c: cProfile as LanguageProfile & { id: 'c' },
  cpp: cppProfile as LanguageProfile & { id: 'cpp' },
  csharp: csharpProfile as LanguageProfile & { id: 'csharp' },
  go: goProfile as LanguageProfile & { id: 'go' },
  rust: rustProfile as LanguageProfile & { id: 'rust' },
  ruby: rubyProfile as LanguageProfile & { id: 'ruby' },
  php: phpProfile as LanguageProfile & { id: 'php' },
  sqlite: sqliteProfile as LanguageProfile & { id: 'sqlite' },
  postgresql: postgresqlProfile as LanguageProfile & { id: 'postgresql' },
};

/** The profile of a language. */
export const languageProfile = (language: LanguageId): LanguageProfile => PROFILES[language];

/** Every language, in the order people see them listed. */
export const ALL_LANGUAGES: readonly LanguageId[] = LanguageIds.options;

/** How people read a language's name. */
export const languageName = (language: LanguageId): string => PROFILES[language].name;
