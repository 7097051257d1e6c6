import { afterAll, describe, expect, it } from 'vitest';
import { releaseUid, takeUid } from '../../src/native/jail.js';
import { cleanUp, compiledC, jailed } from './jail-fixture.js';

/** What the language modules rely on: one step's output (a compiled program) read by a later step under another uid. */
afterAll(cleanUp);

describe('steps of one run', () => {
  it('runs a program an earlier step built, bound read-only into a fresh directory', async () => {
    const built = await compiledC('#include <stdio.h>\nint main(void) { puts("built earlier"); return 0; }');
    // The builder's uid stays taken, as when runs overlap: the next step runs as another uid.
    const builderUid = takeUid();
    const run = await jailed(['/prog/prog'], {}, { readOnly: [{ host: built, jail: '/prog' }] }).finally(() => releaseUid(builderUid));
    expect(run.uid).not.toBe(builderUid);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('built earlier\n');
    const write = await jailed(['/bin/sh', '-c', 'echo x > /prog/x && echo wrote'], {}, { readOnly: [{ host: built, jail: '/prog' }] });
    expect(write.stdout).not.toContain('wrote');
  });

  it('answers a program killed by a signal as that signal, not as bwrap’s exit code 128+N', async () => {
    const crash = await compiledC('int main(void) { volatile int *p = 0; return *p; }');
    const run = await jailed(['/box/prog'], {}, { dir: crash });
    expect(run.signal).toBe('SIGSEGV');
    expect(run.exitCode).toBeNull();
    const exited = await jailed(['/bin/sh', '-c', 'exit 7']);
    expect([exited.exitCode, exited.signal]).toEqual([7, null]);
  });
});
