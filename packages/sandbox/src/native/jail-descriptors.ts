import type { ChildProcess, IOType } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a jail's descriptors carry (jail-command.ts's `jailInvocation`): bytes per descriptor number. */
export type JailDescriptors = ReadonlyMap<number, Buffer>;

/** `stdio` for spawn: the caller's own descriptors, then a pipe for each of the jail's ('ignore' for any gap). */
export function stdioWith(own: readonly IOType[], descriptors: JailDescriptors): IOType[] {
  const stdio = [...own];
  for (const fd of descriptors.keys()) {
    while (stdio.length <= fd) stdio.push('ignore');
    stdio[fd] = 'pipe';
  }
  return stdio;
}

/** Writes each descriptor's bytes to the spawned child and closes it; a child that died first is not an error here. */
export function feedDescriptors(child: ChildProcess, descriptors: JailDescriptors): void {
  for (const [fd, bytes] of descriptors) {
    const pipe = child.stdio[fd];
    if (pipe === null || pipe === undefined || !('end' in pipe)) continue;
    pipe.on('error', () => {});
    pipe.end(bytes);
  }
}

/**
 * For a synchronous spawn (the probe), which cannot write to pipes: each descriptor's bytes in a file of a private
 * directory, open for reading, file and directory already removed. `close()` closes them once the child has ended.
 */
export function descriptorFiles(descriptors: JailDescriptors): { stdio: (IOType | number)[]; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'assay-jail-descriptors-'));
  const opened: number[] = [];
  const stdio: (IOType | number)[] = ['pipe', 'pipe', 'pipe'];
  for (const [fd, bytes] of descriptors) {
    const path = join(dir, `descriptor-${fd}`);
    writeFileSync(path, bytes, { mode: 0o600 });
    const file = openSync(path, 'r');
    unlinkSync(path);
    opened.push(file);
    while (stdio.length <= fd) stdio.push('ignore');
    stdio[fd] = file;
  }
  rmdirSync(dir);
  return { stdio, close: () => opened.forEach((fd) => closeSync(fd)) };
}
