import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JailLimits } from '../jail-spec.js';
import type { NativeContext } from '../native-language.js';
import { type BuildSteps, SharedBuild } from '../shared-build.js';
import { C_RUNTIME_SOURCE, CPP_RUNTIME_SOURCE } from './c-family-runtime.js';

/**
 * What every C and C++ compile reuses, built once per process in a jail of its own (decision 1040) and kept read-only
 * at /opt/assay (decision 723): the harness runtime as object files, and for C++ a precompiled header of the standard
 * library most answers include (g++ 12 reads a .gch next to the `-include`d header; it must be built with the same
 * -std, -O and -g as the programs that use it), and another of `<bits/stdc++.h>` (decision 1042). Without them a C++
 * compile costs ~0.4 s more, or ~3.5 s with `<bits/stdc++.h>`. Line tables are DWARF 4: Debian 12's addr2line names the
 * including file instead of solution.c for DWARF 5 (gcc 12's default).
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

/** What a compile binds and adds to use the shared builds (c-family-execute.ts). */
export interface CFamilyCache {
  /** Host directories bound read-only in the jail. */
  readonly mounts: readonly { readonly host: string; readonly jail: string }[];
  /** Flags that use them (C++: `-include` of a precompiled header). */
  readonly flags: readonly string[];
  /** Objects every function-form program links (paths in the jail). */
  readonly objects: readonly string[];
}

/** Building is our own code, not a candidate's: it gets room enough (the `<bits/stdc++.h>` header takes ~4–8 s of CPU, ~420 MB). */
const BUILD_LIMITS: JailLimits = {
  cpuMs: 120_000,
  wallMs: 300_000,
  memoryBytes: 2 ** 31,
  processes: 32,
  openFiles: 256,
  fileBytes: 512 * 2 ** 20,
  outputBytes: 1 << 20,
};

async function buildStep(steps: BuildSteps, dir: string, commands: readonly string[], what: string): Promise<void> {
  const result = await steps.jail({ argv: ['/bin/sh', '-c', commands.join(' && ')], dir, limits: BUILD_LIMITS });
  if (result.exitCode === 0) return;
  // Say how it ended too: a build the jail stopped (time, memory) or a signal writes nothing on stderr.
  const ended = `exit ${result.exitCode ?? '-'}, signal ${result.signal ?? '-'}, stopped for ${result.killedFor ?? '-'}, ${Math.round(result.wallMs)} ms`;
  throw new Error(`${what} did not build (${ended}): ${result.stderr.slice(0, 2000)}`);
}

/** The harness runtime's objects, and for C++ the precompiled header of STD_HEADERS (decision 723). */
async function buildRuntime(language: 'c' | 'cpp', steps: BuildSteps): Promise<CFamilyCache> {
  const dir = await steps.outputDir();
  await writeFile(join(dir, 'runtime.c'), C_RUNTIME_SOURCE);
  const commands = ['/usr/bin/gcc -std=c17 -O0 -g1 -gdwarf-4 -c runtime.c -o c-runtime.o'];
  const objects = ['c-runtime.o'];
  if (language === 'cpp') {
    await writeFile(join(dir, 'terminate.cpp'), CPP_RUNTIME_SOURCE);
    await writeFile(join(dir, STD_HEADER), STD_HEADERS.map((name) => `#include <${name}>\n`).join(''));
    commands.push(`/usr/bin/g++ ${CPP_FLAGS.join(' ')} -c terminate.cpp -o cpp-runtime.o`);
    commands.push(`/usr/bin/g++ ${CPP_FLAGS.join(' ')} -x c++-header ${STD_HEADER} -o ${STD_HEADER}.gch`);
    objects.push('cpp-runtime.o');
  }
  await buildStep(steps, dir, commands, `The ${language} harness runtime`);
  return {
    mounts: [{ host: dir, jail: CACHE_IN_JAIL }],
    flags: language === 'cpp' ? ['-include', `${CACHE_IN_JAIL}/${STD_HEADER}`] : [],
    objects: objects.map((file) => `${CACHE_IN_JAIL}/${file}`),
  };
}

/**
 * `<bits/stdc++.h>` precompiled (decision 1042): every standard header, which competitive programmers include first.
 * Parsed from its text it costs g++ ~3.7 s of CPU against ~0.3 s with the usual headers' precompiled header; read
 * from this one (140 MB, built once per process in ~4–8 s of CPU) it costs about as much as those.
 */
async function buildEveryHeader(steps: BuildSteps): Promise<CFamilyCache> {
  const dir = await steps.outputDir();
  await writeFile(join(dir, EVERY_HEADER), '#include <bits/stdc++.h>\n');
  await buildStep(steps, dir, [`/usr/bin/g++ ${CPP_FLAGS.join(' ')} -x c++-header ${EVERY_HEADER} -o ${EVERY_HEADER}.gch`], 'The <bits/stdc++.h> header');
  return { mounts: [{ host: dir, jail: EVERY_HEADER_IN_JAIL }], flags: ['-include', `${EVERY_HEADER_IN_JAIL}/${EVERY_HEADER}`], objects: [] };
}

const STD_HEADER = 'assay-std.hpp';
const EVERY_HEADER = 'assay-bits.hpp';
const EVERY_HEADER_IN_JAIL = '/opt/assay-bits';

/** The builds every C and C++ run shares, once per process (decision 1040). */
export const C_RUNTIME = new SharedBuild('the C compiler', (steps) => buildRuntime('c', steps));
export const CPP_RUNTIME = new SharedBuild('the C++ compiler', (steps) => buildRuntime('cpp', steps));
export const CPP_EVERY_HEADER = new SharedBuild('the C++ compiler', buildEveryHeader);

/** A source that includes `<bits/stdc++.h>` (the directive, wherever it is: a compile of it reads the whole library). */
export const includesEveryHeader = (code: string): boolean => /^[ \t]*#[ \t]*include[ \t]*[<"]bits\/stdc\+\+\.h[>"]/m.test(code);

/**
 * What a C++ compile of `code` uses: the runtime's objects and, as its precompiled header, `<bits/stdc++.h>`'s when the
 * code includes it (g++ reads one precompiled header per compile, and only through the first include: the candidate's
 * own `#include <bits/stdc++.h>` comes after the harness's lines, so it is given with `-include`; the candidate's then
 * finds every header already read), the usual headers' otherwise.
 */
export async function cppCache(code: string, context: Pick<NativeContext, 'shared'>): Promise<CFamilyCache> {
  const runtime = await context.shared(CPP_RUNTIME);
  if (!includesEveryHeader(code)) return runtime;
  const every = await context.shared(CPP_EVERY_HEADER);
  return { mounts: [...runtime.mounts, ...every.mounts], flags: every.flags, objects: runtime.objects };
}
