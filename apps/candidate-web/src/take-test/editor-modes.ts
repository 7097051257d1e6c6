import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { StreamLanguage } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import type { LanguageId } from '@assay/domain/languages';

/**
 * The editor's highlighting of each language (decision 750). JavaScript, TypeScript and Python come with the
 * editor's chunk, as before; every other mode is a chunk of its own, fetched the first time a question in that
 * language opens, so the page a JavaScript candidate downloads does not grow with the list. A new language fails
 * to compile here until it has its mode.
 */
/** The tables and columns of an SQL question's schema, by table: what the SQL modes complete (decision 1123). */
export type SqlCompletionSchema = Readonly<Record<string, readonly string[]>>;

const MODES = {
  javascript: async () => javascript(),
  typescript: async () => javascript({ typescript: true }),
  python: async () => python(),
  java: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).java),
  c: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).c),
  cpp: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).cpp),
  csharp: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).csharp),
  go: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/go')).go),
  rust: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/rust')).rust),
  ruby: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/ruby')).ruby),
  // A candidate's PHP file starts with `<?php`; without HTML around it (plain) the mode stays small.
  php: async () => (await import('@codemirror/lang-php')).php({ plain: true }),
  sqlite: async (schema?: SqlCompletionSchema) => {
    const { sql, SQLite } = await import('@codemirror/lang-sql');
    return sql({ dialect: SQLite, upperCaseKeywords: true, ...(schema ? { schema: { ...schema } } : {}) });
  },
  postgresql: async (schema?: SqlCompletionSchema) => {
    const { sql, PostgreSQL } = await import('@codemirror/lang-sql');
    return sql({ dialect: PostgreSQL, upperCaseKeywords: true, ...(schema ? { schema: { ...schema } } : {}) });
  },
} satisfies Record<LanguageId, (schema?: SqlCompletionSchema) => Promise<Extension>>;

/**
 * The highlighting (and the language's own completions) of `language`; a mode whose chunk cannot be fetched leaves
 * the code plain (nothing else about the editor depends on it), and is asked for again the next time. `schema`: an
 * SQL question's tables and columns, which the SQL modes offer as completions.
 */
export const loadMode = (language: LanguageId, schema?: SqlCompletionSchema): Promise<Extension> => MODES[language](schema).catch(() => []);
