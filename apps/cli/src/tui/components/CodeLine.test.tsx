import { ALL_LANGUAGES, type LanguageId } from '@assay/domain/languages';
import { highlight } from '@assay/reports/highlight';
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { CodeLine, LOOKS } from './CodeLine.js';

/** A keyword of each language in a line of its code: drawn in the keyword's look. */
const LINES = {
  javascript: ['return 1;', 'return'],
  typescript: ['n: number;', 'number'],
  python: ['def f(): pass', 'def'],
  java: ['public int f() {}', 'public'],
  c: ['static int n;', 'static'],
  cpp: ['v = nullptr;', 'nullptr'],
  csharp: ['foreach (var x in xs) {}', 'foreach'],
  go: ['func f() {}', 'func'],
  rust: ['fn f() {}', 'fn'],
  ruby: ['def f; end', 'def'],
  php: ['function f() {}', 'function'],
  sqlite: ['SELECT 1', 'SELECT'],
  postgresql: ['select 1', 'select'],
} satisfies Record<LanguageId, [string, string]>;

describe('CodeLine', () => {
  it.each(ALL_LANGUAGES)('draws a line of %s whole, its keyword in the keyword look', (language) => {
    const [code, keyword] = LINES[language];
    const tokens = highlight(code, language)[0]!;
    expect(tokens.find((token) => token.kind === 'keyword')?.text).toBe(keyword);
    const { lastFrame, unmount } = render(
      <Box>
        <CodeLine tokens={tokens} />
      </Box>,
    );
    expect((lastFrame() ?? '').replace(/\u001B\[[0-9;]*m/g, '')).toBe(code);
    unmount();
  });

  it('gives every kind of token but plain text a look of its own', () => {
    const looks = Object.values(LOOKS).map((look) => JSON.stringify(look));
    expect(new Set(looks).size).toBe(looks.length);
  });

  it('shows controls in the code as pictures, never raw', () => {
    const hostile = render(<CodeLine tokens={highlight('x := "\u001B]0;owned\u0007"', 'go')[0]!} />);
    expect(hostile.lastFrame()).not.toContain('\u001B]0;');
    hostile.unmount();
  });
});
