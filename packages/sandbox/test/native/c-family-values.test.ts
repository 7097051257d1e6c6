import type { Signature } from '@assay/domain/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cLanguage } from '../../src/native/languages/c.js';
import { cppLanguage } from '../../src/native/languages/cpp.js';
import type { NativeLanguage } from '../../src/native/native-language.js';
import type { TestContext } from './c-family-context.js';
import { testContext } from './c-family-context.js';
import { C_RUNTIME, CPP_RUNTIME } from '../../src/native/harness/c-family-cache.js';

/** Every type of the signature vocabulary goes in as a typed literal and comes back as the same JSON. */
const UNICODE = 'héllo "quoted" back\\slash\n\ttab ✓ 😀 ??= end';
const VALUES: Readonly<Record<string, readonly unknown[]>> = {
  int: [0, -2147483648, 2147483647],
  long: [2 ** 31 + 5, -(2 ** 53) + 1, 9007199254740991],
  double: [0.1, -2.5e-300, 1e21, 3],
  bool: [true, false],
  char: ['a', '"', '\\', '?'],
  string: ['', UNICODE],
  'int[]': [[], [1, -2, 3]],
  'long[]': [[2 ** 40, -(2 ** 40)]],
  'double[]': [[0.5, -1.25]],
  'string[]': [['a', 'b"c', '']],
  'char[]': [['x', 'y']],
  'bool[]': [[true, false, true]],
  'int[][]': [[[1], [2, 3], []], []],
  'string[][]': [[['a', 'b'], ['ü']]],
};
const MAPS: Readonly<Record<string, readonly unknown[]>> = {
  'map<string,int>': [{ b: 1, a: -2 }, {}],
  'map<string,string[]>': [{ 'k"ey': ['v', UNICODE] }],
  'map<string,int[][]>': [{ grid: [[1, 2], [3]] }],
};

const C_SCALAR: Readonly<Record<string, string>> = { int: 'int', long: 'long long', double: 'double', bool: 'bool', char: 'char', string: 'char*' };

function cEcho(type: string): string {
  const scalar = C_SCALAR[type.replace(/\[\]/g, '')] ?? 'int';
  const depth = (type.match(/\[\]/g) ?? []).length;
  const head = '#include <stdbool.h>\n';
  if (depth === 0) return `${head}${scalar} echo(${scalar} x) { return x; }\n`;
  if (depth === 1) return `${head}${scalar}* echo(${scalar}* x, int xSize, int* returnSize) { *returnSize = xSize; return x; }\n`;
  return `${head}${scalar}** echo(${scalar}** x, int xSize, int* xColSize, int* returnSize, int** returnColumnSizes) {\n    *returnSize = xSize;\n    *returnColumnSizes = xColSize;\n    return x;\n}\n`;
}

const cppEcho = (type: string): string => {
  const spelled = (text: string): string => {
    if (text.endsWith('[]')) return `vector<${spelled(text.slice(0, -2))}>`;
    const map = /^map<string,(.+)>$/.exec(text);
    if (map?.[1]) return `map<string, ${spelled(map[1])}>`;
    return C_SCALAR[text] === 'char*' ? 'string' : (C_SCALAR[text] ?? text);
  };
  return `#include <map>\n#include <string>\n#include <vector>\nusing namespace std;\n${spelled(type)} echo(const ${spelled(type)}& x) { return x; }\n`;
};

let context: TestContext;
beforeAll(async () => {
  context = testContext();
  // The runtimes and the usual headers: no answer here includes <bits/stdc++.h>.
  await context.shared(C_RUNTIME);
  await context.shared(CPP_RUNTIME);
}, 180_000);
afterAll(async () => {
  await Promise.all([cLanguage.close?.(), cppLanguage.close?.()]);
  await context.dispose();
});

async function roundTrip(language: NativeLanguage, code: string, type: string, values: readonly unknown[]) {
  const signature: Signature = { params: [{ name: 'x', type }], returns: type };
  const argsJson = values.map((value) => JSON.stringify([value]));
  const result = await language.execute({ form: 'function', code, functionName: 'echo', signature, argsJson }, context);
  return result.kind === 'ran' ? result.cases.map((c) => (c.report.kind === 'value' ? JSON.parse(c.report.json) : c.report)) : result;
}

describe('the signature vocabulary round-trips through C and C++', () => {
  it.each(Object.entries(VALUES))('C: %s', async (type, values) => {
    expect(await roundTrip(cLanguage, cEcho(type), type, values)).toEqual(values);
  });

  // C++ prints every list with one template: its scalar lists beyond int[] and bool[] (vector<bool> is special) add no path.
  const cppTypes = Object.entries({ ...VALUES, ...MAPS }).filter(([type]) => !['long[]', 'double[]', 'char[]'].includes(type));
  it.each(cppTypes)('C++: %s', async (type, values) => {
    expect(await roundTrip(cppLanguage, cppEcho(type), type, values)).toEqual(values);
  });

  it('C refuses a map with a clear message, and any language refuses an argument that does not fit its type', async () => {
    const map = await roundTrip(cLanguage, cEcho('int'), 'map<string,int>', [{}]);
    expect(map).toMatchObject({
      kind: 'compileError',
      diagnostics: [{ message: expect.stringMatching(/^This question cannot run in this language: C cannot answer a question using map<string,int>/) }],
    });
    const big = await roundTrip(cppLanguage, cppEcho('int'), 'int', [2 ** 31]);
    expect(big).toMatchObject({
      kind: 'compileError',
      diagnostics: [{ message: "The question's test arguments do not fit its signature: case 1, x is not a 32-bit integer" }],
    });
  });
});
