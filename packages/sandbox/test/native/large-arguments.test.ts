import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { NATIVE_LANGUAGES, type NativeLanguageId } from '../../src/native/native-languages.js';
import { nativeProgramsOf } from '../languages/fixtures.js';

/**
 * Cases are data, never source literals (decision 1085): a case of 10,000 list items and a 70,000-character string
 * passes for a right answer in every native language (Java's generated harness once hit `code too large` and
 * `constant string too long`, and every answer scored 0), through a real Sandbox and the real jail.
 */
const signature = {
  params: [
    { name: 'values', type: 'int[]' },
    { name: 'text', type: 'string' },
  ],
  returns: 'long[]',
};
const values = Array.from({ length: 10_000 }, (_, index) => index * 7 - 35_000);
const text = 'ab"\\c'.repeat(14_000);
const cases = [
  { args: [values, text], expected: [values.length, values.reduce((sum, value) => sum + value, 0), text.length] },
  { args: [[1, 2], 'x'], expected: [2, 3, 1] },
];

/** Every native language, each with its programs from its fixture (test/languages/<id>.ts: `native`). */
const NATIVE = Object.keys(NATIVE_LANGUAGES) as NativeLanguageId[];
const PROGRAMS = await nativeProgramsOf(NATIVE);

// Generous limits and warmed toolchains: a cold compiler's start on a loaded host is not what this checks.
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, limits: { cpuMsPerCase: 20_000 }, prewarm: NATIVE });
sandbox.warmUp('candidate');
afterAll(() => sandbox.close());

describe.each(NATIVE)('%s', (language) => {
  it('passes a case of 10,000 list items and a 70,000-character string', { timeout: 180_000 }, async () => {
    const availability = sandbox.languages()[language];
    expect(availability, JSON.stringify(availability)).toEqual({ available: true });
    const outcome = await sandbox.run({ language, code: PROGRAMS.get(language)!.measure, functionName: 'measure', signature, cases });
    expect(
      outcome.results.map((result) => result.passed),
      JSON.stringify(outcome.results.map(({ error, actual }) => ({ error, actual }))),
    ).toEqual([true, true]);
  });
});
