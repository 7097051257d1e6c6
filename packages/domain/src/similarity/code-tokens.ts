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

/** The tokens of `code` in `language` (TypeScript reads as JavaScript: its types are more tokens of the same kinds). */
export const codeTokens = (code: string, language: CodingLanguage): CodeToken[] => {
  // How the language is read is its profile's (`tokens`): its comments and quotes, the words kept as written.
  const { hashComments: python, keptWords: keywords } = languageProfile(language).tokens;
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
