import { language as languageFacet } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { ALL_LANGUAGES } from '@assay/domain/languages';
import { describe, expect, it } from 'vitest';
import { loadMode } from './editor-modes.js';

/** The parser's name of each language's mode: the one CodeMirror highlights the editor's text with. */
const PARSERS: Record<string, RegExp> = {
  javascript: /^javascript$/,
  typescript: /^typescript$/,
  python: /^python$/,
  java: /^java$/,
  c: /^c$/,
  cpp: /^cpp$/,
  csharp: /^csharp$/,
  go: /^go$/,
  rust: /^rust$/,
  ruby: /^ruby$/,
  php: /^php$/,
  sqlite: /^sql$/,
  postgresql: /^sql$/,
};

describe('the editor modes', () => {
  it.each(ALL_LANGUAGES)('give %s a language of its own to highlight with', async (language) => {
    const state = EditorState.create({ doc: 'x', extensions: [await loadMode(language)] });
    const mode = state.facet(languageFacet);
    expect(mode, language).not.toBeNull();
    expect(mode!.name).toMatch(PARSERS[language]!);
  });
});
