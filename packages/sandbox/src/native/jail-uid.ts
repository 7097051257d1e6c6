import { readdirSync, readFileSync } from 'node:fs';

/**
 * The uids jailed runs get: one per concurrent run, never shared with a run of another process on this host
 * (decision 701). Each process owns the block of `UIDS_PER_PROCESS` uids its pid names: two live processes of one
 * pid namespace never share a pid, so two servers, or a server and an `assay-worker`, never hand out the same uid,
 * without lock files to go stale when a process is killed.
 */
const FIRST_UID = 100_000;
export const UIDS_PER_PROCESS = 256;
/** Linux's largest pid_max (2^22): the highest block stays below 2^31, a uid every tool treats as plain. */
const PID_SPACE = 4_194_304;

const uidsInUse = new Set<number>();

/** The first uid of this process's block. */
export function firstUidOf(pid: number): number {
  return FIRST_UID + (pid % PID_SPACE) * UIDS_PER_PROCESS;
}

/** The pid whose block holds `uid` (undefined when it is no jail uid). */
export function ownerPidOf(uid: number): number | undefined {
  return uid >= FIRST_UID && uid < FIRST_UID + PID_SPACE * UIDS_PER_PROCESS ? Math.floor((uid - FIRST_UID) / UIDS_PER_PROCESS) : undefined;
}

export function takeUid(): number {
  const first = firstUidOf(process.pid);
  for (let uid = first; uid < first + UIDS_PER_PROCESS; uid++) {
    if (!uidsInUse.has(uid)) {
      uidsInUse.add(uid);
      return uid;
    }
  }
  throw new Error(`No free jail uid: ${UIDS_PER_PROCESS} runs of this process are jailed at once`);
}

export function releaseUid(uid: number): void {
  uidsInUse.delete(uid);
}

/**
 * The pids of every live process on this host whose real uid is `uid` (from /proc; other pid namespaces
 * included). Zombies are dead already: a jail's first process, orphaned when bwrap ends, waits as one until the
 * host's init reaps it.
 */
export function processesOf(uid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const zombie = /^State:\s+[ZX]/m.test(status);
      if (!zombie && status.match(/^Uid:\s+(\d+)/m)?.[1] === String(uid)) found.push(Number(entry));
    } catch {
      // Gone while reading.
    }
  }
  return found;
}
