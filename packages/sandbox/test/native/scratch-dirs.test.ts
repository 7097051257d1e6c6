import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { makeScratchDir, removeStaleScratch } from '../../src/native/scratch-dirs.js';
import { waitFor } from '../helpers.js';

/** A pid no process has now: one that just exited. */
const deadPid = (): number => {
  const { pid } = spawnSync('/bin/true');
  if (pid === undefined) throw new Error('could not start /bin/true');
  return pid;
};

const live: ChildProcess[] = [];
afterAll(() => {
  for (const child of live) child.kill('SIGKILL');
});

describe('a process killed with SIGKILL leaves its temp dirs; the next start removes them, and only them (decision 1048)', () => {
  it("removes the directories of processes that are gone (or whose pid a newer process took), never a live one's or another program's", async () => {
    const root = mkdtempSync(join(tmpdir(), 'scratch-sweep-'));
    try {
      const make = (name: string) => {
        mkdirSync(join(root, name));
        writeFileSync(join(root, name, 'solution.cpp'), 'int main() {}\n');
        return join(root, name);
      };
      const dead = make(`assay-${deadPid()}-run-a1B2c3`);
      const deadBuild = make(`assay-${deadPid()}-build-Zz9yX8`);
      const own = await makeScratchDir('run', root);
      // pid 1 has lived since boot, longer than this directory: its own.
      const init = make('assay-1-compiler-q1w2e3');
      // A live process that started after its directory was made holds a reused pid: the directory is a dead one's.
      const child = spawn('/bin/sleep', ['60']);
      live.push(child);
      const reused = make(`assay-${child.pid}-run-r4t5y6`);
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(reused, hourAgo, hourAgo);
      const others = [make('assay-run-legacy'), make('someone-elses-dir'), make(`assay-${deadPid()}-notes`)];

      const removed = await removeStaleScratch(root);
      expect(removed.sort()).toEqual([dead, deadBuild, reused].sort());
      for (const path of [dead, deadBuild, reused]) expect(existsSync(path)).toBe(false);
      for (const path of [own, init, ...others]) expect(existsSync(path), path).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a sandbox that may jail sweeps the temp dir when it is made', async () => {
    const stale = join(tmpdir(), `assay-${deadPid()}-run-s7u8v9`);
    mkdirSync(stale);
    const sandbox = new Sandbox({ workers: 1, languages: ['javascript'] });
    try {
      expect(await waitFor(() => !existsSync(stale), 10_000)).toBe(true);
    } finally {
      await sandbox.close();
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
