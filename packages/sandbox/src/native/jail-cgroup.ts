import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JailLimits, JailMemoryControl } from './jail-spec.js';
import { ownerPidOf } from './jail-uid.js';

/**
 * A memory and pids cgroup per jailed run, where the host lets this process make one (decision 702): the memory
 * limit then holds the whole process tree (and its /tmp, whose pages are charged to it), the pids limit holds a
 * fork bomb, and at the end every process still in it is killed. cgroup v1 (memory and pids hierarchies) or v2 (a
 * child of this process's cgroup with both controllers enabled); anything else answers null and the jail falls back
 * to rlimits.
 */
export interface RunCgroup {
  /** The `cgroup.procs` files the run's first process writes its pid to before it becomes the jail. */
  readonly procsFiles: readonly string[];
  /** The kernel killed a process of the run for memory. */
  memoryKilled(): boolean;
  /** Sends SIGKILL to every process in the cgroup now (the run is over, or out of time). */
  killNow(): void;
  /** Kills every process left in the cgroup, waits until it is empty and removes it. */
  dispose(): Promise<void>;
}

interface Hierarchy {
  readonly kind: 'cgroup-v1' | 'cgroup-v2';
  /** Directories under which a run's cgroups are made (v1: memory then pids; v2: one). */
  readonly parents: readonly string[];
}

let detected: Hierarchy | null | undefined;

/** Which cgroup the jail uses on this host, if any (probed once by making and removing a cgroup). */
export function cgroupControl(): JailMemoryControl {
  return hierarchy()?.kind ?? 'rlimit';
}

export function makeRunCgroup(name: string, limits: JailLimits): RunCgroup | null {
  const found = hierarchy();
  if (!found) return null;
  try {
    return found.kind === 'cgroup-v1' ? v1Cgroup(found.parents, name, limits) : v2Cgroup(found.parents[0] ?? '', name, limits);
  } catch {
    return null;
  }
}

function hierarchy(): Hierarchy | null {
  // Read at every run, not once: `off` holds from the next run on (a test turns it off for its own runs only).
  if (process.platform !== 'linux' || process.env.ASSAY_JAIL_CGROUP === 'off') return null;
  if (detected !== undefined) return detected;
  detected = null;
  for (const candidate of [v1Hierarchy(), v2Hierarchy()]) {
    if (candidate && works(candidate)) {
      detected = candidate;
      sweep(candidate);
      break;
    }
  }
  return detected;
}

function works(candidate: Hierarchy): boolean {
  const probe = `assay-jail-probe-${process.pid}`;
  try {
    const cgroup =
      candidate.kind === 'cgroup-v1' ? v1Cgroup(candidate.parents, probe, PROBE_LIMITS) : v2Cgroup(candidate.parents[0] ?? '', probe, PROBE_LIMITS);
    for (const file of cgroup.procsFiles) rmdirSync(join(file, '..'));
    return true;
  } catch {
    return false;
  }
}

/** Removes run cgroups a process left when it died mid-run (their uid block's pid is gone): killed, then removed. */
function sweep(found: Hierarchy): void {
  for (const parent of found.parents) {
    for (const entry of optionalValue(() => readdirSync(parent)) ?? []) {
      const owner = ownerPidOf(Number(entry.match(/^assay-jail-(\d+)$/)?.[1]));
      if (owner === undefined || owner === process.pid || existsSync(`/proc/${owner}`)) continue;
      killPids(pidsIn(join(parent, entry)));
      optional(() => rmdirSync(join(parent, entry)));
    }
  }
}

const PROBE_LIMITS: JailLimits = { cpuMs: 1000, wallMs: 1000, memoryBytes: 64 << 20, processes: 4, openFiles: 16, fileBytes: 1024, outputBytes: 1024 };

/** This process's cgroup mounts: mount point by controller (v1) and the v2 mount, from /proc/self/mountinfo. */
function mounts(): { v1: Map<string, string>; v2: string | undefined } {
  const v1 = new Map<string, string>();
  let v2: string | undefined;
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const mountPoint = left.split(' ')[4];
    const [type, , options] = right.split(' ');
    if (!mountPoint) continue;
    if (type === 'cgroup2') v2 ??= mountPoint;
    if (type === 'cgroup') for (const option of options?.split(',') ?? []) v1.set(option, mountPoint);
  }
  return { v1, v2 };
}

