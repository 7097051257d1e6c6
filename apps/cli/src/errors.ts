import { AssayApiError, AssayConnectionError, AssayDecodeError, AssayUserAbortError } from '@assay/client';
import { CommanderError } from 'commander';
import { terminalText } from './format/terminal-text.js';

/** The command line itself is wrong (or no server is configured): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The server answered something the CLI will not show as it is (a take-test URL that is not an http(s) URL): exit code 1. */
export class UnreadableAnswerError extends Error {
  override name = 'UnreadableAnswerError';
}

/**
 * A registration (4.7, 4.8) answered an invitation the candidate has completed: its URL no longer starts the test,
 * and handing it out again would say nothing. Exit code 1, naming the reattempt that gives a new URL.
 */
export class AlreadyRegisteredError extends Error {
  override name = 'AlreadyRegisteredError';
  constructor(
    readonly testInvitationId: number,
    readonly status: string,
  ) {
    super(
      `invitation ${testInvitationId} is ${status.toLowerCase()}, so its URL no longer starts the test. ` +
        `For a new attempt with a new URL: assay invitations reattempt ${testInvitationId}`,
    );
  }
}

/** A bulk invitation finished with refused rows: the summary is printed, the exit code says so (4). */
export class SomeRowsRefusedError extends Error {
  constructor(
    readonly refused: number,
    readonly total: number,
  ) {
    super(`${refused} of ${total} rows were refused; the others are invited (--refused-csv FILE writes the refused rows).`);
    this.name = 'SomeRowsRefusedError';
  }
}

/** `assay tests lint|push FILE` found problems in the file (each printed at its line): exit code 1. */
export class FileProblemsError extends Error {
  override name = 'FileProblemsError';
  constructor(
    readonly file: string,
    readonly problems: number,
  ) {
    super(`${problems === 1 ? '1 problem' : `${problems} problems`} in ${file}.`);
  }
}

export const ExitCode = {
  ok: 0,
  /** The API refused (statuscode and message on stderr). */
  refused: 1,
  usage: 2,
  /** The server could not be reached or did not answer in time. */
  unreachable: 3,
  /** `assay invite --csv`: the job finished, and some rows were refused (the others invited or already invited). */
  someRowsRefused: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure in words, for stderr and for the TUI's inline error line. */
export interface Failure {
  exitCode: ExitCode;
  /** `403.4`, `unreachable`, `usage`… */
  label: string;
  message: string;
}

/** Statuses a proxy or load balancer in front of the server answers with when the server itself is not there. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export const describeFailure = (error: unknown): Failure => {
  // No envelope: not Assay refusing, but something in front of it (an HTML error page) saying it cannot reach it.
  if (error instanceof AssayApiError && error.statuscode === null && GATEWAY_STATUSES.has(error.status)) {
    return {
      exitCode: ExitCode.unreachable,
      label: 'unreachable',
      message: `HTTP ${error.status} from a gateway in front of the server, not an answer of Assay. Check the URL and that the server is running.`,
    };
  }
  if (error instanceof AssayApiError) {
    return { exitCode: ExitCode.refused, label: error.statuscode ?? `HTTP ${error.status}`, message: error.message };
  }
  if (error instanceof AssayConnectionError) {
    return { exitCode: ExitCode.unreachable, label: 'unreachable', message: `${error.message} Check the URL and that the server is running.` };
  }
  if (error instanceof AssayDecodeError) {
    return { exitCode: ExitCode.refused, label: 'unreadable answer', message: error.message };
  }
  if (error instanceof UnreadableAnswerError) return { exitCode: ExitCode.refused, label: 'unreadable answer', message: error.message };
  if (error instanceof AlreadyRegisteredError) return { exitCode: ExitCode.refused, label: `already registered (${error.status})`, message: error.message };
  if (error instanceof AssayUserAbortError) return { exitCode: ExitCode.refused, label: 'aborted', message: error.message };
  if (error instanceof SomeRowsRefusedError) return { exitCode: ExitCode.someRowsRefused, label: 'rows refused', message: error.message };
  if (error instanceof FileProblemsError) return { exitCode: ExitCode.refused, label: 'lint', message: error.message };
  if (error instanceof UsageError) return { exitCode: ExitCode.usage, label: 'usage', message: error.message };
  if (error instanceof CommanderError) return { exitCode: ExitCode.usage, label: 'usage', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: ExitCode.refused, label: 'error', message };
};

/**
 * One line: `403.4: Only a completed invitation can be reattempted.` The message is often the server's (or a
 * proxy's page): made safe for the terminal like every other output.
 */
export const failureLine = (failure: Failure): string => terminalText(`${failure.label}: ${failure.message}`);
