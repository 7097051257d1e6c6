/**
 * An authored JSON argument, as the case data reads it against its declared type (case-data.ts). The JSON text is
 * read by a small parser that keeps each number's digits (JSON.parse would round a long past 2^53).
 */
export type ExactJson =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly items: readonly ExactJson[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, ExactJson])[] };

// Sticky: each token is matched where the reader stands, never on a copy of the rest (a case of 10,000 strings).
const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
const WORD = /(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

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
      STRING.lastIndex = at;
      const end = STRING.exec(text);
      if (end === null) throw new Error(`JSON: unterminated string at ${at}`);
      at += end[0].length;
      return { kind: 'string', value: JSON.parse(end[0]) as string };
    }
    WORD.lastIndex = at;
    const word = WORD.exec(text);
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
