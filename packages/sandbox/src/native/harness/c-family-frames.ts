import type { NativeCaseResult, NativeContext } from '../native-language.js';

/**
 * A crash or an uncaught exception reaches the host as the raw return addresses of the stack (`@frames 0x… 0x…`,
 * see c-family-runtime.ts). Programs are linked without PIE and with line tables (-g1), so one jailed addr2line
 * over the program names each frame's function and line; the candidate sees only the frames of their own file,
 * and the case's position is the innermost of them (decision 724). Runs without a crash never pay for it.
 */
const FRAMES = '@frames';

export async function nameFrames(
  cases: readonly NativeCaseResult[],
  program: { readonly dir: string; readonly path: string },
  sourceFile: string,
  context: NativeContext,
): Promise<NativeCaseResult[]> {
  const addresses = new Set<string>();
  for (const result of cases) for (const address of framesOf(result)) addresses.add(address);
  if (addresses.size === 0) return [...cases];
  const list = [...addresses];
  const named = new Map<string, { fn: string; line: number }>();
  const lookup = await context.jail({
    argv: ['/usr/bin/addr2line', '-f', '-C', '-e', program.path, ...list.map((address) => `0x${(BigInt(address) - 1n).toString(16)}`)],
    dir: await context.scratchDir(),
    readOnly: [{ host: program.dir, jail: '/opt/prog' }],
    limits: context.compileLimits,
    signal: context.signal,
  });
  const lines = lookup.stdout.split('\n');
  list.forEach((address, index) => {
    const fn = lines[index * 2] ?? '??';
    const where = /([^/\s]+):(\d+)/.exec(lines[index * 2 + 1] ?? '');
    if (where?.[1] === sourceFile) named.set(address, { fn, line: Number(where[2]) });
  });
  return cases.map((result) => {
    const frames = framesOf(result);
    if (frames.length === 0 || result.report.kind !== 'error') return result;
    const own = frames.flatMap((address) => named.get(address) ?? []);
    const { trace: _raw, position: _none, ...report } = result.report;
    if (own.length === 0) return { ...result, report };
    const trace = collapse(own.map((frame) => `at ${frame.fn} (${sourceFile}:${frame.line})`)).join('\n');
    // A backtrace names lines, never columns (decision 1103).
    return { ...result, report: { ...report, ...(own[0] ? { position: { line: own[0].line } } : {}), trace } };
  });
}

function framesOf(result: NativeCaseResult): string[] {
  const report = result.report;
  if (report.kind !== 'error' || report.trace === undefined || !report.trace.startsWith(FRAMES)) return [];
  return report.trace
    .slice(FRAMES.length)
    .trim()
    .split(/\s+/)
    .filter((address) => /^0x[0-9a-f]+$/i.test(address));
}

/** Endless recursion fills the stack with one frame: said once with its count. */
function collapse(frames: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < frames.length; ) {
    let j = i;
    while (frames[j + 1] === frames[i]) j++;
    out.push(j > i ? `${frames[i]} (× ${j - i + 1})` : (frames[i] ?? ''));
    i = j + 1;
  }
  return out;
}
