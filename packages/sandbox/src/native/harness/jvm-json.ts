import type { ValueType } from '@assay/domain/languages';

/**
 * An authored JSON argument, read against its declared type into a typed literal of Java or C#. The JSON text is
 * read by a small parser that keeps each number's digits (JSON.parse would round a long past 2^53).
 */
export type ExactJson =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly items: readonly ExactJson[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, ExactJson])[] };

/** Reads JSON text; numbers keep their text. Throws on text that is not JSON. */
export function parseExactJson(text: string): ExactJson {
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at] as string)) at++;
  };
  const close = (result: ExactJson): ExactJson => {
    at++;
    return result;
  };
  const value = (): ExactJson => {
    space();
    const c = text[at];
    if (c === '[') {
      at++;
      const items: ExactJson[] = [];
      space();
      if (text[at] === ']') return close({ kind: 'array', items });
      for (;;) {
        items.push(value());
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return close({ kind: 'array', items });
        else throw new Error(`JSON: expected , or ] at ${at}`);
      }
    }
    if (c === '{') {
      at++;
      const entries: [string, ExactJson][] = [];
      space();
      if (text[at] === '}') return close({ kind: 'object', entries });
      for (;;) {
        const key = value();
        if (key.kind !== 'string') throw new Error(`JSON: expected a key at ${at}`);
        space();
        if (text[at++] !== ':') throw new Error(`JSON: expected : at ${at}`);
        entries.push([key.value, value()]);
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return close({ kind: 'object', entries });
        else throw new Error(`JSON: expected , or } at ${at}`);
      }
    }
    if (c === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
      if (end === null) throw new Error(`JSON: unterminated string at ${at}`);
      at += end[0].length;
      return { kind: 'string', value: JSON.parse(end[0]) as string };
    }
    const word = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (word === null) throw new Error(`JSON: unexpected text at ${at}`);
    at += word[0].length;
    if (word[0] === 'null') return { kind: 'null' };
    if (word[0] === 'true' || word[0] === 'false') return { kind: 'bool', value: word[0] === 'true' };
    return { kind: 'number', text: word[0] };
  };
  const result = value();
  space();
  if (at !== text.length) throw new Error(`JSON: unexpected text at ${at}`);
  return result;
}

/** How one language writes literals; `literalOf` walks the type and the value together. */
export interface LiteralSyntax {
  int(digits: string): string;
  long(digits: string): string;
  double(text: string): string;
  bool(value: boolean): string;
  string(value: string): string;
  char(value: string): string;
  list(type: ValueType, items: readonly string[]): string;
  map(type: ValueType, entries: readonly (readonly [string, string])[]): string;
  /** A null list or map (the author may pass null where a list is declared). */
  nullOf(type: ValueType): string;
}

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** The literal of `value` as `type`; throws a message naming the path when the value does not fit the type. */
export function literalOf(value: ExactJson, type: ValueType, syntax: LiteralSyntax, path: string): string {
  const refuse = (): never => {
    throw new Error(`${path} is not a ${describe(type)}`);
  };
  if (type.kind === 'list') {
    if (value.kind === 'null') return syntax.nullOf(type);
    if (value.kind !== 'array') return refuse();
    return syntax.list(
      type,
      value.items.map((item, index) => literalOf(item, type.of, syntax, `${path}[${index}]`)),
    );
  }
  if (type.kind === 'map') {
    if (value.kind === 'null') return syntax.nullOf(type);
    if (value.kind !== 'object') return refuse();
    return syntax.map(
      type,
      value.entries.map(([key, item]) => [syntax.string(key), literalOf(item, type.of, syntax, `${path}.${key}`)] as const),
    );
  }
  switch (type.scalar) {
    case 'int':
    case 'long': {
      if (value.kind !== 'number' || !/^-?\d+$/.test(value.text)) return refuse();
      const n = BigInt(value.text);
      const [min, max] = type.scalar === 'int' ? [INT_MIN, INT_MAX] : [LONG_MIN, LONG_MAX];
      if (n < min || n > max) return refuse();
      return type.scalar === 'int' ? syntax.int(n.toString()) : syntax.long(n.toString());
    }
    case 'double':
      return value.kind === 'number' ? syntax.double(value.text) : refuse();
    case 'bool':
      return value.kind === 'bool' ? syntax.bool(value.value) : refuse();
    case 'string':
      return value.kind === 'string' ? syntax.string(value.value) : refuse();
    case 'char':
      return value.kind === 'string' && value.value.length === 1 ? syntax.char(value.value) : refuse();
  }
}

function describe(type: ValueType): string {
  if (type.kind === 'scalar') return type.scalar === 'char' ? 'char (a one-character string)' : type.scalar;
  return type.kind === 'list' ? `${describe(type.of)}[]` : `map<string,${describe(type.of)}>`;
}

/** A string's characters escaped for a C-family literal (Java and C# agree on these); others pass as UTF-16 escapes. */
export function escapeCodeUnits(value: string, quote: '"' | "'"): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out;
}
