import { afterEach, describe, expect, it } from 'vitest';
import { NOT_RUN_FAULT, Sandbox } from '../../src/index.js';
import type { RunStep, RunRequest } from '../../src/index.js';
import type { NativeRunResult } from '../../src/native/native-language.js';
import { JAIL_OK, recordingJail, withModule } from './fakes.js';

const REQUEST: RunRequest = {
  language: 'java',
  code: 'class Solution {}',
  functionName: 'twice',
  signature: { params: [{ name: 'a', type: 'int' }], returns: 'int' },
  cases: [
    { args: [1], expected: 2 },
    { args: [2], expected: 4 },
  ],
};
const RAN: NativeRunResult = {
  kind: 'ran',
  cases: [
    { report: { kind: 'value', json: '2' }, log: '', logCut: false },
    { report: { kind: 'value', json: '4' }, log: '', logCut: false },
  ],
};

let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  sandboxes = [];
});

function sandboxRunning(answers: (attempt: number) => NativeRunResult | Promise<NativeRunResult>) {
  let attempts = 0;
  const { jail } = recordingJail();
  const { languages } = withModule('java', () => RAN, {
    execute: async () => answers(++attempts),
  });
  const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 }, { jail, nativeLanguages: languages, jailAvailability: JAIL_OK });
  sandboxes.push(sandbox);
  return { sandbox, attempts: () => attempts };
}

describe('an answer the sandbox could not run is tried again, then said to be not run (decision 1043)', () => {
  it('a module that fails once is tried again, and its second answer is judged', async () => {
    const { sandbox, attempts } = sandboxRunning((attempt) => {
      if (attempt === 1) throw new Error('the compiler did not start');
      return RAN;
    });
    const outcome = await sandbox.run(REQUEST);
    expect(attempts()).toBe(2);
    expect(outcome.fault).toBeUndefined();
    expect(outcome.results.map((result) => result.passed)).toEqual([true, true]);
  });

  it('a fault twice answers `fault` and "Not run" on every case: never a failed case, never a compile error', async () => {
    const message = 'The server was too busy to compile this code';
    const { sandbox, attempts } = sandboxRunning(() => ({ kind: 'fault', message }));
    const outcome = await sandbox.run(REQUEST);
    expect(attempts()).toBe(2);
    expect(outcome).toEqual({
      fault: message,
      results: [
        { passed: false, error: `${NOT_RUN_FAULT}: ${message}` },
        { passed: false, error: `${NOT_RUN_FAULT}: ${message}` },
      ],
    });
    expect(outcome.compileOutput).toBeUndefined();
  });

  it("the code's own compile error is judged at once, not tried again", async () => {
    const { sandbox, attempts } = sandboxRunning(() => ({
      kind: 'compileError',
      diagnostics: [{ message: "';' expected", line: 1, column: 2 }],
      output: "';' expected",
    }));
    const outcome = await sandbox.run(REQUEST);
    expect(attempts()).toBe(1);
    expect(outcome.fault).toBeUndefined();
    expect(outcome.compileOutput).toBe("';' expected");
  });
});

describe('a native run tells its steps (decision 1045)', () => {
  it('onPhase hears what the module says, in order', async () => {
    const { jail } = recordingJail();
    const { languages } = withModule('java', () => RAN, {
      execute: async (_input, context) => {
        context.phase({ step: 'preparing', what: 'the Java compiler' });
        context.phase({ step: 'compiling' });
        context.phase({ step: 'running', of: 2 });
        return RAN;
      },
    });
    const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 }, { jail, nativeLanguages: languages, jailAvailability: JAIL_OK });
    sandboxes.push(sandbox);
    const phases: RunStep[] = [];
    await sandbox.run(REQUEST, { onPhase: (phase) => phases.push(phase) });
    expect(phases).toEqual([{ step: 'preparing', what: 'the Java compiler' }, { step: 'compiling' }, { step: 'running', of: 2 }]);
  });
});
