import { readFileSync } from 'node:fs';

/** USER_HZ: /proc counts processor time in hundredths of a second on every Linux (fixed by the kernel's ABI). */
const MS_PER_TICK = 10;

/** Processor time (user + system) the live process `pid` has used, ms; 0 once it is gone. */
export function cpuMsOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses (which may hold spaces): utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}
