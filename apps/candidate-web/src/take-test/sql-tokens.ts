/** One token of SQL source: its kind, where it is in the text, and (for strings and quoted names) its value. */
export interface SqlToken {
  readonly kind: 'word' | 'quoted' | 'string' | 'number' | 'punct';
  /** The text as written. */
  readonly text: string;
  /** A string's or quoted name's content, quotes and doubled quotes undone; the text otherwise. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** Closing quote of each way SQLite and PostgreSQL quote names. */
const NAME_QUOTES: Record<string, string> = { '"': '"', '`': '`', '[': ']' };

const SPACE = /\s+/y;
const DOLLAR_QUOTE = /\$(?:[A-Za-z_]\w*)?\$/y;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/y;

/** Where `quote` closes, from `from`; a doubled quote stays inside. The text's end when it never closes. */
function closing(text: string, from: number, quote: string): number {
  let at = from;
  while (at < text.length) {
    const next = text.indexOf(quote, at);
    if (next < 0) return text.length;
    if (quote !== ']' && text[next + 1] === quote) at = next + 2;
    else return next;
  }
  return text.length;
}

/**
 * The tokens of a schema or seed as the candidate's page reads them (no parser of either dialect is in the page's
 * main chunk: decision 1122): names, quoted names, strings (PostgreSQL's dollar quotes too), numbers and single
 * punctuation, comments and whitespace dropped. Never throws; what it does not know is one punctuation token.
 */
export function sqlTokens(text: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let at = 0;
  const push = (kind: SqlToken['kind'], start: number, end: number, value = text.slice(start, end)) => {
    tokens.push({ kind, text: text.slice(start, end), value, start, end });
    at = end;
  };
  // Sticky patterns read at `at` without copying the rest of the text (a schema may be 200,000 characters).
  const match = (pattern: RegExp): string | null => {
    pattern.lastIndex = at;
    return pattern.exec(text)?.[0] ?? null;
  };
  while (at < text.length) {
    const space = match(SPACE);
    if (space) {
      at += space.length;
      continue;
    }
    if (text.startsWith('--', at)) {
      const line = text.indexOf('\n', at);
      at = line < 0 ? text.length : line + 1;
      continue;
    }
    if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
      continue;
    }
    const char = text[at]!;
    if (char === "'") {
      const end = closing(text, at + 1, "'");
      push('string', at, Math.min(text.length, end + 1), text.slice(at + 1, end).replaceAll("''", "'"));
      continue;
    }
    const nameQuote = NAME_QUOTES[char];
    if (nameQuote) {
      const end = closing(text, at + 1, nameQuote);
      push('quoted', at, Math.min(text.length, end + 1), text.slice(at + 1, end).replaceAll(nameQuote + nameQuote, nameQuote));
      continue;
    }
    const dollar = match(DOLLAR_QUOTE);
    if (dollar) {
      const close = text.indexOf(dollar, at + dollar.length);
      const end = close < 0 ? text.length : close;
      push('string', at, close < 0 ? end : end + dollar.length, text.slice(at + dollar.length, end));
      continue;
    }
    const number = match(NUMBER);
    if (number) {
      push('number', at, at + number.length);
      continue;
    }
    const word = match(WORD);
    if (word) {
      push('word', at, at + word.length);
      continue;
    }
    push('punct', at, at + 1);
  }
  return tokens;
}

/** Splits tokens at each `separator` punctuation outside parentheses (statements at `;`, list items at `,`). */
export function splitTopLevel(tokens: readonly SqlToken[], separator: string): SqlToken[][] {
  const parts: SqlToken[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'punct' && token.text === '(') depth += 1;
    if (token.kind === 'punct' && token.text === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && token.kind === 'punct' && token.text === separator) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/** The source between the first and the last token, its whitespace made single spaces. */
export const sourceOf = (text: string, tokens: readonly SqlToken[]): string =>
  tokens.length === 0 ? '' : text.slice(tokens[0]!.start, tokens.at(-1)!.end).replace(/\s+/g, ' ');

/** Whether `token` is the keyword `word` (any case). */
export const isWord = (token: SqlToken | undefined, word: string): boolean => token?.kind === 'word' && token.text.toLowerCase() === word;
