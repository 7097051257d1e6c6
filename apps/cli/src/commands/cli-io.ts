/** The streams and environment a run of `assay` works with (injected, so tests and the TUI can swap them). */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });

/** A progress bar or other decoration belongs only on an interactive terminal. */
export const isInteractive = (io: CliIo): boolean => Boolean(io.stdout.isTTY && io.stderr.isTTY);
