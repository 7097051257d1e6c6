import type { JsonValue } from '@assay/domain/schemas';
import { type LanguageId, languageProfile } from '@assay/domain/languages';

/**
 * Values of coding questions as a candidate writes them in their language: Python's `None`, `True`, `'abc'`,
 * `{'a': 1}` for Python, JSON for every other language (the profile's `valueSyntax`). Pure. The sandbox writes a Python run's results
 * itself (`display`); this is for what the page shows before a run (the samples, the custom input).
 */

/** Longer values are cut when shown in a list; the custom input is never cut. */
const SHOWN_CHARACTERS = 400;

const cut = (text: string): string => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

/** A value as shown in the samples and results, cut at 400 characters. */
export const formatValue = (value: unknown, language: LanguageId): string => cut(writeValue(value, language));

/** The arguments of a call, as the candidate would write them between its parentheses (not cut). */
export const formatArguments = (args: readonly unknown[], language: LanguageId): string => args.map((arg) => writeValue(arg, language)).join(', ');

const writeValue = (value: unknown, language: LanguageId): string => {
  if (languageProfile(language).valueSyntax === 'python') return pythonLiteral(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** A JSON value as Python's repr() writes what it becomes in Python (the sandbox's rules, README "Python"). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => `${pythonString(key)}: ${pythonLiteral(item)}`);
    return `{${members.join(', ')}}`;
  }
  return String(value);
}

function pythonNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  // JavaScript's shortest digits are Python's too; only the way of writing them differs.
  const text = String(value);
  if (/e/.test(text)) return text.replace(/e([+-])(\d)$/, 'e$10$2');
  if (Math.abs(value) < 1e-4) return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return text.includes('.') ? text : `${text}.0`;
}

const STRING_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (STRING_ESCAPES[char] !== undefined) out += STRING_ESCAPES[char];
    else if (char === quote) out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** Arguments read from what the candidate typed: the JSON values to call the function with, or why not. */
export type ParsedArguments = { readonly ok: true; readonly args: JsonValue[] } | { readonly ok: false; readonly message: string };

/** How deep lists and dicts may nest in a custom input: far beyond a function's arguments, short of the stack. */
const MAX_DEPTH = 64;

class ReadError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/**
 * Reads the arguments of a custom-input run: values separated by commas, as between a call's parentheses.
 * Python questions take Python literals (`None`, `True`, `'text'`, tuples as lists) and JSON's `null`,
 * `true`, `false` too; every other language takes JSON values, strings also in single quotes. Only data
 * is read, never code: nothing here is evaluated.
 */
export function parseArguments(text: string, language: LanguageId): ParsedArguments {
  const reader = new LiteralReader(text, languageProfile(language).valueSyntax === 'python');
  try {
    return { ok: true, args: reader.readArguments() };
  } catch (error) {
    if (!(error instanceof ReadError)) throw error;
    const before = text.slice(0, error.at);
    const line = before.split('\n').length;
    const column = error.at - before.lastIndexOf('\n');
    return { ok: false, message: `${error.message} (line ${line}, column ${column}).` };
  }
}

const WORDS: Record<string, JsonValue> = { null: null, true: true, false: false };
const PYTHON_WORDS: Record<string, JsonValue> = { None: null, True: true, False: false, ...WORDS };
const ESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', a: '\x07', 0: '\0', '\\': '\\', "'": "'", '"': '"', '\n': '' };

class LiteralReader {
  #at = 0;

  constructor(
    private readonly text: string,
    private readonly python: boolean,
  ) {}

