import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { NATIVE_LANGUAGES, type NativeLanguageId } from '../../src/native/native-languages.js';
import { nativeProgramsOf } from '../languages/fixtures.js';

/**
 * Every native language reports each case's time, in both forms (decision 1085): the function form's is the
 * candidate's call alone, measured by the harness (a case that sleeps 300 ms reports at least that); the stdio
 * form's is the case's process.
 */
const signature = { params: [{ name: 'ms', type: 'int' }], returns: 'int' };
const cases = [
  { args: [300], expected: 300 },
  { args: [0], expected: 0 },
];

/** Every native language, each with its programs from its fixture (test/languages/<id>.ts: `native`). */
const NATIVE = Object.keys(NATIVE_LANGUAGES) as NativeLanguageId[];
const PROGRAMS = await nativeProgramsOf(NATIVE);

// Generous limits and warmed toolchains: a cold compiler's start on a loaded host is not what this measures.
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, limits: { cpuMsPerCase: 20_000 }, prewarm: NATIVE });
sandbox.warmUp('candidate');
afterAll(() => sandbox.close());

describe.each(NATIVE)('%s', (language) => {
  it('reports each case’s time: the call’s in a function run, the process’s in a stdio run', { timeout: 180_000 }, async () => {
    expect(sandbox.languages()[language]).toEqual({ available: true });
    const called = await sandbox.run({ language, code: PROGRAMS.get(language)!.pause, functionName: 'pause', signature, cases });
    expect(
      called.results.map((result) => result.passed),
      JSON.stringify(called.results),
    ).toEqual([true, true]);
    const [slow, quick] = called.results.map((result) => result.timeMs);
    expect(slow).toBeGreaterThanOrEqual(290);
    expect(quick).toBeGreaterThanOrEqual(0);
    const printed = await sandbox.run({
      form: 'stdio',
      language,
      code: PROGRAMS.get(language)!.stdioPause,
      cases: [
        { input: '300\n', expectedOutput: '300\n' },
        { input: '0\n', expectedOutput: '0\n' },
      ],
    });
    expect(
      printed.results.map((result) => result.passed),
      JSON.stringify(printed.results),
    ).toEqual([true, true]);
    expect(printed.results[0]?.timeMs).toBeGreaterThanOrEqual(300);
    expect(printed.results[1]?.timeMs).toBeGreaterThanOrEqual(0);
  });
});
