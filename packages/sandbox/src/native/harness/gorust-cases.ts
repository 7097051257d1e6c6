import { caseResultsOf, newMarker } from '../harness-protocol.js';
import type { JailLimits, JailResult, JailSpec } from '../jail-spec.js';
import type { NativeCaseResult, NativeContext } from '../native-language.js';

/**
 * Runs a function-form harness over every case. A process that dies during a case (a Rust or Go stack overflow, an
 * abort, PHP's fatal out-of-memory) loses that case only: the harness starts again from the next case in a fresh
 * jail, with what is left of the run's wall clock (decision 738). A run stopped by the jail (time, memory, output)
 * is not resumed — its budget is spent — and neither is a process that died before its first case began (it would
 * again). The harness takes the marker and the first case to run; the cases before it answer nothing.
 */
export async function runCases(
  context: NativeContext,
  cases: number,
  spec: (marker: string, first: number, limits: JailLimits) => JailSpec,
): Promise<{ readonly cases: NativeCaseResult[]; readonly firstRun: JailResult }> {
  const marker = newMarker();
  const results: NativeCaseResult[] = [];
  const started = performance.now();
  let firstRun: JailResult | undefined;
  context.phase({ step: 'running', of: cases });
  while (true) {
    const first = results.length;
    const wallMs = Math.round(context.runLimits.wallMs - (performance.now() - started));
    const ran = await context.jail({ ...spec(marker, first, { ...context.runLimits, wallMs: Math.max(1, wallMs) }), readOnlyBox: true });
    firstRun ??= ran;
    const got = caseResultsOf(ran, cases, marker, context.maxLogBytes);
    const answered = answeredCases(ran.results);
    let crashed = first;
    while (crashed < cases && answered.has(crashed)) crashed++;
    const resumable = crashed < cases - 1 && ran.killedFor === null && ran.stdout.includes(`${marker}${crashed}\n`) && wallMs > 0;
    results.push(...got.slice(first, resumable ? crashed + 1 : cases));
    if (!resumable || context.signal.aborted) return { cases: results, firstRun };
  }
}

function answeredCases(results: string): Set<number> {
  const answered = new Set<number>();
  for (const match of results.matchAll(/^\{"case":(\d+),/gm)) answered.add(Number(match[1]));
  return answered;
}
