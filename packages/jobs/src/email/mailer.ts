import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/** One message, already rendered: the mailer adds From, Date and Message-ID. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A reminder's unsubscribe page: sent as `List-Unsubscribe: <url>` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
   * (RFC 8058), so a mail client's own button stops them with one POST.
   */
  unsubscribeUrl?: string;
  /** Where the candidate's reply goes (the org's Reply-To, issue 61 item 1): the From stays the service's own address. */
  replyTo?: string | null;
}

export interface SendResult {
  /** The Message-ID header as sent, e.g. `<…@example.com>`. */
  messageId: string;
  /** Files mode only: the `.eml` file the message was written to. */
  savedTo?: string;
}

export interface Mailer {
  /** `smtp` hands messages to a server; `files` drops `.eml` files in the outbox directory (no server configured). */
  readonly mode: 'smtp' | 'files';
  send(message: OutgoingEmail): Promise<SendResult>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; absent or empty means files mode. */
  smtpUrl?: string;
  /** Where files mode writes; created on first send. */
  outboxDir: string;
  /** The From header, e.g. `Assay <noreply@example.com>`. */
  from: string;
}

/**
 * A failed send. The worker retries, so the message names the server and what it said; `permanent` is
 * nodemailer's reading of the SMTP reply (5xx) and is undefined when there was no reply (connection, timeout).
 */
export class EmailSendError extends Error {
  override readonly name = 'EmailSendError';
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  readonly permanent: boolean | undefined;

  constructor(message: string, details: { cause: unknown; code?: string; responseCode?: number; permanent?: boolean }) {
    super(message, { cause: details.cause });
    this.code = details.code;
    this.responseCode = details.responseCode;
    this.permanent = details.permanent;
  }
}

/**
 * nodemailer's defaults are 2 min to connect and 10 min of socket inactivity; the worker holds a lease on the
 * job meanwhile, so a dead or black-holed server should fail in seconds and be retried later instead.
 */
export const SMTP_TIMEOUT_MS = 15_000;

export const createMailer = (options: MailerOptions): Mailer =>
  options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createFilesMailer(options.outboxDir, options.from);

/** Only these fields: an object with more (attachments, other headers…) must not slip through structurally. */
const mailFields = (from: string, message: OutgoingEmail) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  ...(message.unsubscribeUrl === undefined
    ? {}
    : { headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
});

type Nodemailer = typeof import('nodemailer').default;

/**
 * A transport made with the first message: nodemailer is ~40 modules a server loads at start for nothing until an
 * email goes out (decision 164's rule for start-up imports).
 */
const lazyTransport = <T>(make: (nodemailer: Nodemailer) => Transporter<T>) => {
  let made: Promise<Transporter<T>> | undefined;
  let closed = false;
  return {
    get: (): Promise<Transporter<T>> =>
      (made ??= import('nodemailer').then(({ default: nodemailer }) => {
        const transport = make(nodemailer);
        if (closed) transport.close();
        return transport;
      })),
    close: (): void => {
      closed = true;
      void made?.then((transport) => transport.close());
    },
  };
};

const createSmtpMailer = (smtpUrl: string, from: string): Mailer => {
  const server = describeServer(smtpUrl);
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    }),
  );
  return {
    mode: 'smtp',
    async send(message) {
      try {
        const info = await (await transport.get()).sendMail(mailFields(from, message));
        return { messageId: info.messageId };
      } catch (error) {
        throw toSendError(error, `SMTP delivery to ${message.to} via ${server} failed`);
      }
    },
    close() {
      transport.close();
    },
  };
};

const createFilesMailer = (outboxDir: string, from: string): Mailer => {
  // Stream transport builds the exact RFC 5322 bytes an SMTP server would receive (CRLF line ends, MIME
  // multipart/alternative), so an .eml opens in any mail client and mirrors what smtp mode would send.
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true }));
  return {
    mode: 'files',
    async send(message) {
      const composed = transport.get().then((made) => made.sendMail(mailFields(from, message)));
      const info = await composed.catch((error: unknown) => {
        throw toSendError(error, `Composing the email to ${message.to} failed`);
      });
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('nodemailer stream transport returned a stream despite buffer: true');
      const savedTo = join(outboxDir, emlFileName(new Date(), info.messageId));
      try {
        await writeAtomically(outboxDir, savedTo, raw);
      } catch (error) {
        throw toSendError(error, `Writing the email to ${message.to} into ${outboxDir} failed`);
      }
      return { messageId: info.messageId, savedTo };
    },
    close() {
      transport.close();
    },
  };
};

/** `2026-05-01T10-20-30.123Z-<id>.eml`: sorts by time; colons become dashes so the name is valid everywhere. */
export const emlFileName = (at: Date, messageId: string): string => {
  const stamp = at.toISOString().replaceAll(':', '-');
  const local = messageId.replace(/^</, '').split('@')[0] ?? '';
  const id = local.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 64) || randomBytes(8).toString('hex');
  return `${stamp}-${id}.eml`;
};

/**
 * A reader of the outbox (a person, or a tool picking files up) must never see half a message, so the bytes go
 * to a `.tmp` sibling, are flushed to disk, and only then renamed to the final name in one step.
 */
const writeAtomically = async (dir: string, path: string, data: Buffer): Promise<void> => {
  await mkdir(dir, { recursive: true });
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(tmp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
};

/** `smtp://host:port` for messages and logs: the URL may carry a password, which must not end up in either. */
export const describeServer = (smtpUrl: string): string => {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('The SMTP URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`The SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new Error('The SMTP URL has no host');
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `${url.protocol}//${url.hostname}:${port}`;
};

interface NodemailerErrorLike {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  permanent?: unknown;
}

const toSendError = (error: unknown, context: string): EmailSendError => {
  const e: NodemailerErrorLike = typeof error === 'object' && error !== null ? (error as NodemailerErrorLike) : {};
  const code = typeof e.code === 'string' ? e.code : undefined;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent = typeof e.permanent === 'boolean' ? e.permanent : undefined;
  const reason = typeof e.message === 'string' && e.message ? e.message : String(error);
  // nodemailer usually quotes the server's reply in its message already; add it only when it does not.
  const response = typeof e.response === 'string' && e.response && !reason.includes(e.response) ? ` [server said: ${e.response}]` : '';
  return new EmailSendError(`${context}: ${code ? `${code} ` : ''}${reason}${response}`, {
    cause: error,
    ...(code !== undefined && { code }),
    ...(responseCode !== undefined && { responseCode }),
    ...(permanent !== undefined && { permanent }),
  });
};
