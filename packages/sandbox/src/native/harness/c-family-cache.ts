import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Signature } from '@assay/domain/languages';
import type { JailLimits, JailSpec } from '../jail-spec.js';
import type { NativeContext } from '../native-language.js';
import { type BuildSteps, SharedBuild } from '../shared-build.js';
import { cppHarnessObjectSource } from './c-family-harness.js';
import { C_RUNTIME_SOURCE, CPP_RUNTIME_SOURCE } from './c-family-runtime.js';
import { CPP_LIBRARY_ARCHIVE, cppInstantiationSources, cppInstantiationsTail } from './cpp-instantiations.js';

/**
 * What every C and C++ compile reuses, built once per process in a jail of its own (decision 1040) and kept read-only
 * at /opt/assay (decision 723): the harness runtime as object files, and for C++ a precompiled header of the standard
 * library most answers include (clang's `.pch`, given with `-include-pch`; it must be built with the same -std, -O
 * and -g as the programs that use it), and another of `<bits/stdc++.h>` (decision 1042), both ending with the library's
 * common instantiations, which `libassay-std.a` defines for every C++ program (decision 1402). Without them a C++ compile
 * costs ~0.4 s more, or ~3.5 s with `<bits/stdc++.h>`. Line tables are DWARF 4: Debian 12's addr2line names the
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
/**
 * C++ is Debian's clang 14 (decision 1397): against g++ 12 it spends ~1/3 less CPU a compile, mostly because its
 * precompiled header is read lazily and, built with `-fpch-instantiate-templates`, carries the standard library's own
 * template instantiations that g++ redoes in every compile (~0.1 s of an empty file). Plain diagnostics: no caret
 * lines, no colours, no fix-its, no option names (what g++'s `-fdiagnostics-plain-output` gave). constexpr evaluation
 * keeps clang's own bound (1,048,576 steps, a few seconds of CPU: its evaluator is slower than g++'s).
 */
export const CPP_FLAGS = [
  '-std=c++20',
  '-O0',
  '-g1',
  '-gdwarf-4',
  '-no-pie',
  '-fuse-ld=gold',
  '-fno-caret-diagnostics',
  '-fno-color-diagnostics',
  '-fno-diagnostics-fixit-info',
  '-fno-diagnostics-show-option',
  '-ferror-limit=20',
  '-ftemplate-depth=1024',
  // A compiler stopped at its processor time writes no reproducer files (it would spend the time copying the source).
  '-fno-crash-diagnostics',
];

/** The C++ compiler (decision 1397). */
export const CPP_COMPILER = '/usr/bin/clang++';

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
  /** Archives every program links, stdio ones too, after its objects (C++: the library's instantiations, decision 1402). */
  readonly archives: readonly string[];
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

async function buildStep(steps: BuildSteps, where: Pick<JailSpec, 'dir' | 'readOnly'>, commands: readonly string[], what: string): Promise<void> {
  const result = await steps.jail({ argv: ['/bin/sh', '-c', commands.join(' && ')], ...where, limits: BUILD_LIMITS });
  if (result.exitCode === 0) return;
  // Say how it ended too: a build the jail stopped (time, memory) or a signal writes nothing on stderr.
  const ended = `exit ${result.exitCode ?? '-'}, signal ${result.signal ?? '-'}, stopped for ${result.killedFor ?? '-'}, ${Math.round(result.wallMs)} ms`;
  throw new Error(`${what} did not build (${ended}): ${result.stderr.slice(0, 2000)}`);
}

