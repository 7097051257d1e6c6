import { ALL_LANGUAGES } from '@assay/domain/languages';
import { describe, expect, it } from 'vitest';
import { formatArguments, formatValue, parseArguments, pythonLiteral } from './code-values.js';

describe('formatValue', () => {
  it('writes values as Python does for Python, and as JSON for JavaScript and TypeScript', () => {
    const value = { name: "it's", ok: true, none: null, items: [1, 2.5, 'a\nb'] };
    expect(formatValue(value, 'python')).toBe(`{'name': "it's", 'ok': True, 'none': None, 'items': [1, 2.5, 'a\\nb']}`);
    expect(formatValue(value, 'javascript')).toBe(`{"name":"it's","ok":true,"none":null,"items":[1,2.5,"a\\nb"]}`);
    expect(formatValue(undefined, 'typescript')).toBe('undefined');
    expect(formatValue('x'.repeat(500), 'python')).toHaveLength(401);
  });

  it('writes numbers as Python writes them', () => {
    expect([3, -7, 2 ** 53, 0.5, 1.5e-7, 0.00001, 0.0001, 1e21, 1e300].map(pythonLiteral)).toEqual([
      '3',
      '-7',
      '9007199254740992',
      '0.5',
      '1.5e-07',
      '1e-05',
      '0.0001',
      '1e+21',
      '1e+300',
    ]);
  });

  it('writes the arguments of a call as they would be typed, uncut', () => {
    expect(formatArguments(['abc', [1, 2], null, false], 'python')).toBe("'abc', [1, 2], None, False");
    expect(formatArguments(['abc', [1, 2], null, false], 'javascript')).toBe('"abc", [1,2], null, false');
    expect(formatArguments([], 'python')).toBe('');
  });
});

describe('parseArguments', () => {
  it('reads Python literals: None, True, quotes, escapes, tuples, dicts, trailing commas', () => {
    expect(parseArguments(`'abc', [1, 2.5, -3e2], None, True, False, {'k': ("x",), "q": ()}, (4), 1_000,`, 'python')).toEqual({
      ok: true,
      args: ['abc', [1, 2.5, -300], null, true, false, { k: ['x'], q: [] }, 4, 1000],
    });
    expect(parseArguments(`'it\\'s\\n\\x41\\u00e9\\q'`, 'python')).toEqual({ ok: true, args: ["it's\nAé\\q"] });
    // JSON's words are understood too, and whitespace across lines.
    expect(parseArguments('[\n  null,\n  true\n]', 'python')).toEqual({ ok: true, args: [[null, true]] });
    expect(parseArguments('   ', 'python')).toEqual({ ok: true, args: [] });
  });

  it('reads JSON values for JavaScript and TypeScript, strings also in single quotes', () => {
    expect(parseArguments(`"abc", {"a": [1, null]}, 'x', true`, 'javascript')).toEqual({ ok: true, args: ['abc', { a: [1, null] }, 'x', true] });
    expect(parseArguments('None', 'javascript')).toMatchObject({ ok: false, message: expect.stringContaining('"None" is not a value') });
    expect(parseArguments('(1)', 'typescript')).toMatchObject({ ok: false, message: 'Unexpected "(" (line 1, column 1).' });
  });

  it('says what is wrong and where, and evaluates nothing', () => {
    expect(parseArguments("'abc", 'python')).toEqual({ ok: false, message: 'This text has no closing quote (line 1, column 1).' });
    expect(parseArguments('1,\n[2 3]', 'python')).toEqual({ ok: false, message: 'Expected "," before "3" (line 2, column 4).' });
    expect(parseArguments('{1, 2}', 'python')).toMatchObject({ ok: false, message: expect.stringContaining('sets cannot be sent') });
    expect(parseArguments('__import__("os")', 'python')).toMatchObject({ ok: false, message: expect.stringContaining('"__import__" is not a value') });
    expect(parseArguments('[1, 2', 'python')).toEqual({ ok: false, message: 'This "[" has no closing "]" (line 1, column 1).' });
    expect(parseArguments('1, {"a": 1', 'javascript')).toEqual({ ok: false, message: 'This "{" has no closing "}" (line 1, column 4).' });
    expect(parseArguments('1, -', 'python')).toEqual({ ok: false, message: 'Unexpected "-" (line 1, column 4).' });
    expect(parseArguments('1e999', 'python')).toMatchObject({ ok: false, message: expect.stringContaining('too large') });
    expect(parseArguments('['.repeat(100), 'python')).toMatchObject({ ok: false, message: expect.stringContaining('nest at most 64') });
  });

  it('keeps a key named __proto__ as data', () => {
    const parsed = parseArguments(`{"__proto__": {"polluted": true}}`, 'javascript');
    expect(parsed.ok && Object.keys(parsed.args[0] as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads back what it writes', () => {
    const values = ['a"b\'c', [1, [2, { x: null }]], { 'key with space': -0.25 }, true, 'tab\there'];
    for (const language of ['python', 'javascript'] as const) {
      expect(parseArguments(formatArguments(values, language), language)).toEqual({ ok: true, args: values });
    }
  });
});

describe('values in every language', () => {
  it.each(ALL_LANGUAGES.filter((language) => language !== 'python'))('are JSON in %s (decision 751)', (language) => {
    expect(formatArguments([[5, 1], 2, null, 'a'], language)).toBe('[5,1], 2, null, "a"');
    expect(parseArguments('[5, 1], 2', language)).toEqual({ ok: true, args: [[5, 1], 2] });
    expect(parseArguments('None', language)).toMatchObject({ ok: false });
  });
});
