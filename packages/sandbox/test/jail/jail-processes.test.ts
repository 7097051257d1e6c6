import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processesOf } from '../../src/native/jail.js';
import { cleanUp, freshDir, sh } from './jail-fixture.js';

/** Hostile class: outliving a run, killing other processes, seeing another run (docs/security.md). */
afterAll(cleanUp);

describe('every process of a run is its own and ends with it', () => {
  it('leaves no background process behind (setsid, nohup, double fork), and does not wait for one', async () => {
    const run = await sh(
      'setsid sleep 60 >/dev/null 2>&1 & nohup sleep 60 >/dev/null 2>&1 & (sh -c "sleep 60 &" &); ' +
        '(trap "" HUP TERM; exec sleep 60) & sleep 0.2; echo started',
      { wallMs: 20_000 },
    );
    expect(run.stdout).toContain('started');
    expect(run.killedFor).toBeNull();
    expect(run.exitCode).toBe(0);
    expect(processesOf(run.uid)).toEqual([]);
  });

  it('kill -9 -1 hits neither the host (even a process of the same uid) nor a concurrent run', async () => {
    const dir = freshDir();
    let victim: ReturnType<typeof spawn> | undefined;
    const killer = sh(
      'sleep 0.3; kill -9 -1; echo done > /box/killed; sleep 1; echo "killer done"',
      { wallMs: 25_000 },
      {
        dir,
        onStart: (uid) => {
          // A host process of the killer's own uid: outside the jail's pid namespace, so out of its reach.
          victim = spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '/usr/bin/sleep', '30'], { stdio: 'ignore' });
        },
      },
    );
    const bystander = sh('sleep 1; echo "bystander alive"', { wallMs: 25_000 });
    try {
      // Checked as soon as the kill has been sent (the run's end may sweep its uid where there is no cgroup).
      for (let attempt = 0; attempt < 2000 && !existsSync(join(dir, 'killed')); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(existsSync(join(dir, 'killed'))).toBe(true);
      expect(isAlive(victim?.pid)).toBe(true);
      const [killed, other] = await Promise.all([killer, bystander]);
      expect(killed.stdout).toContain('killer done');
      expect(other.stdout).toContain('bystander alive');
      expect(other.exitCode).toBe(0);
    } finally {
      victim?.kill('SIGKILL');
    }
  });

  it('does not see a concurrent run: its /box, its processes, its directory on the host', async () => {
    const see = (name: string) => `echo ${name} > /box/${name}; sleep 0.5; ls /box; for p in /proc/[0-9]*/cmdline; do tr "\\0" " " < "$p"; echo; done`;
    const [first, second] = await Promise.all([sh(see('first')), sh(see('second'))]);
    expect(first.stdout).toContain('first');
    expect(first.stdout).not.toContain('second');
    expect(second.stdout).toContain('second');
    expect(second.stdout).not.toContain('first');
    // The process listing works (each sees its own command line), and shows nothing of the other run.
    expect(first.stdout).toContain('echo first > /box/first');
    expect(second.stdout).toContain('echo second > /box/second');
    const peek = await sh(`cat '${join(first.dir, 'first')}' && echo "read it"`);
    expect(existsSync(join(first.dir, 'first'))).toBe(true);
    expect(peek.stdout).not.toContain('read it');
  });
});

function isAlive(pid: number | undefined): boolean {
  try {
    return pid !== undefined && !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
