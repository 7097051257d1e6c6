import { describe, expect, it } from 'vitest';
import { codeTokens } from './code-tokens.js';

const texts = (code: string, language: 'python' | 'javascript' | 'typescript') => codeTokens(code, language).map((token) => token.text);

describe('codeTokens', () => {
  it('drops comments and whitespace, names identifiers I, numbers N and strings S (Python)', () => {
    const code = '# a comment\ndef add(a, b):\n    """doc\n    string"""\n    return a + b * 2.5  # more\nx = f"{y}" + r\'\\d\'\n';
    expect(texts(code, 'python')).toEqual(['def', 'I', '(', 'I', ',', 'I', ')', ':', 'S', 'return', 'I', '+', 'I', '*', 'N', 'I', '=', 'S', '+', 'S']);
  });

  it('keeps keywords, builtins and property names, so renaming changes nothing else (JavaScript)', () => {
    const code = `/* c\n */ const total = items.reduce((sum, x) => sum + x, 0); // done\nconsole.log(\`\${total}\`);`;
    expect(texts(code, 'javascript')).toEqual([
      'const',
      'I',
      '=',
      'I',
      '.',
      'reduce',
      '(',
      '(',
      'I',
      ',',
      'I',
      ')',
      '=>',
      'I',
      '+',
      'I',
      ',',
      'N',
      ')',
      ';',
      'console',
      '.',
      'log',
      '(',
      'S',
      ')',
      ';',
    ]);
    const renamed = code.replaceAll('total', 'grand').replaceAll('sum', 'acc').replaceAll('x', 'item');
    expect(texts(renamed, 'javascript')).toEqual(texts(code, 'javascript'));
  });

  it('numbers every token with the line it starts on, counting lines inside comments and strings', () => {
    const tokens = codeTokens('a = 1\n/* two\nlines */ b = `x\ny`\nc', 'typescript');
    expect(tokens.map((token) => token.line)).toEqual([1, 1, 1, 3, 3, 3, 5]);
  });

  it('never throws on unfinished code', () => {
    expect(texts('s = "open\nt = """never closed', 'python')).toEqual(['I', '=', 'S', 'I', '=', 'S']);
    expect(texts('/* open', 'javascript')).toEqual([]);
  });
});
