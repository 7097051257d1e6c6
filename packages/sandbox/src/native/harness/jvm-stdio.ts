import { capLog } from '../../outcome.js';
import type { JailSpec } from '../jail-spec.js';
import type { NativeCaseResult, NativeContext, NativeRunResult } from '../native-language.js';

/**
 * The stdio form of a compiled language: one jailed process per case, the case's input on stdin (decision 714).
 * A case's report is what it printed and its exit code; its log is what it wrote on stderr.
 */
export async function stdioCases(
  inputs: readonly string[],
  context: NativeContext,
  specOf: (stdin: string) => Pick<JailSpec, 'argv' | 'dir' | 'stdin' | 'env'>,
): Promise<NativeRunResult> {
  const cases: NativeCaseResult[] = [];
  for (const [index, stdin] of inputs.entries()) {
    context.phase({ step: 'running', case: index + 1, of: inputs.length });
    const result = await context.stdioCase({ ...specOf(stdin), readOnlyBox: true });
    const cut = Buffer.byteLength(result.stderr, 'utf8') > context.maxLogBytes;
    const log = capLog(result.stderr, cut, context.maxLogBytes);
    const report: NativeCaseResult['report'] =
      result.killedFor === 'wall' || result.killedFor === 'cpu' || result.killedFor === 'cancelled'
        ? { kind: 'time' }
        : result.killedFor === 'memory'
          ? { kind: 'memory' }
          : result.killedFor === 'output'
            ? { kind: 'output' }
            : { kind: 'stdout', text: result.stdout, exitCode: result.exitCode };
    cases.push({ report, log, logCut: cut, timeMs: Math.round(result.wallMs) });
  }
  return { kind: 'ran', cases };
}
