/**
 * What one jailed process is given and what it answers. The jail (jail.ts, bubblewrap) owns how; language modules
 * only say what to run.
 */
export interface JailLimits {
  /** CPU time of the whole process tree, ms (RLIMIT_CPU per process, and the wall clock behind it). */
  readonly cpuMs: number;
  /** Wall clock from spawn to kill, ms. */
  readonly wallMs: number;
  /** Memory of the run, bytes. */
  readonly memoryBytes: number;
  /** Processes (and threads) the run may have at once. */
  readonly processes: number;
  /** Open files per process. */
  readonly openFiles: number;
  /** Largest file the run may write, bytes. */
  readonly fileBytes: number;
  /** stdout + stderr (+ the results pipe) kept, bytes; past it the run is killed and the output marked cut. */
  readonly outputBytes: number;
}

export interface JailSpec {
  /** The command and its arguments, as seen inside the jail (tools under /usr). */
  readonly argv: readonly string[];
  /** A host directory that is the run's own, bound read-write at `/box` (the working directory). */
  readonly dir: string;
  /** More host paths bound read-only (a prebuilt cache, a compiled program from an earlier step). */
  readonly readOnly?: readonly { readonly host: string; readonly jail: string }[];
  /** Text fed to stdin (then closed); nothing when absent. */
  readonly stdin?: string;
  /** The whole environment of the process (nothing of the server's is passed). */
  readonly env?: Readonly<Record<string, string>>;
  readonly limits: JailLimits;
  /** Aborting kills the run at once (every process of it). */
  readonly signal?: AbortSignal;
}

export interface JailResult {
  /** Exit code, or null when it was killed by a signal. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** What the harness wrote on file descriptor 3 (the results channel, kept apart from the candidate's output). */
  readonly results: string;
  /** Output past `outputBytes` was dropped (and the run killed). */
  readonly outputCut: boolean;
  /** Why the jail ended the run, if it did. */
  readonly killedFor: 'wall' | 'cpu' | 'memory' | 'output' | 'cancelled' | null;
  readonly wallMs: number;
}

/** Whether this host can jail at all, and why not. */
export type JailAvailability = { readonly ok: true; readonly tool: string } | { readonly ok: false; readonly reason: string; readonly remedy: string };
