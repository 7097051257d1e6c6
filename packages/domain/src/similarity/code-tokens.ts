import { languageProfile } from '../languages/registry.js';
import type { CodingLanguage } from '../schemas/coding-language.js';

/**
 * The token stream similarity compares (issue 34, item 1): what survives renaming, reformatting and recommenting.
 * Comments and whitespace are dropped; every identifier a candidate chooses becomes `I`, every number `N`, every
 * string `S`; keywords, operators, punctuation, the language's well-known builtins and property names after a `.`
 * stay as written (renaming a variable never changes them, and they are what tells two honest solutions apart).
 * Lexical only: no parser, so it never fails on code that does not compile (a candidate's answer may not).
 */
export interface CodeToken {
  readonly text: string;
  /** 1-based line the token starts on. */
  readonly line: number;
}

const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from global if import in is ' +
    'lambda nonlocal not or pass raise return try while with yield match case ' +
    // builtins kept: which of them a solution reaches for is part of its shape
    'len range print sorted sum min max abs int str float list dict set tuple enumerate zip map filter any all reversed isinstance ' +
    'round ord chr bool divmod pow iter next'
  ).split(' '),
);

const JS_KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else export extends false finally for function if import in ' +
    'instanceof let new null of return super switch this throw true try typeof undefined var void while with yield async await static ' +
    'get set type interface enum implements as number string boolean any unknown never readonly ' +
    'Math Number String Array Object JSON Set Map parseInt parseFloat console Infinity NaN BigInt Boolean'
  ).split(' '),
);

const OPERATORS = [
  '>>>=',
  '...',
  '===',
  '!==',
  '**=',
  '//=',
  '<<=',
  '>>=',
  '>>>',
  '?.',
  '??=',
  '&&=',
  '||=',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '**',
  '//',
  '<<',
  '>>',
  '->',
  ':=',
];

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/uy;
const NUMBER = /(?:0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)[njJlL]?/y;
const PYTHON_STRING_PREFIX = /(?:[rRbBuUfF]{1,2})(?=['"])/y;

/**
 * How each language is read: `hash` (Python, Ruby: `#` comments, Python's string prefixes and triple quotes) or `c-like`
 * (`//` and `/* *\/` comments, backquoted strings), and which words stay as written. One entry per language, so a new
 * language fails to compile until it chooses; the native languages keep their profile's reserved words beside
 * JavaScript's (the common C-family ones).
 */
const LEXICONS: { readonly [Language in CodingLanguage]: () => { readonly hash: boolean; readonly keywords: ReadonlySet<string> } } = {
  javascript: () => ({ hash: false, keywords: JS_KEYWORDS }),
  typescript: () => ({ hash: false, keywords: JS_KEYWORDS }),
  python: () => ({ hash: true, keywords: PYTHON_KEYWORDS }),
  java: () => cLike('java'),
  c: () => cLike('c'),
  cpp: () => cLike('cpp'),
  csharp: () => cLike('csharp'),
  go: () => cLike('go'),
  rust: () => cLike('rust'),
  ruby: () => ({ hash: true, keywords: languageProfile('ruby').reserved }),
  php: () => cLike('php'),
  sqlite: () => cLike('sqlite'),
  postgresql: () => cLike('postgresql'),
};

function cLike(language: CodingLanguage): { hash: boolean; keywords: ReadonlySet<string> } {
  return { hash: false, keywords: new Set([...JS_KEYWORDS, ...languageProfile(language).reserved]) };
}

/** The tokens of `code` in `language` (TypeScript reads as JavaScript: its types are more tokens of the same kinds). */
export const codeTokens = (code: string, language: CodingLanguage): CodeToken[] => {
  const { hash: python, keywords } = LEXICONS[language]();
  const tokens: CodeToken[] = [];
  let line = 1;
  let at = 0;
  const push = (text: string, startLine: number) => tokens.push({ text, line: startLine });
  /** Skips to the end of a quoted string starting at `at` (quote `quote`, which may be three characters). */
  const skipString = (quote: string, multiLine: boolean) => {
    at += quote.length;
    while (at < code.length) {
      const char = code[at];
      if (char === '\\') {
        if (code[at + 1] === '\n') line += 1;
        at += 2;
        continue;
      }
      if (code.startsWith(quote, at)) {
        at += quote.length;
        return;
      }
      if (char === '\n') {
        if (!multiLine) return;
        line += 1;
      }
      at += 1;
    }
  };
  let afterDot = false;
  while (at < code.length) {
    const char = code[at] as string;
    if (char === '\n') {
      line += 1;
      at += 1;
      continue;
    }
    if (/\s/u.test(char)) {
      at += 1;
      continue;
    }
    if ((python && char === '#') || (!python && code.startsWith('//', at))) {
      const end = code.indexOf('\n', at);
      at = end === -1 ? code.length : end;
      continue;
    }
    if (!python && code.startsWith('/*', at)) {
      const end = code.indexOf('*/', at + 2);
      const stop = end === -1 ? code.length : end + 2;
      for (let index = at; index < stop; index += 1) if (code[index] === '\n') line += 1;
      at = stop;
      continue;
    }
    const startLine = line;
    if (python) {
      PYTHON_STRING_PREFIX.lastIndex = at;
      const prefix = PYTHON_STRING_PREFIX.exec(code);
      if (prefix) at += prefix[0].length;
    }
    const quoteChar = code[at] as string;
    if (quoteChar === '"' || quoteChar === "'" || (!python && quoteChar === '`')) {
      const triple = python && code.startsWith(quoteChar.repeat(3), at);
      skipString(triple ? quoteChar.repeat(3) : quoteChar, triple || quoteChar === '`');
      push('S', startLine);
      afterDot = false;
      continue;
    }
    IDENTIFIER.lastIndex = at;
    const word = IDENTIFIER.exec(code);
    if (word) {
      at += word[0].length;
      push(afterDot || keywords.has(word[0]) ? word[0] : 'I', startLine);
      afterDot = false;
      continue;
    }
    NUMBER.lastIndex = at;
    const number = /[\d.]/.test(char) ? NUMBER.exec(code) : null;
    if (number && number[0] !== '.' && number[0].length > 0) {
      at += number[0].length;
      push('N', startLine);
      afterDot = false;
      continue;
    }
    const operator = OPERATORS.find((candidate) => code.startsWith(candidate, at)) ?? char;
    at += operator.length;
    push(operator, startLine);
    afterDot = operator === '.' || operator === '?.';
  }
  return tokens;
};