/** The harness runtime's objects, and for C++ the precompiled header of STD_HEADERS (decision 723). */
async function buildRuntime(language: 'c' | 'cpp', steps: BuildSteps): Promise<CFamilyCache> {
  const dir = await steps.outputDir();
  await writeFile(join(dir, 'runtime.c'), C_RUNTIME_SOURCE);
  if (language === 'c') {
    await buildStep(steps, { dir }, ['/usr/bin/gcc -std=c17 -O0 -g1 -gdwarf-4 -c runtime.c -o c-runtime.o'], 'The c harness runtime');
    return { mounts: [{ host: dir, jail: CACHE_IN_JAIL }], flags: [], objects: [`${CACHE_IN_JAIL}/c-runtime.o`], archives: [] };
  }
  await writeFile(join(dir, 'terminate.cpp'), CPP_RUNTIME_SOURCE);
  await writeFile(join(dir, STD_HEADER), `${STD_HEADERS.map((name) => `#include <${name}>\n`).join('')}${cppInstantiationsTail()}`);
  const members = cppInstantiationSources();
  await Promise.all(members.map(({ file, source }) => writeFile(join(dir, file), source)));
  const pch = `${CACHE_IN_JAIL}/${STD_HEADER}.pch`;
  const commands = [
    `${CPP_COMPILER} -x c -std=c17 -O0 -g1 -gdwarf-4 -c runtime.c -o c-runtime.o`,
    `${CPP_COMPILER} ${CPP_FLAGS.join(' ')} -c terminate.cpp -o cpp-runtime.o`,
    precompile(CACHE_IN_JAIL, STD_HEADER),
    // No line tables in the library's members: a crash's frames are named in the candidate's file (decision 1402).
    ...members.map(({ file }) => `${CPP_COMPILER} ${CPP_FLAGS.join(' ')} -g0 -include-pch ${pch} -c ${file} -o ${file.replace(/\.cpp$/, '.o')}`),
    `/usr/bin/ar rcs ${CPP_LIBRARY_ARCHIVE} ${members.map(({ file }) => file.replace(/\.cpp$/, '.o')).join(' ')}`,
  ];
  await buildStep(steps, { dir, readOnly: [{ host: dir, jail: CACHE_IN_JAIL }] }, commands, 'The cpp harness runtime');
  return {
    mounts: [{ host: dir, jail: CACHE_IN_JAIL }],
    flags: ['-include-pch', pch],
    objects: ['c-runtime.o', 'cpp-runtime.o'].map((file) => `${CACHE_IN_JAIL}/${file}`),
    archives: [`${CACHE_IN_JAIL}/${CPP_LIBRARY_ARCHIVE}`],
  };
}

/**
 * clang's precompiled header of a header read where every compile will find it (`jailDir`): clang checks the header
 * it was built from at that path, so the build binds its output there too. `-fpch-instantiate-templates`: the
 * standard library's instantiations are made once, in the header, not in every compile (decision 1397).
 */
const precompile = (jailDir: string, header: string): string =>
  `${CPP_COMPILER} ${CPP_FLAGS.join(' ')} -fpch-instantiate-templates -x c++-header ${jailDir}/${header} -o ${header}.pch`;

/**
 * `<bits/stdc++.h>` precompiled (decision 1042): every standard header, which competitive programmers include first.
 * Parsed from its text it costs ~3.7 s of CPU against ~0.3 s with the usual headers' precompiled header; read
 * from this one (built once per process in a few seconds of CPU) it costs about as much as those.
 */
async function buildEveryHeader(steps: BuildSteps): Promise<CFamilyCache> {
  const dir = await steps.outputDir();
  await writeFile(join(dir, EVERY_HEADER), `#include <bits/stdc++.h>\n${cppInstantiationsTail()}`);
  await buildStep(
    steps,
    { dir, readOnly: [{ host: dir, jail: EVERY_HEADER_IN_JAIL }] },
    [precompile(EVERY_HEADER_IN_JAIL, EVERY_HEADER)],
    'The <bits/stdc++.h> header',
  );
  return {
    mounts: [{ host: dir, jail: EVERY_HEADER_IN_JAIL }],
    flags: ['-include-pch', `${EVERY_HEADER_IN_JAIL}/${EVERY_HEADER}.pch`],
    objects: [],
    archives: [],
  };
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
 * The C++ harness's fixed part for one signature, compiled once into an object every run of the question links
 * (decision 1401): a run then compiles only the candidate's file and the one-line adapter (~20 ms of CPU less a run).
 * Kept per process by the source's hash, the oldest dropped past HARNESS_OBJECTS.
 */
const HARNESS_OBJECTS = 256;
const HARNESS_IN_JAIL = '/opt/assay-harness';
const harnessObjects = new Map<string, SharedBuild<CFamilyCache>>();

function harnessObject(signature: Signature, runtime: CFamilyCache): SharedBuild<CFamilyCache> {
  const source = cppHarnessObjectSource(signature);
  const key = createHash('sha256').update(source).digest('hex');
  const known = harnessObjects.get(key);
  if (known !== undefined) return known;
  const build = new SharedBuild('the C++ compiler', async (steps) => {
    const dir = await steps.outputDir();
    await writeFile(join(dir, 'harness.cpp'), source);
    const compile = `${CPP_COMPILER} ${CPP_FLAGS.join(' ')} ${runtime.flags.join(' ')} -c harness.cpp -o harness.o`;
    await buildStep(steps, { dir, readOnly: runtime.mounts }, [compile], 'The C++ harness of this question');
    return { mounts: [{ host: dir, jail: HARNESS_IN_JAIL }], flags: [], objects: [`${HARNESS_IN_JAIL}/harness.o`], archives: [] };
  });
  harnessObjects.set(key, build);
  if (harnessObjects.size > HARNESS_OBJECTS) {
    const [oldest, dropped] = harnessObjects.entries().next().value as [string, SharedBuild<CFamilyCache>];
    harnessObjects.delete(oldest);
    void dropped.drop();
  }
  return build;
}

/** Drops every harness object (the language's close). */
export async function dropHarnessObjects(): Promise<void> {
  const builds = [...harnessObjects.values()];
  harnessObjects.clear();
  await Promise.all(builds.map((build) => build.drop()));
}

/**
 * What a C++ compile of `code` uses: the runtime's objects, the question's harness object (a function question) and,
 * as its precompiled header, `<bits/stdc++.h>`'s when the code includes it (a compile reads one precompiled header,
 * given with `-include-pch` before any line: the candidate's own `#include <bits/stdc++.h>` then finds every header
 * already read), the usual headers' otherwise.
 */
export async function cppCache(code: string, context: Pick<NativeContext, 'shared'>, signature?: Signature): Promise<CFamilyCache> {
  const runtime = await context.shared(CPP_RUNTIME);
  const harness = signature === undefined ? undefined : await context.shared(harnessObject(signature, runtime));
  const every = includesEveryHeader(code) ? await context.shared(CPP_EVERY_HEADER) : undefined;
  return {
    mounts: [...runtime.mounts, ...(harness?.mounts ?? []), ...(every?.mounts ?? [])],
    flags: every?.flags ?? runtime.flags,
    objects: [...runtime.objects, ...(harness?.objects ?? [])],
    archives: runtime.archives,
  };
}
