import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One accepted message with its SMTP envelope. */
export interface Delivered {
  mailFrom: string;
  rcptTo: string[];
  user: string | undefined;
  mail: ParsedMail;
}

/**
 * A real SMTP server on an ephemeral loopback port (smtp-server) that keeps every message it accepts, parsed by
 * mailparser. `options` change the server (authentication, refusals); by default anyone may send, without TLS.
 */
export const startSmtpPeer = async (options: SMTPServerOptions = {}) => {
  const delivered: Delivered[] = [];
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          delivered.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            mail,
          });
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** The messages, parsed, in the order they arrived. */
    received,
    /** The same messages with their envelopes (MAIL FROM, RCPT TO, the authenticated user). */
    delivered,
    /** The messages addressed to `to`. */
    to: (to: string) => received.filter((mail) => (mail.to as { text: string } | undefined)?.text === to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
