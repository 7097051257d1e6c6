import { languageProfile } from '@assay/domain/languages';
import { CASES_FILE, caseData, caseDataRefused } from '../harness/case-data.js';
import { runCases } from '../harness/gorust-cases.js';
import { compileError, compileStopped, runStdioCases, writeFiles } from '../harness/gorust-steps.js';
import { RUST_CASE_RULES, rustHarness } from '../harness/rust-harness.js';
import type { NativeContext, NativeLanguage, NativeToolchain, NativeRunResult } from '../native-language.js';
import { rustCompileErrors } from './rust-diagnostics.js';
import { type RustLink, THROUGH_CC, rustLink } from './rust-link.js';
import { RUST_RUNTIME_LIBRARY, RUST_RUNTIME_MOUNT, rustRuntime } from './rust-runtime.js';

/**
 * Rust 1.63 from Debian: `rustc` called directly (no cargo: no build scripts, no dependencies, no procedural macros
 * — a bin crate cannot define one, and there is no crate to import one from), unoptimised, without debug info,
 * linked against the shared libstd (decision 732: about half the link time of a static one) by gold (binutils', as
 * C's and C++'s: ~10 % less CPU a compile than the default bfd, decision 1400), which rustc runs itself (rust-link.ts).
 */
const RUSTC = '/usr/bin/rustc';
const FLAGS = [
  '--edition',
  '2021',
  '-C',
  'opt-level=0',
  '-C',
  'debuginfo=0',
  '-C',
  'prefer-dynamic',
  '-C',
  'codegen-units=1',
  '-A',
  'warnings',
  '--error-format=json',
];

/** The harness runtime every function run links (decision 732), built once per process. */
const RUNTIME = rustRuntime(RUSTC, [...FLAGS, ...THROUGH_CC.flags]);

/** A function run's program links the runtime library where its run finds it too (the same bind, decision 1408). */
const withRuntime = (link: RustLink) => ['--extern', `assay_runtime=${RUST_RUNTIME_LIBRARY}`, ...link.rpath(RUST_RUNTIME_MOUNT)];
const runtimeBind = (runtime: string) => [{ host: runtime, jail: RUST_RUNTIME_MOUNT }];

async function build(context: NativeContext, dir: string, root: string, signatureText: string, runtime?: string): Promise<NativeRunResult | undefined> {
  context.phase({ step: 'compiling' });
  const link = await rustLink();
  const compiled = await context.jail({
    argv: [RUSTC, ...FLAGS, ...link.flags, ...(runtime === undefined ? [] : withRuntime(link)), '-o', 'prog', root],
    dir,
    ...(runtime === undefined ? {} : { readOnly: runtimeBind(runtime) }),
    limits: context.compileLimits,
    signal: context.signal,
  });
  const stopped = compileStopped(compiled, context.compileLimits);
  if (stopped !== undefined) return stopped;
  return compiled.exitCode === 0 ? undefined : rustCompileErrors(compiled.stderr, signatureText);
}

/** What rust needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const RUST_TOOLCHAIN: NativeToolchain = { commands: ['/usr/bin/rustc', '/usr/bin/cc', '/usr/bin/ld.gold'], debianPackages: ['rustc'], etc: [] };

export const rustLanguage: NativeLanguage<'rust'> = {
  id: 'rust',
  toolchain: RUST_TOOLCHAIN,
  async execute(input, context) {
    const dir = await context.scratchDir();
    if (input.form === 'stdio') {
      await writeFiles(dir, { 'solution.rs': input.code });
      return (await build(context, dir, 'solution.rs', '')) ?? runStdioCases(context, dir, ['/box/prog'], input.inputs);
    }
    if (input.signature === undefined) return compileError({ message: 'A Rust function question needs a typed signature' });
    let cases: Buffer;
    try {
      cases = caseData(input.signature, input.argsJson, RUST_CASE_RULES);
    } catch (error) {
      return caseDataRefused(error);
    }
    await writeFiles(dir, { 'solution.rs': input.code, 'main.rs': rustHarness(input.functionName, input.signature), [CASES_FILE]: cases });
    const signatureText =
      languageProfile('rust')
        .stub(input.functionName, input.signature)
        .split(' {')[0]
        ?.replace(/^use .*\n\n/, '') ?? '';
    const runtime = await context.shared(RUNTIME);
    const failed = await build(context, dir, 'main.rs', signatureText, runtime);
    if (failed !== undefined) return failed;
    const ran = await runCases(context, input.argsJson.length, (marker, first, limits) => ({
      argv: ['/box/prog', marker, String(first)],
      dir,
      readOnly: runtimeBind(runtime),
      limits,
      signal: context.signal,
    }));
    return { kind: 'ran', cases: ran.cases };
  },
  warm: (context) => context.shared(RUNTIME).then(() => undefined),
  close: () => RUNTIME.drop(),
};
