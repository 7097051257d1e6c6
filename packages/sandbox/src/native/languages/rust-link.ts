import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * How a Rust program is linked (decision 1501). rustc runs gold itself (`-C linker-flavor=ld`) with the C runtime's
 * start files named, instead of through gcc's driver: the driver, collect2 and the LTO plugin it loads were ~6 ms of
 * CPU of each run's ~110 ms compile. The files are the ones gcc itself would pass, found once per process by
 * `-print-file-name`; where one is missing (another gcc, another architecture) a program links through cc with gold,
 * as before (decision 1400). Only programs: the runtime library (a shared object) still links through cc.
 */
export interface RustLink {
  /** rustc's flags that choose and feed the linker. */
  readonly flags: readonly string[];
  /** The flag that makes a program find shared libraries in `dir` at run time. */
  rpath(dir: string): readonly string[];
}

const GCC = '/usr/bin/gcc';
const GOLD = '/usr/bin/ld.gold';
/** The x86-64 ABI's dynamic linker; other architectures keep the driver, which knows theirs. */
const DYNAMIC_LINKER = '/lib64/ld-linux-x86-64.so.2';
/** In the order gcc places them: start files before the program, then its end files. */
const START_FILES = ['Scrt1.o', 'crti.o', 'crtbeginS.o'] as const;
const END_FILES = ['crtendS.o', 'crtn.o'] as const;

export const THROUGH_CC: RustLink = {
  flags: ['-C', 'link-arg=-fuse-ld=gold'],
  rpath: (dir) => ['-C', `link-arg=-Wl,-rpath,${dir}`],
};

const fileOfGcc = async (name: string): Promise<string | undefined> => {
  const { stdout } = await promisify(execFile)(GCC, [`-print-file-name=${name}`]);
  const path = stdout.trim();
  return path.startsWith('/') && existsSync(path) ? path : undefined;
};

async function directLink(): Promise<RustLink> {
  if (process.arch !== 'x64' || !existsSync(GOLD) || !existsSync(DYNAMIC_LINKER)) return THROUGH_CC;
  const [starts, ends, libgcc] = await Promise.all([Promise.all(START_FILES.map(fileOfGcc)), Promise.all(END_FILES.map(fileOfGcc)), fileOfGcc('libgcc_s.so')]);
  const files = [...starts, ...ends];
  if (libgcc === undefined || files.some((file) => file === undefined)) return THROUGH_CC;
  const linkArgs = ['-dynamic-linker', DYNAMIC_LINKER, `-L${libgcc.slice(0, libgcc.lastIndexOf('/'))}`, '--hash-style=gnu', ...(files as string[])];
  return {
    flags: ['-C', `linker=${GOLD}`, '-C', 'linker-flavor=ld', ...linkArgs.flatMap((arg) => ['-C', `link-arg=${arg}`])],
    rpath: (dir) => ['-C', `link-arg=-rpath=${dir}`],
  };
}

let found: Promise<RustLink> | undefined;

/** The way this process links Rust programs, found at its first use. */
export const rustLink = (): Promise<RustLink> => {
  found ??= directLink().catch(() => THROUGH_CC);
  return found;
};
