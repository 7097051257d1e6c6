import type { LanguageId, Signature } from '@assay/domain/languages';
import type { CaseReport } from '../protocol.js';
import type { RunStep } from '@assay/domain/candidate';
import type { JailLimits, JailResult, JailSpec } from './jail-spec.js';
import type { SharedBuild } from './shared-build.js';

/**
 * What a native language needs of the host, as data (decision 1311), carried by its module: availability checks its
 * files, the jail binds its /etc parts (native-toolchains.ts gathers every module's), `installLine()` prints its
 * packages and scripts/native-languages.list is generated from it.
 */
export interface NativeToolchain {
  /** Files that must exist on the host, absolute paths: its commands, and a module its runtime loads (PHP's mbstring). */
  readonly commands: readonly string[];
  /** The Debian packages that provide them (`apt-get install --no-install-recommends`). */
  readonly debianPackages: readonly string[];
  /** The parts of /etc it reads (its own settings), bound read-only into the jail when the host has them. */
  readonly etc: readonly string[];
}

/** One run as a language module receives it: the candidate's code and the cases, already checked. */
export type NativeRunInput =
  | {
      readonly form: 'function';
      readonly code: string;
      readonly functionName: string;
      /** Required for the static languages (profile.needsSignature). */
      readonly signature: Signature | undefined;
      /** JSON text of each case's argument array. */
      readonly argsJson: readonly string[];
    }
  | {
      readonly form: 'stdio';
      readonly code: string;
      /** Each case's stdin. */
      readonly inputs: readonly string[];
    };

/** How one case ended. Function form: the harness's report (a value as JSON, an error with the candidate's position…); stdio: what it printed. */
export type NativeCaseReport = CaseReport | { readonly kind: 'stdout'; readonly text: string; readonly exitCode: number | null };

export interface NativeCaseResult {
  readonly report: NativeCaseReport;
  /** What the case printed (stdout then stderr), cut to the log limit. Stdio form: its stderr. */
  readonly log: string;
  readonly logCut: boolean;
  readonly timeMs?: number;
}

/** A compile error at the candidate's own file:line:column (never the harness's). */
export interface CompileDiagnostic {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export type NativeRunResult =
  /** The program did not build: every case answers the first diagnostic; `output` is the compiler's text (candidate file only). */
  | { readonly kind: 'compileError'; readonly diagnostics: readonly CompileDiagnostic[]; readonly output: string }
  | { readonly kind: 'ran'; readonly cases: readonly NativeCaseResult[] }
  /**
   * The sandbox could not run it (a compiler that did not start, a compile the busy server stopped before it had its
   * processor time): not the code's fault, so not judged (decision 1043). `message` says why, in words.
   */
  | { readonly kind: 'fault'; readonly message: string };

/** What a language module gets to do its work: a jail and a fresh private directory per step. */
export interface NativeContext {
  /** Runs one command in a fresh jail (see JailSpec). */
  jail(spec: JailSpec): Promise<JailResult>;
  /** A new empty host directory, private to this run, removed when the run ends. */
  scratchDir(): Promise<string>;
  /**
   * Runs one stdio case's program in a fresh jail with the case's own limits (a one-case run's CPU time and wall
   * clock: decision 1062), stopped by the run's signal. Once the run's budget of timeouts is spent
   * (RunOptions.stopAfterTimeouts) it starts no more and answers `killedFor: 'cancelled'` at once.
   */
  stdioCase(spec: Omit<JailSpec, 'limits' | 'signal'>): Promise<JailResult>;
  /** The limits of the run phase (per run: cpuMsPerCase x cases and the rest) and of the compile phase. */
  readonly runLimits: JailLimits;
  readonly compileLimits: JailLimits;
  /** Log kept per case, bytes. */
  readonly maxLogBytes: number;
  readonly signal: AbortSignal;
  /**
   * The value of a build every run shares (the C++ precompiled headers, the Rust runtime), built first if need be under
   * the build's own uid, limits and no run's signal (decision 1040). The wait is not the run's time (decision 1041), the
   * caller hears `preparing`, and cancelling the run ends its wait, never the build.
   */
  shared<T>(build: SharedBuild<T>): Promise<T>;
  /** Waits for work the run does not own (its turn at a warm compiler): not the run's time; cancelling ends the wait. */
  waitShared<T>(work: Promise<T>): Promise<T>;
  /** Tells the caller which step the run has reached (RunOptions.onPhase). */
  phase(phase: RunStep): void;
}

/** What a module's warm() gets: the shared builds it may start ahead of the first run. */
export type WarmContext = Pick<NativeContext, 'shared'>;

/**
 * One native language: its toolchain, and how a run becomes jailed processes (compile, then run the program with a
 * generated harness calling the candidate's function for every case). The pool schedules it without knowing which
 * language it is. A module listed in NATIVE_LANGUAGES is its language's engine (engines.ts, decision 1322).
 */
export interface NativeLanguage<Id extends LanguageId = LanguageId> {
  readonly id: Id;
  /** What it needs of the host. */
  readonly toolchain: NativeToolchain;
  /**
   * Its runtime reserves far more address space than it uses (the JVM's class space, Go's heap arenas): where no memory
   * cgroup holds the run, RLIMIT_AS at the run's memory would stop it before the candidate's first line, so its steps get
   * `RESERVED_ADDRESS_SPACE_BYTES` and its own heap cap (-Xmx, GOMEMLIMIT) bounds the candidate (decision 805).
   */
  readonly reservesAddressSpace?: boolean;
  /** Compile (when it compiles) and run every case. Never throws for what the candidate's code does. */
  execute(input: NativeRunInput, context: NativeContext): Promise<NativeRunResult>;
  /** Prepares anything kept warm (a compile server, a precompiled header); optional. */
  warm?(context: WarmContext): Promise<void>;
  /** Stops anything kept warm. */
  close?(): Promise<void>;
}
