import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JailLimits } from '../jail-spec.js';
import type { NativeContext } from '../native-language.js';
import { C_RUNTIME_SOURCE, CPP_RUNTIME_SOURCE } from './c-family-runtime.js';

/**
 * What every C and C++ compile reuses, built once per process in a jail and kept read-only at /opt/assay
 * (decision 723): the harness runtime as object files, and for C++ a precompiled header of the standard library
 * most answers include (g++ 12 reads a .gch next to the `-include`d header; it must be built with the same
 * -std, -O and -g as the programs that use it). Without it a C++ compile costs ~0.4 s more. Line tables are
 * DWARF 4: Debian 12's addr2line names the including file instead of solution.c for DWARF 5 (gcc 12's default).
 */
export const CACHE_IN_JAIL = '/opt/assay';

export const C_FLAGS = [
  '-std=c17',
  '-O0',
  '-g1',
  '-gdwarf-4',
  '-pipe',
  '-no-pie',
  '-fuse-ld=gold',
  '-fdiagnostics-plain-output',
  '-fmax-errors=20',
  '-Werror=implicit-function-declaration',
];
export const CPP_FLAGS = [
  '-std=c++20',
  '-O0',
  '-g1',
  '-gdwarf-4',
  '-pipe',
  '-no-pie',
  '-fuse-ld=gold',
  '-fdiagnostics-plain-output',
  '-fmax-errors=20',
  '-ftemplate-depth=1024',
  '-fconstexpr-ops-limit=100000000',
];

/** The headers of the precompiled header: what interview answers include most. */
const STD_HEADERS = [
  'algorithm',
  'array',
  'bitset',
  'cassert',
  'cctype',
  'climits',
  'cmath',
  'cstdint',
  'cstdio',
  'cstdlib',
  'cstring',
  'deque',
  'functional',
  'iostream',
  'iterator',
  'limits',
  'list',
  'map',
  'numeric',
  'optional',
  'queue',
  'set',
  'sstream',
  'stack',
  'string',
  'string_view',
  'tuple',
  'type_traits',
  'unordered_map',
  'unordered_set',
  'utility',
  'vector',
];

export interface CFamilyCache {
  /** Host directory, bound read-only at CACHE_IN_JAIL. */
  readonly dir: string;
  /** Flags that use it (C++: `-include` of the precompiled header). */
  readonly flags: readonly string[];
  /** Objects every function-form program links (paths in the jail). */
  readonly objects: readonly string[];
}

/** Building the cache is our own code, not a candidate's: it gets room enough (the precompiled header takes ~2 s). */
const BUILD_LIMITS: JailLimits = {
  cpuMs: 60_000,
  wallMs: 120_000,
  memoryBytes: 2 ** 30,
  processes: 32,
  openFiles: 256,
  fileBytes: 512 * 2 ** 20,
  outputBytes: 1 << 20,
};

type BuildContext = Pick<NativeContext, 'jail' | 'scratchDir'>;

async function build(language: 'c' | 'cpp', context: BuildContext): Promise<CFamilyCache> {
  const work = await context.scratchDir();
  await writeFile(join(work, 'runtime.c'), C_RUNTIME_SOURCE);
  const steps = ['/usr/bin/gcc -std=c17 -O0 -g1 -gdwarf-4 -c runtime.c -o c-runtime.o'];
  const files = ['c-runtime.o'];
  if (language === 'cpp') {
    await writeFile(join(work, 'terminate.cpp'), CPP_RUNTIME_SOURCE);
    await writeFile(join(work, 'assay-std.hpp'), STD_HEADERS.map((name) => `#include <${name}>\n`).join(''));
    steps.push(`/usr/bin/g++ ${CPP_FLAGS.join(' ')} -c terminate.cpp -o cpp-runtime.o`);
    steps.push(`/usr/bin/g++ ${CPP_FLAGS.join(' ')} -x c++-header assay-std.hpp -o assay-std.hpp.gch`);
    files.push('cpp-runtime.o', 'assay-std.hpp', 'assay-std.hpp.gch');
  }
  const result = await context.jail({ argv: ['/bin/sh', '-c', steps.join(' && ')], dir: work, limits: BUILD_LIMITS });
  if (result.exitCode !== 0) {
    // Say how it ended too: a build the jail stopped (time, memory) or a signal writes nothing on stderr.
    const ended = `exit ${result.exitCode ?? '-'}, signal ${result.signal ?? '-'}, stopped for ${result.killedFor ?? '-'}, ${Math.round(result.wallMs)} ms`;
    throw new Error(`The ${language} harness runtime did not build (${ended}): ${result.stderr.slice(0, 2000)}`);
  }
  const dir = await mkdtemp(join(tmpdir(), `assay-${language}-cache-`));
  await chmod(dir, 0o755);
  for (const file of files) {
    await copyFile(join(work, file), join(dir, file));
    await chmod(join(dir, file), 0o644);
  }
  return {
    dir,
    flags: language === 'cpp' ? ['-include', `${CACHE_IN_JAIL}/assay-std.hpp`] : [],
    objects: files.filter((file) => file.endsWith('.o')).map((file) => `${CACHE_IN_JAIL}/${file}`),
  };
}

const caches = new Map<'c' | 'cpp', Promise<CFamilyCache>>();

/** The cache of a language, built on first use (and again if it failed, or if something removed it from /tmp). */
export async function cFamilyCache(language: 'c' | 'cpp', context: BuildContext): Promise<CFamilyCache> {
  let cache = caches.get(language);
  if (cache === undefined) {
    cache = build(language, context);
    cache.catch(() => caches.delete(language));
    caches.set(language, cache);
  }
  const built = await cache;
  if (existsSync(built.dir)) return built;
  if (caches.get(language) === cache) caches.delete(language);
  return cFamilyCache(language, context);
}

/** Removes a language's cache (the module's close()). */
export async function dropCFamilyCache(language: 'c' | 'cpp'): Promise<void> {
  const cache = caches.get(language);
  caches.delete(language);
  const built = await cache?.catch(() => undefined);
  if (built !== undefined) await rm(built.dir, { recursive: true, force: true });
}
