import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { csharpTypeText, parsedSignature } from '@assay/domain/languages';
import { caseResultsOf, newMarker } from '../harness-protocol.js';
import { CASES_FILE, caseData, caseDataRefused } from '../harness/case-data.js';
import { type CsharpCompileOutcome, csharpCompiler, csharpRequest } from '../harness/csharp-compiler.js';
import { CSHARP_CASE_RULES, CSHARP_HARNESS_CLASS, CSHARP_HARNESS_FILE, csharpHarness } from '../harness/csharp-harness.js';
import { CSHARP_RUNTIME, CSHARP_RUNTIME_FILE } from '../harness/csharp-runtime.js';
import { compileErrorOf } from '../harness/jvm-diagnostics.js';
import { stdioCases } from '../harness/jvm-stdio.js';
import { WarmCompilers } from '../harness/jvm-warm-compiler.js';
import type { JailLimits } from '../jail-spec.js';
import type { NativeContext, NativeLanguage, NativeToolchain, NativeRunInput, NativeRunResult } from '../native-language.js';

/** What csharp needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const CSHARP_TOOLCHAIN: NativeToolchain = { commands: ['/usr/bin/mono', '/usr/bin/mcs'], debianPackages: ['mono-mcs', 'mono-runtime'], etc: ['/etc/mono'] };

const SOURCE_FILE = 'Solution.cs';
const PROGRAM = 'Run.exe';

/**
 * Two warm mcs servers per process (decision 712): a C# compile costs more CPU than the run, so one server would cap
 * a busy machine's C# runs; Mono's server holds ~60 MB.
 */
let compiler: WarmCompilers<CsharpCompileOutcome> | undefined;
const mcs = (): WarmCompilers<CsharpCompileOutcome> => {
  compiler ??= new WarmCompilers(2, () => csharpCompiler(CSHARP_TOOLCHAIN.etc));
  return compiler;
};

/** Mono's environment for a run (decision 713): SGen's heap capped at half the run's memory. */
export function monoEnv(limits: JailLimits): Record<string, string> {
  const heapMiB = Math.max(16, Math.floor(limits.memoryBytes / 2 / 1024 / 1024));
  return { MONO_GC_PARAMS: `max-heap-size=${heapMiB}m` };
}

/** mcs flags: debug info for the candidate's line numbers in traces, UTF-8 sources, the harness's entry point. */
const MCS_FLAGS = ['-nologo', '-debug', '-codepage:utf8', '-target:exe', `-out:${PROGRAM}`];

async function compile(
  args: string[],
  files: { name: string; text: string }[],
  context: NativeContext,
  expected: string | undefined,
): Promise<{ dir: string } | NativeRunResult> {
  const compiler = mcs();
  // Waiting for the compiler (its start, other runs' compiles) is not this run's time (decision 1041).
  if (!compiler.ready) context.phase({ step: 'preparing', what: 'the C# compiler' });
  const outcome = await context.waitShared(
    compiler.compile(csharpRequest(args, files), context.compileLimits, { signal: context.signal, onStarted: () => context.phase({ step: 'compiling' }) }),
  );
  if (outcome.kind === 'limit') return { kind: 'compileError', diagnostics: [{ message: outcome.message }], output: outcome.message };
  if (outcome.kind === 'fault') return outcome;
  if (outcome.kind === 'failed') return compileErrorOf(outcome.diagnostics, SOURCE_FILE, expected);
  const dir = await context.scratchDir();
  for (const [name, bytes] of outcome.files) await writeFile(join(dir, name), bytes);
  return { dir };
}

async function runFunction(input: Extract<NativeRunInput, { form: 'function' }>, context: NativeContext): Promise<NativeRunResult> {
  if (input.signature === undefined) {
    const message = 'A C# function question needs a typed signature';
    return { kind: 'compileError', diagnostics: [{ message }], output: message };
  }
  let cases: Buffer;
  try {
    cases = caseData(input.signature, input.argsJson, CSHARP_CASE_RULES);
  } catch (error) {
    return caseDataRefused(error);
  }
  const typed = parsedSignature(input.signature);
  const expected = `public static ${csharpTypeText(typed.returns)} ${input.functionName}(${typed.params.map((p) => `${csharpTypeText(p.type)} ${p.name}`).join(', ')}) in class Solution`;
  const files = [
    { name: SOURCE_FILE, text: input.code },
    { name: CSHARP_RUNTIME_FILE, text: CSHARP_RUNTIME },
    { name: CSHARP_HARNESS_FILE, text: csharpHarness(input.functionName, input.signature) },
  ];
  const built = await compile([...MCS_FLAGS, `-main:${CSHARP_HARNESS_CLASS}`, ...files.map((f) => f.name)], files, context, expected);
  if ('kind' in built) return built;
  await writeFile(join(built.dir, CASES_FILE), cases);
  const marker = newMarker();
  context.phase({ step: 'running', of: input.argsJson.length });
  const result = await context.jail({
    argv: ['/usr/bin/mono', '--debug', `/box/${PROGRAM}`, marker],
    dir: built.dir,
    readOnlyBox: true,
    env: monoEnv(context.runLimits),
    limits: context.runLimits,
    signal: context.signal,
  });
  return { kind: 'ran', cases: caseResultsOf(result, input.argsJson.length, marker, context.maxLogBytes) };
}

async function runStdio(input: Extract<NativeRunInput, { form: 'stdio' }>, context: NativeContext): Promise<NativeRunResult> {
  const files = [{ name: SOURCE_FILE, text: input.code }];
  const built = await compile([...MCS_FLAGS, SOURCE_FILE], files, context, 'static void Main() in class Solution');
  if ('kind' in built) return built;
  return stdioCases(input.inputs, context, (stdin) => ({
    argv: ['/usr/bin/mono', '--debug', `/box/${PROGRAM}`],
    dir: built.dir,
    env: monoEnv(context.runLimits),
    stdin,
  }));
}

/** C# on Mono (Debian's mono-mcs and mono-runtime): a warm jailed mcs, then one jailed Mono per run or stdio case. */
export const csharpLanguage: NativeLanguage<'csharp'> = {
  id: 'csharp',
  toolchain: CSHARP_TOOLCHAIN,
  execute: (input, context) => (input.form === 'function' ? runFunction(input, context) : runStdio(input, context)),
  warm: () => mcs().warm(),
  close: async () => {
    await compiler?.close();
    compiler = undefined;
  },
};
