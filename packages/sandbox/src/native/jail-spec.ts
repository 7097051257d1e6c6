/**
 * What one jailed process is given and what it answers. The jail (jail.ts, bubblewrap) owns how; language modules
 * only say what to run.
 */
export interface JailLimits {
  /** CPU time of the whole process tree, ms (RLIMIT_CPU per process, and the wall clock behind it). */
  readonly cpuMs: number;
  /** Wall clock from spawn to kill, ms. */
  readonly wallMs: number;
  /**
   * Memory of the run, bytes: the whole process tree's resident memory and its /tmp, in a memory cgroup where the
   * host lets the jail make one; otherwise each process's address space (RLIMIT_AS), see `addressSpaceBytes`.
   */
  readonly memoryBytes: number;
  /**
   * Address space per process (RLIMIT_AS), bytes. The JVM, Mono and Go reserve far more virtual memory than they
   * use, so their modules set it large (or omit it where a memory cgroup holds `memoryBytes`). Absent: no RLIMIT_AS
   * under a memory cgroup; `memoryBytes` without one.
   */
  readonly addressSpaceBytes?: number;
  /** Processes (and threads) the run may have at once. */
  readonly processes: number;
  /** Open files per process. */
  readonly openFiles: number;
  /** Largest file the run may write, bytes. */
  readonly fileBytes: number;
  /** Size of the run's private /tmp (a tmpfs), bytes. Absent: `fileBytes`. */
  readonly tmpBytes?: number;
  /** stdout + stderr (+ the results file) kept, bytes; past it the run is killed and the output marked cut (the results file: cut once the run ends). */
  readonly outputBytes: number;
}

export interface JailSpec {
  /** The command and its arguments, as seen inside the jail (tools under /usr). */
  readonly argv: readonly string[];
  /**
   * A host directory that is the run's own, bound read-write at `/box` (the working directory). As root the jail
   * makes it the run's uid's (mode 0755); its parents must be searchable by that uid (e.g. under `os.tmpdir()`).
   */
  readonly dir: string;
  /**
   * Bind `dir` read-only: the step that runs the candidate's program (decision 806). `/box` is a directory of the
   * host's disk, where RLIMIT_FSIZE bounds each file but not how many; a run then writes only its size-capped /tmp.
   */
  readonly readOnlyBox?: boolean;
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
  /** What the harness wrote to its results file (RESULTS_PATH, named by $ASSAY_RESULTS: kept apart from the candidate's output). */
  readonly results: string;
  /** Output past `outputBytes` was dropped (and the run killed). */
  readonly outputCut: boolean;
  /** Why the jail ended the run, if it did. */
  readonly killedFor: 'wall' | 'cpu' | 'memory' | 'output' | 'cancelled' | null;
  readonly wallMs: number;
}

/** How the jail holds a run's memory and process count on this host (decision 702). */
export type JailMemoryControl = 'cgroup-v1' | 'cgroup-v2' | 'rlimit';

/** Whether this host can jail at all, and why not. */
export type JailAvailability =
  | { readonly ok: true; readonly tool: string; readonly memory?: JailMemoryControl }
  | { readonly ok: false; readonly reason: string; readonly remedy: string };
