import { describe, expect, it } from 'vitest';
import { RefusalError } from '../refusal-error.js';
import { MAX_VALUES_PER_ROW, bulkJsonReader } from './bulk-json.js';

/** The body given to the reader in slices of `size` bytes, as the socket would bring it; the rows, or the refusal's code. */
const read = (text: string, size = 3): unknown => {
  const reader = bulkJsonReader();
  const bytes = Buffer.from(text);
  try {
    for (let at = 0; at < bytes.length; at += size) reader.chunk(bytes.subarray(at, at + size));
    return reader.end();
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal.kind;
    throw error;
  }
};

describe('bulkJsonReader (decision 630)', () => {
  it('reads a list of rows in any slicing, as JSON.parse would', () => {
    const text = ' [ {"email":"a@example.com","name":"Lee, \\"Ann\\" [x]"} ,\n{"name":"Bo","extraTimePercent":25,"cells":[1,{"k":"}"}]}, 7 ,"s", null ] ';
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(read(text, size)).toEqual(JSON.parse(text));
    expect(read('[]')).toEqual([]);
    expect(read('  ')).toBeUndefined();
    expect(read('{"email":"a@example.com"}')).toEqual({ email: 'a@example.com' });
    expect(read('"text"')).toBe('text');
  });

  it('refuses what JSON.parse refuses (400.1), reserved keys (400.2), nesting past 64 (400.2) and bytes that are not UTF-8 (400.15)', () => {
    for (const text of ['[1,]', '[,1]', '[1 2]', '[{]}', '[{}', '[{}] x', '{"a":1', '[{"a":1}}]']) expect(read(text), text).toBe('body-not-json');
    expect(read('[{"__proto__":{"x":1}}]')).toBe('invalid-field');
    expect(read(`[${'['.repeat(64)}${']'.repeat(64)}]`)).toBe('invalid-field');
    expect(read(`[${'['.repeat(62)}${']'.repeat(62)}]`)).toHaveLength(1);
    const latin1 = Buffer.concat([Buffer.from('[{"name":"'), Buffer.from([0xe9]), Buffer.from('"}]')]);
    const reader = bulkJsonReader();
    expect(() => {
      reader.chunk(latin1);
      reader.end();
    }).toThrow(expect.objectContaining({ refusal: expect.objectContaining({ kind: 'body-not-utf8' }) }));
  });

  it('refuses the 10,001st row (413.2) without reading further, and a row of more than MAX_VALUES_PER_ROW values (400.2)', () => {
    const reader = bulkJsonReader();
    const slice = Buffer.from('{},'.repeat(1_000));
    reader.chunk(Buffer.from('['));
    let slices = 0;
    expect(() => {
      for (; slices < 100; slices += 1) reader.chunk(slice);
    }).toThrow(expect.objectContaining({ refusal: expect.objectContaining({ kind: 'bulk-file-too-many-rows' }) }));
    expect(slices).toBe(10);
    expect(read(`[${'{},'.repeat(9_999)}{}]`, 4096)).toHaveLength(10_000);
    const wide = (keys: number) => `[{${Array.from({ length: keys }, (_, index) => `"k${index}":1`).join(',')}}]`;
    expect(read(wide(MAX_VALUES_PER_ROW / 2 - 1), 4096)).toHaveLength(1);
    expect(read(wide(MAX_VALUES_PER_ROW), 4096)).toBe('invalid-field');
    expect(read(`[{"email":[${'[],'.repeat(MAX_VALUES_PER_ROW)}[]]}]`, 4096)).toBe('invalid-field');
  });
});
