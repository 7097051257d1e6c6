import { describe, expect, test } from 'vitest';
import { languageProfile } from '../registry.js';
import type { Signature } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { goType } from './go.js';
import { rustType } from './rust.js';

const TOP_SCORES: Signature = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};

describe('the stubs a candidate starts from', () => {
  test('Go, Rust, Ruby and PHP write topScores in their own words', () => {
    expect(languageProfile('go').stub('topScores', TOP_SCORES)).toBe('func topScores(scores []int, k int) []int {\n\t\n}\n');
    expect(languageProfile('rust').stub('topScores', TOP_SCORES)).toBe('pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    \n}\n');
    expect(languageProfile('ruby').stub('topScores', TOP_SCORES)).toBe('def topScores(scores, k)\n  \nend\n');
    expect(languageProfile('php').stub('topScores', TOP_SCORES)).toBe('<?php\nfunction topScores($scores, $k) {\n    \n}\n');
  });

  test('a map in the signature brings its import to the Rust stub', () => {
    const signature: Signature = { params: [{ name: 'counts', type: 'map<string,long>' }], returns: 'string[][]' };
    expect(languageProfile('rust').stub('tally', signature)).toBe(
      'use std::collections::HashMap;\n\npub fn tally(counts: HashMap<String, i64>) -> Vec<Vec<String>> {\n    \n}\n',
    );
    expect(languageProfile('go').stub('tally', signature)).toBe('func tally(counts map[string]int64) [][]string {\n\t\n}\n');
  });

  test('Ruby and PHP need no signature; Go and Rust do', () => {
    expect(['go', 'rust', 'ruby', 'php'].map((id) => languageProfile(id as 'go').needsSignature)).toEqual([true, true, false, false]);
    expect(languageProfile('ruby').stub('solve', undefined)).toBe('def solve()\n  \nend\n');
    for (const id of ['go', 'rust', 'ruby', 'php'] as const) expect(languageProfile(id).stdioStub()).not.toBe('');
  });
});

test.each([
  ['int', 'int', 'i32'],
  ['long', 'int64', 'i64'],
  ['double', 'float64', 'f64'],
  ['bool', 'bool', 'bool'],
  ['string', 'string', 'String'],
  ['char', 'rune', 'char'],
  ['int[][]', '[][]int', 'Vec<Vec<i32>>'],
  ['map<string,char[]>', 'map[string][]rune', 'HashMap<String, Vec<char>>'],
])('%s is %s in Go and %s in Rust', (text, go, rust) => {
  const type = parseValueType(text);
  if (type === undefined) throw new Error(text);
  expect([goType(type), rustType(type)]).toEqual([go, rust]);
});

test('reserved words cannot name a function', () => {
  expect(languageProfile('go').reserved.has('func')).toBe(true);
  expect(languageProfile('rust').reserved.has('fn')).toBe(true);
  expect(languageProfile('ruby').reserved.has('def')).toBe(true);
  expect(languageProfile('php').reserved.has('echo')).toBe(true);
});
