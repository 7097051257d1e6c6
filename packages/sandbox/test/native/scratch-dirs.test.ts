import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { makeScratchDir, removeStaleScratch, removeStaleScratchOnce } from '../../src/native/scratch-dirs.js';
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
    // A temp dir of this test's own: the sweep is once per process and temp dir, and with isolate: false an earlier
    // file's sandbox has already swept the host's.
    const root = mkdtempSync(join(tmpdir(), 'scratch-start-'));
    const stale = join(root, `assay-${deadPid()}-run-s7u8v9`);
    mkdirSync(stale);
    const alive = join(root, 'assay-1-run-k3l4m5');
    mkdirSync(alive);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = root;
    let sandbox: Sandbox | undefined;
    try {
      sandbox = new Sandbox({ workers: 1, languages: ['javascript'] });
      expect(await waitFor(() => !existsSync(stale), 10_000)).toBe(true);
      expect(existsSync(alive)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      await sandbox?.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("sweeps each temp dir once per process: a dir gone stale since the sweep is the next start's", async () => {
    const root = mkdtempSync(join(tmpdir(), 'scratch-once-'));
    try {
      const first = join(root, `assay-${deadPid()}-run-f1r2s3`);
      mkdirSync(first);
      expect(await removeStaleScratchOnce(root)).toEqual([first]);
      const later = join(root, `assay-${deadPid()}-run-l8t9r0`);
      mkdirSync(later);
      expect(await removeStaleScratchOnce(root)).toEqual([first]);
      expect(existsSync(later)).toBe(true);
      // Another temp dir is swept on its own.
      const other = mkdtempSync(join(tmpdir(), 'scratch-other-'));
      const elsewhere = join(other, `assay-${deadPid()}-build-e1s2w3`);
      mkdirSync(elsewhere);
      expect(await removeStaleScratchOnce(other)).toEqual([elsewhere]);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
