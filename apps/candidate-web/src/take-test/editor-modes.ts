import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { type EditorMode, type LanguageId, type LegacyEditorModule, languageProfile } from '@assay/domain/languages';

/**
 * The editor's highlighting of each language (decision 750): the language's profile names its mode (`editor`), and
 * this maps the few kinds of mode to CodeMirror — framework code only, no list of languages (decision 1321).
 * JavaScript, TypeScript and Python come with the editor's chunk, as before; every other mode is a chunk of its own,
 * fetched the first time a question in that language opens, so the page a JavaScript candidate downloads does not
 * grow with the list.
 */
/** The tables and columns of an SQL question's schema, by table: what the SQL modes complete (decision 1123). */
export type SqlCompletionSchema = Readonly<Record<string, readonly string[]>>;

/** The legacy-mode modules a profile may name, each its own chunk; a module's exports are its stream parsers. */
const LEGACY_MODULES = {
  clike: () => import('@codemirror/legacy-modes/mode/clike'),
  go: () => import('@codemirror/legacy-modes/mode/go'),
  rust: () => import('@codemirror/legacy-modes/mode/rust'),
  ruby: () => import('@codemirror/legacy-modes/mode/ruby'),
} satisfies Record<LegacyEditorModule, () => Promise<object>>;

async function legacyMode(module: LegacyEditorModule, parser: string): Promise<Extension> {
  const exports = (await LEGACY_MODULES[module]()) as Readonly<Record<string, StreamParser<unknown> | undefined>>;
  const stream = exports[parser];
  if (stream === undefined) throw new Error(`@codemirror/legacy-modes/mode/${module} has no mode ${parser}`);
  return StreamLanguage.define(stream);
}

async function modeOf(mode: EditorMode, schema: SqlCompletionSchema | undefined): Promise<Extension> {
  switch (mode.kind) {
    case 'javascript':
      return javascript({ typescript: mode.typescript === true });
    case 'python':
      return python();
    case 'php':
      // A candidate's PHP file starts with `<?php`; without HTML around it (plain) the mode stays small.
      return (await import('@codemirror/lang-php')).php({ plain: true });
    case 'sql': {
      const { sql, SQLite, PostgreSQL } = await import('@codemirror/lang-sql');
      const dialect = mode.dialect === 'sqlite' ? SQLite : PostgreSQL;
      return sql({ dialect, upperCaseKeywords: true, ...(schema ? { schema: { ...schema } } : {}) });
    }
    case 'legacy':
      return legacyMode(mode.module, mode.parser);
  }
}

/**
 * The highlighting (and the language's own completions) of `language`; a mode whose chunk cannot be fetched leaves
 * the code plain (nothing else about the editor depends on it), and is asked for again the next time. `schema`: an
 * SQL question's tables and columns, which the SQL modes offer as completions.
 */
export const loadMode = (language: LanguageId, schema?: SqlCompletionSchema): Promise<Extension> =>
  modeOf(languageProfile(language).editor, schema).catch(() => []);
