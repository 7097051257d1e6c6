import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { JAIL_OK, recordingJail, withModule } from './fakes.js';
import { waitFor } from '../helpers.js';

let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  sandboxes = [];
});

describe('the compilers warm when asked, in the background, and say where they stand (decision 1045)', () => {
  it('warms every native language this sandbox runs once; a failed one says so', async () => {
    const { jail } = recordingJail();
    let release!: () => void;
    const javaReady = new Promise<void>((resolve) => (release = resolve));
    let javaWarmed = 0;
    const java = withModule('java', () => ({ kind: 'ran', cases: [] }), {
      warm: async () => {
        javaWarmed += 1;
        await javaReady;
      },
    });
    const languages = {
      ...java.languages,
      cpp: { ...java.languages.cpp, warm: async () => Promise.reject(new Error('clang++ is gone')) },
    } as typeof java.languages;
    const sandbox = new Sandbox({ workers: 1, languages: ['javascript', 'java', 'cpp'] }, { jail, nativeLanguages: languages, jailAvailability: JAIL_OK });
    sandboxes.push(sandbox);
    expect(sandbox.compilerWarmth()).toEqual({});
    const warmed = sandbox.warmCompilers();
    // Only the languages this sandbox runs; at once, without waiting for them.
    expect(sandbox.compilerWarmth()).toEqual({ java: 'warming', cpp: 'warming' });
    expect(await waitFor(() => sandbox.compilerWarmth().cpp === 'failed', 2_000)).toBe(true);
    expect(sandbox.compilerWarmth().java).toBe('warming');
    release();
    await warmed;
    expect(sandbox.compilerWarmth()).toEqual({ java: 'ready', cpp: 'failed' });
    await sandbox.warmCompilers();
    expect(javaWarmed).toBe(1);
  });
});