  readArguments(): JsonValue[] {
    const args = this.#sequence('', 0);
    if (this.#at < this.text.length) throw this.#unexpected();
    return args;
  }

  /** Values separated by commas (a trailing one allowed) up to `close` ('' for the end of the text). */
  #sequence(close: string, depth: number, openedAt = 0): JsonValue[] {
    const values: JsonValue[] = [];
    const unclosed = () => close !== '' && this.#at >= this.text.length;
    for (;;) {
      this.#space();
      if (unclosed()) throw new ReadError(`This "${this.text[openedAt]}" has no closing "${close}"`, openedAt);
      if (this.#ends(close)) return values;
      values.push(this.#value(depth));
      this.#space();
      if (unclosed()) throw new ReadError(`This "${this.text[openedAt]}" has no closing "${close}"`, openedAt);
      if (this.#ends(close)) return values;
      this.#expect(',');
    }
  }

  #ends(close: string): boolean {
    return close === '' ? this.#at >= this.text.length : this.text[this.#at] === close;
  }

  #value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw new ReadError(`Values may nest at most ${MAX_DEPTH} deep`, this.#at);
    const char = this.text[this.#at];
    if (char === '[') return this.#list(']', depth);
    if (char === '(' && this.python) return this.#tuple(depth);
    if (char === '{') return this.#dict(depth);
    if (char === '"' || char === "'") return this.#string();
    if (char !== undefined && /[-+.\d]/.test(char)) return this.#number();
    const word = /^[A-Za-z_]\w*/.exec(this.text.slice(this.#at))?.[0];
    const words = this.python ? PYTHON_WORDS : WORDS;
    if (word !== undefined && Object.hasOwn(words, word)) {
      this.#at += word.length;
      return words[word]!;
    }
    if (word !== undefined) {
      const known = this.python ? 'None, True, False' : 'null, true, false';
      throw new ReadError(`"${word}" is not a value: write numbers, text in quotes, lists, ${this.python ? 'dicts' : 'objects'} or ${known}`, this.#at);
    }
    throw this.#unexpected();
  }

  #list(close: string, depth: number): JsonValue[] {
    const openedAt = this.#at;
    this.#at += 1;
    const items = this.#sequence(close, depth + 1, openedAt);
    this.#at += 1;
    return items;
  }

  /** `(x)` is x; `()` and `(x,)` are tuples, which reach the function as lists. */
  #tuple(depth: number): JsonValue {
    const start = this.#at;
    const items = this.#list(')', depth);
    const single = items.length === 1 && !/,\s*\)$/.test(this.text.slice(start, this.#at));
    return single ? items[0]! : items;
  }

  #dict(depth: number): { [key: string]: JsonValue } {
    const dict: { [key: string]: JsonValue } = {};
    this.#at += 1;
    const openedAt = this.#at - 1;
    for (;;) {
      this.#space();
      if (this.#at >= this.text.length) throw new ReadError('This "{" has no closing "}"', openedAt);
      if (this.text[this.#at] === '}') break;
      const keyAt = this.#at;
      const key = this.text[this.#at] === '"' || this.text[this.#at] === "'" ? this.#string() : undefined;
      this.#space();
      if (key === undefined || this.text[this.#at] !== ':') {
        throw new ReadError(
          this.python ? 'Dict keys must be text in quotes, followed by ":" (sets cannot be sent)' : 'Object keys must be text in quotes, followed by ":"',
          keyAt,
        );
      }
      this.#at += 1;
      this.#space();
      Object.defineProperty(dict, key, { value: this.#value(depth + 1), enumerable: true, writable: true, configurable: true });
      this.#space();
      if (this.#at >= this.text.length) throw new ReadError('This "{" has no closing "}"', openedAt);
      if (this.text[this.#at] === '}') break;
      this.#expect(',');
    }
    this.#at += 1;
    return dict;
  }

  #string(): string {
    const quote = this.text[this.#at]!;
    const start = this.#at;
    this.#at += 1;
    let out = '';
    for (;;) {
      const char = this.text[this.#at];
      if (char === undefined || char === '\n') throw new ReadError('This text has no closing quote', start);
      this.#at += 1;
      if (char === quote) return out;
      if (char !== '\\') {
        out += char;
        continue;
      }
      out += this.#escape();
    }
  }

  #escape(): string {
    const char = this.text[this.#at] ?? '';
    this.#at += 1;
    const hexDigits = char === 'x' ? 2 : char === 'u' ? 4 : char === 'U' ? 8 : 0;
    if (hexDigits > 0) {
      const hex = this.text.slice(this.#at, this.#at + hexDigits);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === hexDigits ? Number.parseInt(hex, 16) : Number.NaN;
      if (!(code <= 0x10ffff)) throw new ReadError(`\\${char} needs ${hexDigits} hexadecimal digits`, this.#at - 2);
      this.#at += hexDigits;
      return String.fromCodePoint(code);
    }
    // Python keeps the backslash of an escape it does not know.
    return ESCAPED[char] ?? `\\${char}`;
  }

  #number(): number {
    const match = /^[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.#at));
    if (!match) throw this.#unexpected();
    const value = Number(match[0].replaceAll('_', ''));
    if (!Number.isFinite(value)) throw new ReadError('This number is too large', this.#at);
    this.#at += match[0].length;
    return value;
  }

  #space(): void {
    while (this.#at < this.text.length && /\s/.test(this.text[this.#at]!)) this.#at += 1;
  }

  #expect(char: string): void {
    if (this.text[this.#at] !== char) throw this.#unexpected(`Expected "${char}"`);
    this.#at += 1;
  }

  #unexpected(expected?: string): ReadError {
    const found = this.text[this.#at];
    if (found === undefined) return new ReadError(expected ? `${expected} at the end` : 'A value is missing at the end', this.#at);
    return new ReadError(expected ? `${expected} before "${found}"` : `Unexpected "${found}"`, this.#at);
  }
}
