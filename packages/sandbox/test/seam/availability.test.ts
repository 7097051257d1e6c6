import { ALL_LANGUAGES } from '@assay/domain/languages';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageUnavailableError, Sandbox } from '../../src/index.js';
import type { RunRequest, SandboxOptions } from '../../src/index.js';
import type { SandboxInternals } from '../../src/sandbox.js';
import { JAIL_OK, recordingJail, withModule } from './fakes.js';

const JAVA: RunRequest = {
  language: 'java',
  code: 'class Solution {}',
  functionName: 'twice',
  signature: { params: [{ name: 'a', type: 'int' }], returns: 'int' },
  cases: [{ args: [1], expected: 2 }],
};
const WASM = ['javascript', 'typescript', 'python', 'sqlite', 'postgresql'];

let sandboxes: Sandbox[] = [];
function sandboxOf(options: SandboxOptions, internals: SandboxInternals = {}): Sandbox {
  const sandbox = new Sandbox({ workers: 1, ...options }, internals);
  sandboxes.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  sandboxes = [];
});

describe('which languages a sandbox runs', () => {
  it("with nativeJail 'off' runs no native language and says how to enable them; the WebAssembly ones still run", async () => {
    const { calls, jail } = recordingJail();
    const { executed, languages } = withModule('java', () => ({ kind: 'ran', cases: [] }));
    const sandbox = sandboxOf({ nativeJail: 'off' }, { jail, nativeLanguages: languages, jailAvailability: JAIL_OK });
    const availability = sandbox.languages();
    expect(Object.keys(availability).sort()).toEqual([...ALL_LANGUAGES].sort());
    for (const language of ALL_LANGUAGES) {
      expect(availability[language].available, language).toBe(WASM.includes(language));
    }
    expect(availability.java).toMatchObject({ available: false, reason: expect.stringContaining('turned off'), remedy: expect.stringContaining("'auto'") });
    const refused = await sandbox.run(JAVA).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LanguageUnavailableError);
    expect(refused).toMatchObject({ language: 'java', reason: availability.java.available ? '' : availability.java.reason });
    expect(executed).toHaveLength(0);
    expect(calls).toHaveLength(0);
    const js = await sandbox.run({ code: 'function f() { return 1; }', functionName: 'f', cases: [{ args: [], expected: 1 }] });
    expect(js.results[0]?.passed).toBe(true);
  });

  it('refuses native languages with the jail probe’s reason and remedy when the host cannot jail', async () => {
    const sandbox = sandboxOf(
      {},
      { jailAvailability: () => ({ ok: false, reason: 'user namespaces are disabled', remedy: 'sysctl kernel.unprivileged_userns_clone=1' }) },
    );
    expect(sandbox.languages().rust).toEqual({ available: false, reason: 'user namespaces are disabled', remedy: 'sysctl kernel.unprivileged_userns_clone=1' });
    await expect(sandbox.run({ ...JAVA, language: 'rust' })).rejects.toMatchObject({
      name: 'LanguageUnavailableError',
      language: 'rust',
      remedy: 'sysctl kernel.unprivileged_userns_clone=1',
    });
  });

  it('refuses a native language whose toolchain is missing, naming the Debian packages', () => {
    const { languages } = withModule('java', () => ({ kind: 'ran', cases: [] }), {
      toolchain: { commands: ['/usr/bin/definitely-not-javac-49'], debianPackages: ['openjdk-17-jdk-headless'], etc: [] },
    });
    const sandbox = sandboxOf({}, { nativeLanguages: languages, jailAvailability: JAIL_OK });
    expect(sandbox.languages().java).toEqual({
      available: false,
      reason: "Java's toolchain is missing (/usr/bin/definitely-not-javac-49)",
      remedy: 'apt-get install openjdk-17-jdk-headless',
    });
  });

  it('runs only SandboxOptions.languages when given', async () => {
    const sandbox = sandboxOf({ languages: ['python'] }, { jailAvailability: JAIL_OK });
    expect(sandbox.languages().python).toEqual({ available: true });
    expect(sandbox.languages().javascript.available).toBe(false);
    await expect(sandbox.run({ code: 'function f() { return 1; }', functionName: 'f', cases: [] })).rejects.toBeInstanceOf(LanguageUnavailableError);
    expect(() => new Sandbox({ languages: ['cobol' as never] })).toThrow(/unknown language cobol/);
    expect(() => new Sandbox({ nativeJail: 'maybe' as never })).toThrow(/nativeJail/);
  });
});

describe('requests checked per form, by the language profile', () => {
  const sandbox = () => sandboxOf({}, { jailAvailability: JAIL_OK });

  it.each<[string, RunRequest, RegExp]>([
    ['a static language without a signature', { ...JAVA, signature: undefined } as RunRequest, /signature is required for Java/],
    ['a form the language does not answer', { form: 'stdio', language: 'sqlite', code: '', cases: [] }, /SQL \(SQLite\) does not answer stdio/],
    [
      'an SQL run in a general language',
      { form: 'sql', language: 'java' as never, code: '', schema: '', cases: [], ordered: false, checkColumnNames: false },
      /Java does not answer sql/,
    ],
    ['a function run in SQL', { language: 'sqlite', code: '', functionName: 'f', cases: [] }, /does not answer function/],
    ['a reserved word as the name', { language: 'python', code: '', functionName: 'lambda', cases: [] }, /Python identifier/],
    ['an unknown language', { language: 'cobol' as never, code: '', functionName: 'f', cases: [] }, /language must be one of/],
    ['a stdio case without its expected output', { form: 'stdio', language: 'ruby', code: '', cases: [{ input: '' } as never] }, /input and expectedOutput/],
  ])('rejects %s', async (_, request, message) => {
    await expect(sandbox().run(request)).rejects.toThrow(message);
  });
});
