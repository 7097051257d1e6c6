import type { Grammar } from './highlight-grammars.js';
import type { LanguageId } from './language-id.js';
import { isRegisteredLanguage, languageProfile } from './registry.js';

/**
 * A small syntax highlighter for the code in reports and the TUI: enough to tell keywords, strings, numbers and
 * comments apart in every language candidates write (its profile's grammar; the C family's for a name
 * it does not know), line by line, with block comments and multi-line strings carried from one line to the next.
 * Pure, so the PDF and the terminal colour the same tokens (decision 790).
 */
export type TokenKind = 'plain' | 'keyword' | 'string' | 'number' | 'comment';

export interface Token {
  readonly text: string;
  readonly kind: TokenKind;
}

/** Other names a report may carry for a language (an old export, a hand-made sample). */
const ALIASES: Readonly<Record<string, LanguageId>> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  python3: 'python',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  golang: 'go',
  rs: 'rust',
  rb: 'ruby',
  sql: 'sqlite',
};

const grammarOf = (language: string): Grammar => {
  const name = language.toLowerCase();
  const id = ALIASES[name] ?? name;
  // A language this version does not know (a newer report): the C family's comments and quotes fit most.
  return languageProfile(isRegisteredLanguage(id) ? id : 'c').grammar;
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*/;
const REGEX = /^\/(?![*/])(?:\\.|\[(?:\\.|[^\]])*\]|[^/\\\n[])+\/[a-z]*/;
const NUMBER = /^(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)n?/;

/** What is still open at the end of a line: a block comment or a multi-line string, and what closes it. */
type Open = { kind: 'comment' | 'string'; close: string } | undefined;

/** The end of a string opened by `quote` in `line` from `from` (after the opening quote), or -1 when the line ends first. */
const stringEnd = (line: string, from: number, quote: string): number => {
  for (let index = from; index < line.length; index++) {
    if (line[index] === '\\') index += 1;
    else if (line.startsWith(quote, index)) return index + quote.length;
  }
  return -1;
};

/** The code as lines of tokens (the line breaks are not tokens). */
export const highlight = (code: string, language: string): Token[][] => {
  const grammar = grammarOf(language);
  let open: Open;
  return code.split(/\r\n?|\n/).map((line) => {
    const tokens: Token[] = [];
    const push = (text: string, kind: TokenKind): void => {
      if (text === '') return;
      const last = tokens.at(-1);
      if (last && last.kind === kind) tokens[tokens.length - 1] = { text: last.text + text, kind };
      else tokens.push({ text, kind });
    };
    let at = 0;
    if (open) {
      const close = open.kind === 'string' ? stringEnd(line, 0, open.close) : line.indexOf(open.close);
      const end = close < 0 ? line.length : open.kind === 'string' ? close : close + open.close.length;
      push(line.slice(0, end), open.kind);
      at = end;
      if (close >= 0) open = undefined;
    }
    while (at < line.length) {
      const rest = line.slice(at);
      const lineComment = grammar.lineComments.find((marker) => rest.startsWith(marker));
      if (lineComment) {
        push(rest, 'comment');
        break;
      }
      const block = grammar.blockComment;
      if (block && rest.startsWith(block[0])) {
        const close = line.indexOf(block[1], at + block[0].length);
        const end = close < 0 ? line.length : close + block[1].length;
        push(line.slice(at, end), 'comment');
        if (close < 0) open = { kind: 'comment', close: block[1] };
        at = end;
        continue;
      }
      const quote = grammar.strings.find((delimiter) => rest.startsWith(delimiter));
      if (quote) {
        const end = stringEnd(line, at + quote.length, quote);
        if (end < 0 && grammar.multiline.has(quote)) open = { kind: 'string', close: quote };
        const stop = end < 0 ? line.length : end;
        push(line.slice(at, stop), 'string');
        at = stop;
        continue;
      }
      const regex = grammar.regexLiterals && rest.startsWith('/') && /(?:^|[(,=:[!&|?{};])\s*$/.test(line.slice(0, at)) ? REGEX.exec(rest)?.[0] : undefined;
      if (regex) {
        push(regex, 'string');
        at += regex.length;
        continue;
      }
      const number = NUMBER.exec(rest)?.[0];
      if (number && !/[\w$]/.test(line[at - 1] ?? '')) {
        push(number, 'number');
        at += number.length;
        continue;
      }
      const identifier = IDENTIFIER.exec(rest)?.[0];
      if (identifier) {
        push(identifier, grammar.keywords.has(grammar.caseInsensitive ? identifier.toLowerCase() : identifier) ? 'keyword' : 'plain');
        at += identifier.length;
        continue;
      }
      push(line[at]!, 'plain');
      at += 1;
    }
    return tokens;
  });
};
