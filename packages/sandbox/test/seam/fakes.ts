import type { JailResult, JailSpec } from '../../src/native/jail-spec.js';
import type { NativeLanguage, NativeRunResult } from '../../src/native/native-language.js';
import type { NativeLanguageId } from '../../src/native/native-languages.js';
import { NATIVE_LANGUAGES } from '../../src/native/native-languages.js';
import type { SandboxInternals } from '../../src/sandbox.js';
import type { SqlCaseOutcome, SqlEngine, SqlLimits } from '../../src/sql/sql-engine.js';

/** A jail that records every command and answers without running anything. */
export function recordingJail(answer: Partial<JailResult> = {}) {
  const calls: { spec: JailSpec; uid: number }[] = [];
  const jail = async (spec: JailSpec, uid: number): Promise<JailResult> => {
    calls.push({ spec, uid });
    return { exitCode: 0, signal: null, stdout: '', stderr: '', results: '', outputCut: false, killedFor: null, wallMs: 1, ...answer };
  };
  return { calls, jail };
}

/** The native modules with `id` replaced by a placeholder module that runs one jailed step and answers `result`. */
export function withModule(
  id: NativeLanguageId,
  result: (input: Parameters<NativeLanguage['execute']>[0]) => NativeRunResult,
  extra: Partial<NativeLanguage> = {},
) {
  const executed: Parameters<NativeLanguage['execute']>[0][] = [];
  const module: NativeLanguage = {
    id,
    toolchain: { commands: [], debianPackages: [], etc: [] },
    execute: async (input, context) => {
      executed.push(input);
      await context.jail({ argv: ['/usr/bin/true'], dir: await context.scratchDir(), limits: context.runLimits });
      return result(input);
    },
    ...extra,
  };
  return { executed, languages: { ...NATIVE_LANGUAGES, [id]: module } as SandboxInternals['nativeLanguages'] & object };
}

/** An SQL engine that answers fixed outcomes and records what it was asked. */
export function fakeSqlEngine(outcomes: SqlCaseOutcome[]) {
  const requests: unknown[] = [];
  const limits: SqlLimits[] = [];
  const create = (dialect: 'sqlite' | 'postgresql'): SqlEngine => ({
    dialect,
    execute: async (request, given) => {
      requests.push(request);
      limits.push(given);
      // As the real engine: past the budget of timeouts, the rest are not run (they answer time).
      let timeouts = 0;
      return outcomes.map((outcome) => {
        if (given.stopAfterTimeouts !== undefined && timeouts >= given.stopAfterTimeouts) return { kind: 'time' };
        if (outcome.kind === 'time') timeouts += 1;
        return outcome;
      });
    },
    close: async () => {},
  });
  return { requests, limits, create };
}

export const JAIL_OK = () => ({ ok: true as const, tool: 'test' });
