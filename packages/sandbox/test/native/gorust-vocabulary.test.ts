import { goType, parseValueType, rustType } from '@assay/domain/languages';
import { describe, expect, test } from 'vitest';
import type { NativeRunResult } from '../../src/native/native-language.js';
import { runNative } from './gorust-context.js';

/**
 * Every type of the signature vocabulary goes into the candidate's function and comes back unchanged, in Go and
 * Rust (typed literals built by the harness, values written by its JSON writer) and Ruby and PHP (the stdlib's JSON).
 */
const ROUND_TRIPS: readonly { readonly type: string; readonly values: readonly unknown[] }[] = [
  { type: 'int', values: [0, -2147483648, 2147483647] },
  { type: 'long', values: [3_000_000_000, -9_007_199_254_740_991] },
  { type: 'double', values: [0.1, -2.5, 1e21, 5, 1e-7] },
  { type: 'bool', values: [true, false] },
  { type: 'string', values: ['héllo "quoted" \\ back\nnew\ttab 😀 \u0001', ''] },
  { type: 'char', values: ['é', '😀', '"', '\\'] },
  { type: 'int[]', values: [[], [1, -2, 3]] },
  { type: 'string[]', values: [['a', 'ü', '']] },
  { type: 'int[][]', values: [[[1, 2], [], [3]], []] },
  { type: 'map<string,int>', values: [{ a: 1, b: -2 }, {}] },
  { type: 'map<string,long[]>', values: [{ x: [1, 3_000_000_000], 'key "q"': [] }] },
];

const CODE = {
  go: (type: string) => `func same(value ${goType(parseValueType(type) as never)}) ${goType(parseValueType(type) as never)} {\n\treturn value\n}\n`,
  rust: (type: string) =>
    `use std::collections::HashMap;\n\npub fn same(value: ${rustType(parseValueType(type) as never)}) -> ${rustType(parseValueType(type) as never)} {\n    value\n}\n`,
  ruby: () => 'def same(value)\n  value\nend\n',
  php: () => '<?php\nfunction same($value) {\n    return $value;\n}\n',
} as const;

function returned(result: NativeRunResult): unknown[] {
  if (result.kind !== 'ran') throw new Error(`expected a run, got ${JSON.stringify(result)}`);
  return result.cases.map(({ report }) => (report.kind === 'value' ? JSON.parse(report.json) : report));
}

describe.each(['go', 'rust', 'ruby', 'php'] as const)('%s', (language) => {
  test.each(ROUND_TRIPS)('$type round-trips', async ({ type, values }) => {
    const result = await runNative(language, {
      form: 'function',
      code: CODE[language](type),
      functionName: 'same',
      signature: { params: [{ name: 'value', type }], returns: type },
      argsJson: values.map((value) => JSON.stringify([value])),
    });
    expect(returned(result)).toEqual(values);
  });
});
