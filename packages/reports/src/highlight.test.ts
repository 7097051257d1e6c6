import { describe, expect, it } from 'vitest';
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

  it('falls back to the C family for other languages, escapes inside strings included', () => {
    expect(kinds('int n = 0; printf("a\\"b");', 'java')[0]).toEqual([
      'keyword:int',
      'plain: n = ',
      'number:0',
      'plain:; printf(',
      'string:"a\\"b"',
      'plain:);',
    ]);
  });
});
