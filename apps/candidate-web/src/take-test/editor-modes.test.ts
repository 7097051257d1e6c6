import { CompletionContext, type CompletionSource } from '@codemirror/autocomplete';
import { language as languageFacet } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { ALL_LANGUAGES, type LanguageId, languageProfile } from '@assay/domain/languages';
import { describe, expect, it } from 'vitest';
import { loadMode } from './editor-modes.js';

/** The parser's name CodeMirror gives the mode the profile names: the one it highlights the editor's text with. */
const parserName = (language: LanguageId): string => {
  const mode = languageProfile(language).editor;
  if (mode.kind === 'legacy') return mode.parser;
  if (mode.kind === 'javascript') return mode.typescript ? 'typescript' : 'javascript';
  return mode.kind;
};

describe('the editor modes', () => {
  it.each(ALL_LANGUAGES)('give %s a language of its own to highlight with', async (language) => {
    const state = EditorState.create({ doc: 'x', extensions: [await loadMode(language)] });
    const mode = state.facet(languageFacet);
    expect(mode, language).not.toBeNull();
    expect(mode!.name).toBe(parserName(language));
  });
});

describe("an SQL question's schema in the editor's completion (issue 59)", () => {
  /** The labels every completion source of the mode offers with the cursor at the end of `doc`. */
  const offered = async (language: 'sqlite' | 'postgresql', doc: string): Promise<string[]> => {
    const state = EditorState.create({ doc, extensions: [await loadMode(language, { customers: ['id', 'name'], orders: ['customer_id', 'amount'] })] });
    const sources = state.languageDataAt<CompletionSource>('autocomplete', doc.length);
    const results = await Promise.all(sources.map((source) => source(new CompletionContext(state, doc.length, true))));
    return results.flatMap((result) => result?.options.map((option) => option.label) ?? []);
  };

  it.each(['sqlite', 'postgresql'] as const)('%s offers the tables, and the columns of a table named before a dot', async (language) => {
    expect(await offered(language, 'SELECT * FROM cust')).toContain('customers');
    expect(await offered(language, 'SELECT orders.')).toEqual(expect.arrayContaining(['customer_id', 'amount']));
  });
});
