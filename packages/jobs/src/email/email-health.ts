import { EmailSendError, type Mailer } from './mailer.js';
import type { Logger } from '../outbox-worker.js';

/** A failed send's error code as a bounded word: `ENOSPC`, `EROFS`, `ECONNECTION`, `ETIMEDOUT`…, else `other`. */
const CODE = /^E[A-Z0-9]{1,19}$/;

export const errorCodeOf = (error: unknown): string => {
  const code = error instanceof EmailSendError ? error.code : (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CODE.test(code) ? code : 'other';
};

/**
 * The operating system's words for a file error, without the path it names (`ENOSPC: no space left on device`), or
 * SMTP's reply code; never the message, which names the recipient.
 */
const reasonOf = (error: unknown, code: string): string => {
  const cause = error instanceof Error ? error.cause : undefined;
  const systemWords = cause instanceof Error && cause.message.startsWith(`${code}: `) ? cause.message.split(',')[0] : undefined;
  if (systemWords) return systemWords;
  const reply = error instanceof EmailSendError ? error.responseCode : undefined;
  return reply === undefined ? code : `${code} (the server answered ${reply})`;
};

/** Sending is failing: since when, how many attempts in a row, and the last one's code and reason. */
export interface EmailFailure {
  readonly code: string;
  readonly reason: string;
  /** The first failed attempt since the last email that went out (epoch ms). */
  readonly since: number;
  readonly lastAt: number;
  readonly attempts: number;
}

export interface EmailHealthState {
  readonly mode: Mailer['mode'];
  /** `ASSAY_OUTBOX_DIR` in files mode. */
  readonly outboxDir?: string;
  /** Null once an email went out after the last failure (or before any failed). */
  readonly failing: EmailFailure | null;
}

/**
 * How this process's emails are going (issue 59 item 9): whether the last attempt failed and since when, and every
 * failed attempt counted by mode and code. `/readyz` and `/metrics` read it; the mailer `watchedMailer` wraps reports
 * into it. A process without an outbox worker has no mode and reports nothing.
 */
export class EmailHealth {
  #mode: Mailer['mode'] | undefined;
  #outboxDir: string | undefined;
  #failing: EmailFailure | null = null;
  /** Failed attempts since the start, by `mode code` (a Prometheus counter reads them). */
  readonly failures = new Map<`${Mailer['mode']} ${string}`, number>();

  watch(mode: Mailer['mode'], outboxDir: string | undefined): void {
    this.#mode = mode;
    this.#outboxDir = outboxDir;
  }

  /** Undefined in a process that sends no email. */
  get state(): EmailHealthState | undefined {
    if (this.#mode === undefined) return undefined;
    return { mode: this.#mode, ...(this.#outboxDir === undefined ? {} : { outboxDir: this.#outboxDir }), failing: this.#failing };
  }

  sent(): void {
    this.#failing = null;
  }

  failed(code: string, reason: string, at: number): EmailFailure {
    const mode = this.#mode ?? 'files';
    this.failures.set(`${mode} ${code}`, (this.failures.get(`${mode} ${code}`) ?? 0) + 1);
    const previous = this.#failing;
    this.#failing = { code, reason, since: previous?.since ?? at, lastAt: at, attempts: (previous?.attempts ?? 0) + 1 };
    return this.#failing;
  }
}

/**
 * The mailer as the outbox worker uses it: each attempt reported to `health`, and each failed one logged at warn with
 * its code and the system's reason — never the recipient, the subject or the text (the error's own message names the
 * address, and stays in the job's delivery log only). The job is retried on its schedule as before.
 */
export const watchedMailer = (mailer: Mailer, health: EmailHealth, log: Logger, now: () => number, outboxDir?: string): Mailer => {
  health.watch(mailer.mode, mailer.mode === 'files' ? outboxDir : undefined);
  return {
    mode: mailer.mode,
    close: () => mailer.close(),
    async send(message) {
      try {
        const result = await mailer.send(message);
        health.sent();
        return result;
      } catch (error) {
        const code = errorCodeOf(error);
        const failure = health.failed(code, reasonOf(error, code), now());
        const where =
          mailer.mode === 'files'
            ? `could not be written into the outbox folder ${outboxDir ?? ''} (ASSAY_OUTBOX_DIR)`
            : 'could not be handed to the SMTP server';
        log.warn(
          { mailMode: mailer.mode, code, reason: failure.reason, failedAttemptsInARow: failure.attempts, failingSince: new Date(failure.since).toISOString() },
          `an email ${where}: ${failure.reason}; it is tried again on the delivery schedule`,
        );
        throw error;
      }
    },
  };
};
