import { languageProfile } from '@assay/domain/languages';
import { CASES_FILE, caseData, caseDataRefused } from '../harness/case-data.js';
import { GO_CASE_RULES, goHarness } from '../harness/go-harness.js';
import { runCases } from '../harness/gorust-cases.js';
import { compileError, compileStopped, runStdioCases, writeFiles } from '../harness/gorust-steps.js';
import type { JailLimits } from '../jail-spec.js';
import type { NativeContext, NativeLanguage, NativeToolchain, NativeRunResult } from '../native-language.js';
import { goCompileErrors, withPackageClause } from './go-diagnostics.js';

/**
 * Go 1.19 from Debian. No `go` command: the compiler and linker are called directly against Debian's prebuilt
 * standard library archives (decision 730), so there is no build cache to share or warm, no module download, no
 * cgo (`import "C"` cannot be found), no `//go:generate` and no `//go:embed` (no embed configuration is given).
 */
const GO_TOOLS = '/usr/lib/go/pkg/tool/linux_amd64';
const COMPILE = `${GO_TOOLS}/compile`;
const LINK = `${GO_TOOLS}/link`;
/** What go needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const GO_TOOLCHAIN: NativeToolchain = { commands: [COMPILE, LINK, '/bin/sh'], debianPackages: ['golang-go'], etc: [] };

/** One OS thread runs Go code; the collector works harder as the heap nears the jail's memory limit (Go 1.19's soft limit). */
const runEnv = (limits: JailLimits): Record<string, string> => ({
  GOMAXPROCS: '1',
  GOTRACEBACK: 'single',
  GOMEMLIMIT: String(Math.floor(limits.memoryBytes * 0.8)),
});

/**
 * The compiler and linker are Go programs too (decision 1407): one OS thread each, and no collection until their heap
 * nears three quarters of the compile step's memory. A run's compile and link allocate ~40 MB and live for ~50 ms
 * each, so the collector's work (and its extra threads, ~15 % of their CPU) bought nothing; past the soft limit it
 * collects as usual, so a large answer still compiles within the step's memory.
 */
const toolEnv = (limits: JailLimits): Record<string, string> => ({
  GOMAXPROCS: '1',
  GOGC: 'off',
  GOMEMLIMIT: String(Math.floor(limits.memoryBytes * 0.75)),
});

/**
 * Compile and link in one jailed step (one jail's start-up less per run): the linker runs only if the compiler succeeded.
 * `-dwarf=false`: the linker's `-s -w` drops debug info anyway, so it is not made (~15 ms of CPU a compile, decision
 * 1400); a panic's lines come from the pc-line table, which stays.
 */
async function build(
  context: NativeContext,
  dir: string,
  sources: readonly string[],
  offset: number,
  signatureText: string,
): Promise<NativeRunResult | undefined> {
  context.phase({ step: 'compiling' });
  const script = `${COMPILE} -p main -complete -dwarf=false -trimpath /box -o main.a ${sources.join(' ')} || exit 3; exec ${LINK} -s -w -o prog main.a`;
  const limits = context.compileLimits;
  const built = await context.jail({ argv: ['/bin/sh', '-c', script], dir, env: toolEnv(limits), limits, signal: context.signal });
  const stopped = compileStopped(built, limits);
  if (stopped !== undefined) return stopped;
  if (built.exitCode === 3) return goCompileErrors(`${built.stdout}${built.stderr}`, offset, signatureText);
  if (built.exitCode !== 0) return compileError({ message: `The linker failed: ${built.stdout}${built.stderr}`.trim() });
  return undefined;
}

export const goLanguage: NativeLanguage<'go'> = {
  id: 'go',
  toolchain: GO_TOOLCHAIN,
  reservesAddressSpace: true,
  async execute(input, context) {
    const dir = await context.scratchDir();
    const { code, offset } = withPackageClause(input.code);
    if (input.form === 'stdio') {
      await writeFiles(dir, { 'solution.go': code });
      const failed = await build(context, dir, ['solution.go'], offset, '');
      return failed ?? runStdioCases(context, dir, ['/box/prog'], input.inputs, { env: runEnv(context.runLimits) });
    }
    if (input.signature === undefined) return compileError({ message: 'A Go function question needs a typed signature' });
    let cases: Buffer;
    try {
      cases = caseData(input.signature, input.argsJson, GO_CASE_RULES);
    } catch (error) {
      return caseDataRefused(error);
    }
    await writeFiles(dir, { 'solution.go': code, 'main.go': goHarness(input.functionName, input.signature), [CASES_FILE]: cases });
    const failed = await build(
      context,
      dir,
      ['solution.go', 'main.go'],
      offset,
      languageProfile('go').stub(input.functionName, input.signature).split(' {')[0] ?? '',
    );
    if (failed !== undefined) return failed;
    const ran = await runCases(context, input.argsJson.length, (marker, first, limits) => ({
      argv: ['/box/prog', marker, String(first)],
      dir,
      env: runEnv(limits),
      limits,
      signal: context.signal,
    }));
    return { kind: 'ran', cases: ran.cases };
  },
};