/** This process's own cgroup path per v1 controller, and its v2 path under the key ''. */
function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = line.match(/^\d+:([^:]*):(.*)$/) ?? [];
    if (controllers === undefined || path === undefined) continue;
    for (const controller of controllers.split(',')) paths.set(controller, path);
  }
  return paths;
}

function v1Hierarchy(): Hierarchy | null {
  try {
    const { v1 } = mounts();
    const own = ownPaths();
    const parents = ['memory', 'pids'].map((controller) => {
      const mountPoint = v1.get(controller);
      const path = own.get(controller);
      return mountPoint && path !== undefined ? join(mountPoint, path) : undefined;
    });
    return parents.every((parent) => parent && existsSync(parent)) ? { kind: 'cgroup-v1', parents: parents as string[] } : null;
  } catch {
    return null;
  }
}

function v2Hierarchy(): Hierarchy | null {
  try {
    const { v2 } = mounts();
    const path = ownPaths().get('');
    if (!v2 || path === undefined) return null;
    const parent = join(v2, path);
    const enabled = readFileSync(join(parent, 'cgroup.subtree_control'), 'utf8');
    // A non-root cgroup with processes of its own cannot enable controllers for children (no internal processes).
    if (!/\bmemory\b/.test(enabled) || !/\bpids\b/.test(enabled)) writeFileSync(join(parent, 'cgroup.subtree_control'), '+memory +pids');
    return { kind: 'cgroup-v2', parents: [parent] };
  } catch {
    return null;
  }
}

function v1Cgroup(parents: readonly string[], name: string, limits: JailLimits): RunCgroup {
  const [memoryParent, pidsParent] = parents;
  if (!memoryParent || !pidsParent) throw new Error('cgroup v1 needs the memory and pids hierarchies');
  const memory = join(memoryParent, name);
  const pids = join(pidsParent, name);
  freshDir(memory);
  freshDir(pids);
  writeFileSync(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
  // No swap either, where swap is accounted.
  optional(() => writeFileSync(join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes)));
  writeFileSync(join(pids, 'pids.max'), String(limits.processes));
  return {
    procsFiles: [join(memory, 'cgroup.procs'), join(pids, 'cgroup.procs')],
    memoryKilled: () => counter(join(memory, 'memory.oom_control'), 'oom_kill') > 0,
    killNow: () => killPids(pidsIn(pids)),
    dispose: () => disposeOf([pids, memory], null),
  };
}

function v2Cgroup(parent: string, name: string, limits: JailLimits): RunCgroup {
  const dir = join(parent, name);
  freshDir(dir);
  writeFileSync(join(dir, 'memory.max'), String(limits.memoryBytes));
  optional(() => writeFileSync(join(dir, 'memory.swap.max'), '0'));
  writeFileSync(join(dir, 'pids.max'), String(limits.processes));
  return {
    procsFiles: [join(dir, 'cgroup.procs')],
    memoryKilled: () => counter(join(dir, 'memory.events'), 'oom_kill') > 0,
    killNow: () => void (optional(() => writeFileSync(join(dir, 'cgroup.kill'), '1')) || killPids(pidsIn(dir))),
    dispose: () => disposeOf([dir], join(dir, 'cgroup.kill')),
  };
}

/** Kills what is left (cgroup.kill where the kernel has it), waits until the cgroups are empty, removes them. */
async function disposeOf(dirs: readonly string[], killFile: string | null): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const left = dirs.flatMap((dir) => pidsIn(dir));
    if (left.length === 0) break;
    if (!(killFile && optional(() => writeFileSync(killFile, '1')))) killPids(left);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  for (const dir of dirs) {
    // A process just killed may hold its cgroup a moment longer: rmdir answers EBUSY until it is reaped.
    for (let attempt = 0; attempt < 250 && existsSync(dir); attempt++) {
      if (optional(() => rmdirSync(dir))) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/** A cgroup left by a process that died with a run in flight (its pid, so its uids, reused) is empty: removed first. */
function freshDir(dir: string): void {
  if (existsSync(dir)) optional(() => rmdirSync(dir));
  mkdirSync(dir);
}

function killPids(pids: readonly number[]): void {
  for (const pid of pids) optional(() => process.kill(pid, 'SIGKILL'));
}

function pidsIn(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function counter(file: string, key: string): number {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${key} `));
    return line ? Number(line.slice(key.length + 1)) : 0;
  } catch {
    return 0;
  }
}

function optionalValue<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function optional(action: () => void): boolean {
  try {
    action();
    return true;
  } catch {
    return false;
  }
}
