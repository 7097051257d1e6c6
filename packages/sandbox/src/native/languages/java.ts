import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { javaTypeText, parsedSignature } from '@assay/domain/languages';
import { caseResultsOf, newMarker } from '../harness-protocol.js';
import { CASES_FILE, caseData, caseDataRefused } from '../harness/case-data.js';
import { type JavaCompileOutcome, javaCompiler, javaRequest } from '../harness/java-compiler.js';
import { JAVA_CASE_RULES, JAVA_MAIN_CLASS, JAVA_MAIN_FILE, javaMain } from '../harness/java-harness.js';
import { compileErrorOf } from '../harness/jvm-diagnostics.js';
import { stdioCases } from '../harness/jvm-stdio.js';
import type { JailLimits } from '../jail-spec.js';
import type { WarmCompiler } from '../harness/jvm-warm-compiler.js';
import type { NativeContext, NativeLanguage, NativeToolchain, NativeRunInput, NativeRunResult } from '../native-language.js';

/** What java needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const JAVA_TOOLCHAIN: NativeToolchain = {
  commands: ['/usr/bin/java', '/usr/bin/javac'],
  debianPackages: ['openjdk-17-jdk-headless'],
  etc: ['/etc/java-17-openjdk'],
};

const SOURCE_FILE = 'Solution.java';

/** One warm compiler per process (decision 712), started on first use or by warm(). */
let compiler: WarmCompiler<JavaCompileOutcome> | undefined;
const javac = (): WarmCompiler<JavaCompileOutcome> => {
  compiler ??= javaCompiler(JAVA_TOOLCHAIN.etc);
  return compiler;
};

/**
 * The JVM of a run (decision 713): serial GC and C1 only (a run is short), class-data sharing, no perf-data file;
 * the heap is half the run's memory (the rest is metaspace, code cache and thread stacks); a 32 MB stack for
 * recursive answers.
 */
export function javaRunFlags(limits: JailLimits): string[] {
  const heapMiB = Math.max(16, Math.floor(limits.memoryBytes / 2 / 1024 / 1024));
  return [
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-XX:CICompilerCount=1',
    '-Xshare:auto',
    '-XX:-UsePerfData',
    `-Xmx${heapMiB}m`,
    '-XX:MaxMetaspaceSize=64m',
    '-XX:ReservedCodeCacheSize=32m',
    '-Xss32m',
    '-Dfile.encoding=UTF-8',
    '-Dsun.stdout.encoding=UTF-8',
    '-Dsun.stderr.encoding=UTF-8',
  ];
}

async function compile(
  files: { name: string; text: string }[],
  context: NativeContext,
  expected: string | undefined,
): Promise<{ dir: string } | NativeRunResult> {
  const compiler = javac();
  // Waiting for the compiler (its start, other runs' compiles) is not this run's time (decision 1041).
  if (!compiler.ready) context.phase({ step: 'preparing', what: 'the Java compiler' });
  const outcome = await context.waitShared(
    compiler.compile(javaRequest(files), context.compileLimits, { signal: context.signal, onStarted: () => context.phase({ step: 'compiling' }) }),
  );
  if (outcome.kind === 'limit') return { kind: 'compileError', diagnostics: [{ message: outcome.message }], output: outcome.message };
  if (outcome.kind === 'fault') return outcome;
  if (outcome.kind === 'failed') {
    const raw = outcome.diagnostics.map((d) => ({ error: d.kind === 'ERROR', file: d.file, line: d.line, column: d.column, message: d.message }));
    return compileErrorOf(raw, SOURCE_FILE, expected);
  }
  const dir = await context.scratchDir();
  for (const [name, bytes] of outcome.classes) {
    const path = join(dir, `${name.replaceAll('.', '/')}.class`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }
  return { dir };
}

async function runFunction(input: Extract<NativeRunInput, { form: 'function' }>, context: NativeContext): Promise<NativeRunResult> {
  if (input.signature === undefined) {
    const message = 'A Java function question needs a typed signature';
    return { kind: 'compileError', diagnostics: [{ message }], output: message };
  }
  let cases: Buffer;
  try {
    cases = caseData(input.signature, input.argsJson, JAVA_CASE_RULES);
  } catch (error) {
    return caseDataRefused(error);
  }
  const typed = parsedSignature(input.signature);
  const expected = `public static ${javaTypeText(typed.returns)} ${input.functionName}(${typed.params.map((p) => `${javaTypeText(p.type)} ${p.name}`).join(', ')}) in class Solution`;
  const files = [
    { name: SOURCE_FILE, text: input.code },
    { name: JAVA_MAIN_FILE, text: javaMain(input.functionName, input.signature) },
  ];
  const built = await compile(files, context, expected);
  if ('kind' in built) return built;
  await writeFile(join(built.dir, CASES_FILE), cases);
  const marker = newMarker();
  context.phase({ step: 'running', of: input.argsJson.length });
  const result = await context.jail({
    argv: ['/usr/bin/java', ...javaRunFlags(context.runLimits), '-cp', '/box', JAVA_MAIN_CLASS, marker],
    dir: built.dir,
    readOnlyBox: true,
    limits: context.runLimits,
    signal: context.signal,
  });
  return { kind: 'ran', cases: caseResultsOf(result, input.argsJson.length, marker, context.maxLogBytes) };
}

async function runStdio(input: Extract<NativeRunInput, { form: 'stdio' }>, context: NativeContext): Promise<NativeRunResult> {
  const built = await compile([{ name: SOURCE_FILE, text: input.code }], context, 'public static void main(String[] args) in class Solution');
  if ('kind' in built) return built;
  return stdioCases(input.inputs, context, (stdin) => ({
    argv: ['/usr/bin/java', ...javaRunFlags(context.runLimits), '-cp', '/box', 'Solution'],
    dir: built.dir,
    stdin,
  }));
}

/** Java 17 (Debian's OpenJDK): a warm jailed javac, then one jailed JVM per run (function) or per case (stdio). */
export const javaLanguage: NativeLanguage<'java'> = {
  id: 'java',
  toolchain: JAVA_TOOLCHAIN,
  reservesAddressSpace: true,
  execute: (input, context) => (input.form === 'function' ? runFunction(input, context) : runStdio(input, context)),
  warm: () => javac().warm(),
  close: async () => {
    await compiler?.close();
    compiler = undefined;
  },
};
