import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every temporary directory the sandbox makes (a run's scratch, a warm compiler's /box, a shared build) is named
 * `assay-<pid>-<kind>-XXXXXX`: the pid of the process that owns it. A process killed with SIGKILL removes nothing, so
 * a later start removes the directories whose process is gone (removeStaleScratch), and never a live process's.
 */
const NAME = /^assay-(\d+)-[a-z][a-z0-9-]*-[A-Za-z0-9]{6}$/;

/** A new private directory under the host's temp dir, named for this process and `kind` (lower-case words). */
export function makeScratchDir(kind: string, root: string = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `assay-${process.pid}-${kind}-`));
}

/** When the process `pid` started (ms since the epoch), or undefined when no such process lives. */
async function processStartedAt(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22, after the command name in parentheses (which may hold spaces): clock ticks since boot.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    const ticks = Number(fields[19]);
    const boot = Number(/^btime (\d+)$/m.exec(await readFile('/proc/stat', 'utf8'))?.[1]);
    // USER_HZ is 100 on every Linux the jail runs on (it is fixed by the kernel's ABI, whatever HZ is).
    return boot * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

/** Slack for the process start's precision (the boot time is in whole seconds). */
const START_SLACK_MS = 2000;

/**
 * Removes the sandbox's directories left by processes that are gone (killed before they could clean up): those whose
 * pid lives no more, or lives as a newer process (the pid was reused after the directory was made). Directories of
 * live processes, this one included, and anything not named by makeScratchDir are left alone. Answers what it removed.
 */
export async function removeStaleScratch(root: string = tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const path = join(root, name);
    try {
      const info = await stat(path);
      if (!info.isDirectory()) continue;
      const started = await processStartedAt(pid);
      const made = Math.min(...[info.birthtimeMs, info.mtimeMs, info.ctimeMs].filter((time) => time > 0));
      if (started !== undefined && started <= made + START_SLACK_MS) continue;
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}

const swept = new Map<string, Promise<string[]>>();

/**
 * removeStaleScratch, once per process and temp dir (the first sandbox that may jail starts it; nothing waits for it).
 * The temp dir is the host's as it is now (`TMPDIR`): where makeScratchDir puts this process's directories from now on.
 */
export function removeStaleScratchOnce(root: string = tmpdir()): Promise<string[]> {
  let sweep = swept.get(root);
  if (sweep === undefined) {
    sweep = removeStaleScratch(root);
    swept.set(root, sweep);
  }
  return sweep;
}
