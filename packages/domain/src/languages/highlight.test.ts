import { describe, expect, it } from 'vitest';
import type { LanguageId } from './language-id.js';
import { ALL_LANGUAGES, languageProfile } from './registry.js';
import { highlight } from './highlight.js';

const kinds = (code: string, language: string) => highlight(code, language).map((line) => line.map((token) => `${token.kind}:${token.text}`));

describe('highlight', () => {
  it('tells keywords, strings, numbers and comments apart in JavaScript', () => {
    expect(kinds('const x = "a" + 42; // why', 'javascript')).toEqual([
      ['keyword:const', 'plain: x = ', 'string:"a"', 'plain: + ', 'number:42', 'plain:; ', 'comment:// why'],
    ]);
  });

  it('carries block comments and multi-line strings across lines', () => {
    expect(kinds('/* a\nb */ let', 'typescript')).toEqual([['comment:/* a'], ['comment:b */', 'plain: ', 'keyword:let']]);
    expect(kinds('s = """one\ntwo""" # done', 'python')).toEqual([
      ['plain:s = ', 'string:"""one'],
      ['string:two"""', 'plain: ', 'comment:# done'],
    ]);
  });

  it('reads a regular expression literal as one string, a division as an operator', () => {
    expect(kinds("m = s.match(/[a-z']+/g)", 'javascript')[0]).toContain("string:/[a-z']+/g");
    expect(kinds('x = a / b / 2', 'javascript')[0]).toEqual(['plain:x = a / b / ', 'number:2']);
  });

  it('reads Java with escapes inside strings', () => {
    expect(kinds('int n = 0; printf("a\\"b");', 'java')[0]).toEqual([
      'keyword:int',
      'plain: n = ',
      'number:0',
      'plain:; printf(',
      'string:"a\\"b"',
      'plain:);',
    ]);
  });

  /** Languages' keyword, string and comment, in one line of real code of theirs. */
  const SAMPLES = {
    javascript: ['let s = "a"; // c', 'let', '"a"', '// c'],
    typescript: ['let n: number = "a"; // c', 'number', '"a"', '// c'],
    python: ["def f(): return 'a' # c", 'def', "'a'", '# c'],
    java: ['public int f() { return "a"; } // c', 'public', '"a"', '// c'],
    c: ['static char *s = "a"; /* c */', 'static', '"a"', '/* c */'],
    cpp: ['std::vector<int> v; auto s = "a"; // c', 'auto', '"a"', '// c'],
    csharp: ['foreach (var s in new[] { "a" }) {} // c', 'foreach', '"a"', '// c'],
    go: ['func f() string { return `a` } // c', 'func', '`a`', '// c'],
    rust: ['fn f<\'a>(s: &\'a str) -> String { "a".into() } // c', 'fn', '"a"', '// c'],
    ruby: ["def f = puts('a') # c", 'def', "'a'", '# c'],
    php: ['<?php function f() { echo "a"; } # c', 'function', '"a"', '# c'],
    sqlite: ["select name from t where x = 'a' -- c", 'select', "'a'", '-- c'],
    postgresql: ["SELECT name FROM t WHERE x = 'a' /* c */", 'WHERE', "'a'", '/* c */'],
  } satisfies Partial<Record<LanguageId, [string, string, string, string]>>;

  it.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])('tells the keywords, strings and comments of %s apart', (language) => {
    const [code, keyword, string, comment] = SAMPLES[language];
    const tokens = kinds(code, language)[0]!;
    expect(tokens).toContain(`keyword:${keyword}`);
    expect(tokens).toContain(`string:${string}`);
    expect(tokens.at(-1)).toBe(`comment:${comment}`);
  });

  /** Every registered language, from its profile's grammar: a keyword of it, its first quote, its comment. */
  it.each(ALL_LANGUAGES)('highlights %s with its own grammar', (language) => {
    const grammar = languageProfile(language).grammar;
    const keyword = [...grammar.keywords].find((word) => /^[A-Za-z_]\w*$/.test(word))!;
    const quote = grammar.strings.at(-1)!;
    const comment = grammar.lineComments[0] ?? grammar.blockComment![0];
    const tokens = kinds(`${keyword} x = ${quote}a${quote} ${comment} c`, language)[0]!;
    expect(tokens[0]).toBe(`keyword:${keyword}`);
    expect(tokens).toContain(`string:${quote}a${quote}`);
    expect(tokens.at(-1)).toBe(`comment:${comment} c`);
  });

  it('keeps a Rust lifetime out of the strings, and takes SQL keywords in any case', () => {
    expect(kinds("fn f<'a>(x: &'a str) {}", 'rust')[0]!.filter((token) => token.startsWith('string:'))).toEqual([]);
    expect(kinds('Select 1', 'postgresql')[0]).toEqual(['keyword:Select', 'plain: ', 'number:1']);
    expect(kinds('x := `a\nb`', 'golang')).toEqual([['plain:x := ', 'string:`a'], ['string:b`']]);
  });
});
