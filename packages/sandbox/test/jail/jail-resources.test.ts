import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cgroupControl, processesOf } from '../../src/native/jail.js';
import { cleanUp, compiledC, jailed, sh, TEST_LIMITS } from './jail-fixture.js';

/** Hostile class: exhausting the host's processes, memory, disk, output, CPU or time (docs/security.md). */
afterAll(cleanUp);

describe('the jail holds a run to its limits', () => {
  it('stops a run from having more processes at once than its limit', async () => {
    const dir = await compiledC(`
      #include <stdio.h>
      #include <unistd.h>
      int main(void) {
        int started = 0;
        for (int i = 0; i < 100; i++) {
          pid_t pid = fork();
          if (pid == 0) { sleep(3); _exit(0); }
          if (pid < 0) break;
          started++;
        }
        printf("started=%d\\n", started);
        return 0;
      }`);
    const run = await jailed(['/box/prog'], {}, { dir });
    const started = Number(run.stdout.match(/started=(\d+)/)?.[1]);
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThan(TEST_LIMITS.processes);
    expect(processesOf(run.uid)).toEqual([]);
  });

  it('survives a fork bomb, and none of it is left afterwards', async () => {
    const run = await sh(':(){ :|:& };:; sleep 1', { wallMs: 3000 });
    // However it ended (its wall clock, a shell's CPU limit, or on its own), it ended, and took all of it along.
    expect([null, 'wall', 'cpu']).toContain(run.killedFor);
    expect(processesOf(run.uid)).toEqual([]);
  });

  it('stops a memory bomb far below what it asks for', async () => {
    const dir = await compiledC(`
      #include <stdio.h>
      #include <stdlib.h>
      #include <string.h>
      int main(void) {
        for (int mb = 1; mb <= 1024; mb++) {
          char *block = malloc(1 << 20);
          if (!block) { printf("refused at %d MB\\n", mb); return 3; }
          memset(block, 1, 1 << 20);
          if (mb % 16 == 0) { printf("%d MB\\n", mb); fflush(stdout); }
        }
        printf("got 1024 MB\\n");
        return 0;
      }`);
    const run = await jailed(['/box/prog'], {}, { dir });
    expect(run.stdout).not.toContain('got 1024 MB');
    const reached = Math.max(0, ...[...run.stdout.matchAll(/(\d+) MB/g)].map((match) => Number(match[1])));
    expect(reached).toBeLessThanOrEqual(TEST_LIMITS.memoryBytes >> 20);
    if (cgroupControl() !== 'rlimit') expect(run.killedFor).toBe('memory');
  });

  it('caps the files a run writes: one file at fileBytes, its /tmp at tmpBytes', async () => {
    const run = await sh(
      'head -c 10000000 /dev/zero > /box/big; echo "big=$?"; ' +
        'for i in 1 2 3 4 5; do head -c 900000 /dev/zero > /tmp/f$i || echo full; done; echo "tmp=$(cat /tmp/f* | wc -c)"',
      { tmpBytes: 2 << 20 },
    );
    expect(statSync(join(run.dir, 'big')).size).toBeLessThanOrEqual(TEST_LIMITS.fileBytes);
    expect(run.stdout).toMatch(/big=(?!0)\d+/);
    expect(run.stdout).toContain('full');
    expect(Number(run.stdout.match(/tmp=(\d+)/)?.[1])).toBeLessThanOrEqual(2 << 20);
  });

  it('keeps a run step off the host disk: /box read-only, many files hit the /tmp cap (decision 806)', async () => {
    const run = await sh(
      'touch /box/one 2>/dev/null; echo "box=$?"; ' +
        'i=0; while [ $i -lt 50 ]; do head -c 100000 /dev/zero > /tmp/f$i 2>/dev/null || break; i=$((i+1)); done; echo "files=$i"',
      { tmpBytes: 1 << 20 },
      { readOnlyBox: true },
    );
    expect(run.stdout).toMatch(/box=(?!0)\d+/);
    expect(Number(run.stdout.match(/files=(\d+)/)?.[1])).toBeLessThan(50);
    expect(readdirSync(run.dir)).toEqual([]);
  });

  it.each(['>&1', '>&2'])('cuts endless output (yes %s) at outputBytes and ends the run', async (to) => {
    const run = await sh(`yes ${to}`, { outputBytes: 32 << 10 });
    expect(run.outputCut).toBe(true);
    expect(run.killedFor).toBe('output');
    expect(run.stdout.length + run.stderr.length + run.results.length).toBeLessThanOrEqual(32 << 10);
  });

  it('ends endless results at the largest file a run may write and keeps only outputBytes of them', async () => {
    const run = await sh('yes >> "$ASSAY_RESULTS"', { outputBytes: 32 << 10 });
    // RLIMIT_FSIZE stops the writer (SIGXFSZ); the host keeps what fits the output limit beside its stderr and says it cut the rest.
    expect(run.signal ?? run.exitCode).not.toBe(0);
    expect(run.outputCut).toBe(true);
    expect(run.killedFor).toBe('output');
    expect(run.stdout.length + run.stderr.length + run.results.length).toBe(32 << 10);
  });

  it('ends a run sleeping past its wall limit', async () => {
    const run = await sh('sleep 30', { wallMs: 500 });
    expect(run.killedFor).toBe('wall');
    // Generous: the point is that it did not sleep its 30 s.
    expect(run.wallMs).toBeLessThan(10_000);
    expect(processesOf(run.uid)).toEqual([]);
  });

  it('ends a run spinning past its CPU limit', async () => {
    const run = await sh('while :; do :; done', { cpuMs: 1000, wallMs: 20_000 });
    expect(run.killedFor).toBe('cpu');
    expect(run.signal).toBe('SIGXCPU');
  });

  it('caps the open files of a run', async () => {
    const dir = await compiledC(`
      #include <fcntl.h>
      #include <stdio.h>
      int main(void) {
        int opened = 0;
        while (opened < 1000 && open("/dev/null", O_RDONLY) >= 0) opened++;
        printf("opened=%d\\n", opened);
        return 0;
      }`);
    const run = await jailed(['/box/prog'], { openFiles: 20 }, { dir });
    expect(Number(run.stdout.match(/opened=(\d+)/)?.[1])).toBeLessThan(20);
  });
});
