import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Signature } from '@assay/domain/languages';
import { capLog } from '../../outcome.js';
import { caseResultsOf, newMarker } from '../harness-protocol.js';
import type { JailResult } from '../jail-spec.js';
import type { NativeCaseResult, NativeContext, NativeRunInput, NativeRunResult } from '../native-language.js';
import type { CFamilyCache } from './c-family-cache.js';
import { compileFailure } from './c-family-diagnostics.js';
import { nameFrames } from './c-family-frames.js';
import { C_FAMILY_CASE_RULES, SignatureNotSupported } from './c-family-harness.js';
import { CASES_FILE, CaseDataMismatch, caseData, caseDataRefused } from './case-data.js';

/** How C and C++ differ; the steps (compile once, run the cases, name the frames of a crash) are shared. */
export interface CFamilyToolchain {
  readonly sourceFile: 'solution.c' | 'solution.cpp';
  readonly harnessFile: 'main.c' | 'main.cpp';
  readonly compiler: string;
  readonly flags: readonly string[];
  /** The shared builds a compile of `code` uses (the runtime, a precompiled header, C++'s harness object of `signature`). */
  cache(code: string, context: NativeContext, signature?: Signature): Promise<CFamilyCache>;
  /** The generated main.c(pp); throws SignatureNotSupported for a question it cannot run. */
  harness(functionName: string, signature: Signature): string;
  /** The function as the question gives it in this language (for the message when the harness cannot call it). */
  declaration(functionName: string, signature: Signature): string;
}

const PROGRAM_DIR = '/opt/prog';

export async function executeCFamily(toolchain: CFamilyToolchain, input: NativeRunInput, context: NativeContext): Promise<NativeRunResult> {
  let harness: string | undefined;
  let cases: Buffer | undefined;
  if (input.form === 'function') {
    try {
      if (input.signature === undefined) throw new SignatureNotSupported('this question has no typed signature, which C and C++ need');
      harness = toolchain.harness(input.functionName, input.signature);
      cases = caseData(input.signature, input.argsJson, C_FAMILY_CASE_RULES);
    } catch (error) {
      if (error instanceof CaseDataMismatch) return caseDataRefused(error);
      if (!(error instanceof SignatureNotSupported)) throw error;
      const message = `This question cannot run in this language: ${error.message}`;
      return { kind: 'compileError', diagnostics: [{ message }], output: message };
    }
  }
  const cache = await toolchain.cache(input.code, context, input.form === 'function' ? input.signature : undefined);
  const dir = await context.scratchDir();
  await writeFile(join(dir, toolchain.sourceFile), input.code);
  if (harness !== undefined) await writeFile(join(dir, toolchain.harnessFile), harness);
  const sources = [...(harness !== undefined ? [toolchain.harnessFile, ...cache.objects] : [toolchain.sourceFile]), ...cache.archives];
  context.phase({ step: 'compiling' });
  const compiled = await context.jail({
    argv: [
      '/usr/bin/prlimit',
      `--as=${context.compileLimits.memoryBytes}`,
      '--',
      toolchain.compiler,
      ...toolchain.flags,
      ...cache.flags,
      ...sources,
      '-o',
      'prog',
      '-lm',
    ],
    dir,
    readOnly: cache.mounts,
    // ASCII quotes in diagnostics (the page shows them as they are).
    env: { LC_ALL: 'C' },
    limits: context.compileLimits,
    signal: context.signal,
  });
  const failure = compileFailure(compiled, {
    sourceFile: toolchain.sourceFile,
    source: input.code,
    limits: context.compileLimits,
    ...(input.form === 'function' && input.signature !== undefined
      ? { functionName: input.functionName, declaration: toolchain.declaration(input.functionName, input.signature) }
      : {}),
  });
  if (failure !== undefined) return failure;
  const program = { dir, path: `${PROGRAM_DIR}/prog` };
  if (input.form === 'stdio') return { kind: 'ran', cases: await runStdio(program, input.inputs, context) };
  const marker = newMarker();
  const count = input.argsJson.length;
  const perCaseSeconds = Math.max(1, Math.ceil(context.runLimits.cpuMs / Math.max(1, count) / 1000));
  const box = await context.scratchDir();
  await writeFile(join(box, CASES_FILE), cases ?? '');
  context.phase({ step: 'running', of: count });
  const ran = await context.jail({
    argv: [program.path, marker, String(perCaseSeconds)],
    dir: box,
    readOnlyBox: true,
    readOnly: [{ host: dir, jail: PROGRAM_DIR }],
    limits: context.runLimits,
    signal: context.signal,
  });
  const results = withCaseLimits(caseResultsOf(ran, count, marker, context.maxLogBytes), ran);
  return { kind: 'ran', cases: await nameFrames(results, program, toolchain.sourceFile, context) };
}

/** A case its own CPU limit stopped (`"limit":"time"` from the runtime) is a time limit, like a run the jail stopped. */
function withCaseLimits(cases: NativeCaseResult[], ran: JailResult): NativeCaseResult[] {
  const timed = new Set<number>();
  for (const text of ran.results.split('\n')) {
    if (!text.includes('"limit":"time"')) continue;
    try {
      const line = JSON.parse(text) as { case?: number; limit?: string };
      if (line.limit === 'time' && typeof line.case === 'number') timed.add(line.case);
    } catch {
      // a torn line: caseResultsOf already answered it
    }
  }
  return cases.map((result, index) => (timed.has(index) ? { ...result, report: { kind: 'time' } } : result));
}

/** The stdio form: the program built once, each case a fresh jail fed its input. */
async function runStdio(program: { dir: string; path: string }, inputs: readonly string[], context: NativeContext): Promise<NativeCaseResult[]> {
  const results: NativeCaseResult[] = [];
  for (const [index, stdin] of inputs.entries()) {
    context.phase({ step: 'running', case: index + 1, of: inputs.length });
    const ran = await context.stdioCase({
      argv: [program.path],
      dir: await context.scratchDir(),
      readOnlyBox: true,
      readOnly: [{ host: program.dir, jail: PROGRAM_DIR }],
      stdin,
    });
    const cut = ran.outputCut || Buffer.byteLength(ran.stderr, 'utf8') > context.maxLogBytes;
    const log = capLog(ran.stderr, cut, context.maxLogBytes);
    results.push({ report: stdioReport(ran), log, logCut: cut, timeMs: ran.wallMs });
  }
  return results;
}

const SIGNALS: Readonly<Record<number, string>> = { 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 24: 'SIGXCPU' };

function stdioReport(ran: JailResult): NativeCaseResult['report'] {
  switch (ran.killedFor) {
    case 'wall':
    case 'cpu':
    case 'cancelled':
      return { kind: 'time' };
    case 'memory':
      return { kind: 'memory' };
    case 'output':
      return { kind: 'output' };
    case null:
      break;
  }
  // bubblewrap's init answers a child killed by signal n with exit code 128 + n.
  const signal = ran.signal ?? (ran.exitCode !== null && ran.exitCode > 128 ? SIGNALS[ran.exitCode - 128] : undefined);
  if (signal === 'SIGXCPU') return { kind: 'time' };
  if (signal !== undefined)
    return { kind: 'error', message: `The program was killed by ${signal}${signal === 'SIGSEGV' ? ' (an invalid memory access or a stack overflow)' : ''}` };
  return { kind: 'stdout', text: ran.stdout, exitCode: ran.exitCode };
}
