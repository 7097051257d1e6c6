import type { JailLimits, JailResult } from './jail-spec.js';
import type { NativeRunResult } from './native-language.js';

/**
 * A compile the jail stopped, in words that are true (decision 1044). A compile has `cpuMs` of processor time and a
 * wall clock twice that long: when the processor time runs out, the code costs the compiler that much and the
 * candidate is told so; when the wall clock runs out first, the server was too busy to give the compiler its time,
 * which is not the code's doing, so the answer is not judged (a fault: run again, scored again later).
 */
export function compileStop(result: JailResult, limits: JailLimits): Extract<NativeRunResult, { kind: 'compileError' | 'fault' }> | undefined {
  // RLIMIT_CPU's soft limit is SIGXCPU; its hard one, a second later, SIGKILL: a compiler driver (gcc, clang) reports
  // either (clang's front end catches SIGXCPU, so the SIGKILL is what ends it).
  const outOfCpu =
    result.killedFor === 'cpu' || /CPU time limit exceeded|Killed signal terminated program|unable to execute command: Killed/.test(result.stderr);
  if (outOfCpu) return compileLimitError(cpuTimeMessage(limits.cpuMs));
  if (result.killedFor === 'wall') return { kind: 'fault', message: busyMessage(limits) };
  return undefined;
}

/** The compile used all of its processor time. */
export const cpuTimeMessage = (cpuMs: number): string =>
  `Compiling took more than the ${seconds(cpuMs)} s of processor time a compile may use, so it was stopped: something in this code costs the compiler that much (templates or constexpr evaluated at compile time, deeply nested generic calls or lambdas, a very large initialiser?)`;

/** The server was too busy for the compile to have its processor time within its wall clock: not judged. */
export const busyMessage = (limits: Pick<JailLimits, 'cpuMs' | 'wallMs'>): string =>
  `The server was too busy to compile this code: ${seconds(limits.wallMs)} s passed before the compiler could use its ${seconds(limits.cpuMs)} s of processor time. The code was not judged; run it again.`;

const compileLimitError = (message: string): Extract<NativeRunResult, { kind: 'compileError' }> => ({
  kind: 'compileError',
  diagnostics: [{ message }],
  output: message,
});

const seconds = (ms: number): number => Math.round(ms / 1000);
