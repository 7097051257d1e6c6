import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import type { SMTPServerOptions } from 'smtp-server';
import { startSmtpPeer, type Delivered, type SmtpPeer } from '@assay/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, describeServer, EmailSendError, emlFileName, type Mailer } from './mailer.js';
import { renderStakeholderEmail, type StakeholderEmailData } from './stakeholder-email.js';

// Every peer here is a real socket on loopback: the mailer is exercised end to end, never mocked.
const LOOPBACK = '127.0.0.1';
const FROM = 'Assay <noreply@assay.test>';

const DATA: StakeholderEmailData = {
  orgName: 'Acme Hiring',
  candidateName: 'Eve <script>alert(1)</script> Smith',
  candidateEmail: 'eve@candidates.test',
  testName: 'Backend screening',
  score: '42.5',
  totalScore: '50',
  attemptedOn: '2026-05-01T10:20:30',
  timeTaken: 37,
  windowViolations: 2,
  reportUrl: 'https://assay.test/api/v2/reports/123.pdf?token=a&b=c',
  testInvitationId: 123,
};

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

const rejection = async (promise: Promise<unknown>): Promise<EmailSendError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmailSendError);
  return error as EmailSendError;
};

let cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  cleanups = [];
});
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const smtpServer = async (options?: SMTPServerOptions): Promise<SmtpPeer> => {
  const server = await startSmtpPeer(options);
  cleanups.push(() => server.close());
  return server;
};

const mailer = (options: { smtpUrl?: string; outboxDir?: string }): Mailer => {
  const created = createMailer({ outboxDir: options.outboxDir ?? join(tmpdir(), 'assay-unused-outbox'), from: FROM, ...options });
  cleanups.push(() => created.close());
  return created;
};

const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'assay-mailer-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

describe('createMailer in smtp mode', () => {
  it('delivers a rendered stakeholder email to a real SMTP server', async () => {
    const server = await smtpServer();
    const smtp = mailer({ smtpUrl: `smtp://${LOOPBACK}:${server.port}` });
    expect(smtp.mode).toBe('smtp');

    const result = await smtp.send({ to: 'hiring.manager@acme.test', ...renderStakeholderEmail(DATA) });

    expect(result.savedTo).toBeUndefined();
    expect(server.delivered).toHaveLength(1);
    const [{ mailFrom, rcptTo, user, mail }] = server.delivered as [Delivered];
    expect(rcptTo).toEqual(['hiring.manager@acme.test']);
    expect(mailFrom).toBe('noreply@assay.test');
    expect(user).toBeUndefined();
    expect(addresses(mail.to)).toEqual(['hiring.manager@acme.test']);
    expect(mail.from?.value).toEqual([{ name: 'Assay', address: 'noreply@assay.test' }]);
    expect(mail.messageId).toBe(result.messageId);
    expect(mail.subject).toBe('Completed: Eve <script>alert(1)</script> Smith \u2014 Backend screening (42.5/50)');
    expect(mail.text).toContain('42.5 / 50');
    expect(mail.text).toContain(`View the report (PDF): ${DATA.reportUrl}`);
    const html = mail.html || '';
    expect(html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; Smith');
    expect(html).not.toContain('<script');
    expect(html).toContain('href="https://assay.test/api/v2/reports/123.pdf?token=a&amp;b=c"');
    expect(html).toContain('View the report (PDF)');
  });

  it('logs in with the credentials in the URL when the server requires auth', async () => {
    const server = await smtpServer({
      authOptional: false,
      // Plain-text AUTH is refused by default without TLS; the test peer has no certificate, so it allows it.
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'assay' && auth.password === 'p@ss:word') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    // The password is percent-encoded in the URL, as an operator has to write it.
    const smtp = mailer({ smtpUrl: `smtp://assay:${encodeURIComponent('p@ss:word')}@${LOOPBACK}:${server.port}` });

    await smtp.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });

    expect(server.delivered.map((r) => r.user)).toEqual(['assay']);
  });

  it('rejects with an EAUTH error that names the server, not the password, when the login is refused', async () => {
    const server = await smtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    const smtp = mailer({ smtpUrl: `smtp://assay:sup3rsecret@${LOOPBACK}:${server.port}` });

    const error = await rejection(smtp.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }));

    expect(error.code).toBe('EAUTH');
    expect(error.message).toContain(`SMTP delivery to hm@acme.test via smtp://${LOOPBACK}:${server.port} failed`);
    expect(error.message).not.toContain('sup3rsecret');
    expect(server.delivered).toEqual([]);
  });

  it('rejects with the server reply when the server refuses the message', async () => {
    const server = await smtpServer({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 })));
      },
    });
    const smtp = mailer({ smtpUrl: `smtp://${LOOPBACK}:${server.port}` });

    const error = await rejection(smtp.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }));

    expect(error.message).toContain(`SMTP delivery to hm@acme.test via smtp://${LOOPBACK}:${server.port} failed`);
    expect(error.message).toContain('552');
    expect(error.message).toContain('Mailbox full');
    expect(error.responseCode).toBe(552);
    expect(error.permanent).toBe(true);
  });

  it('rejects with a socket error when nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, LOOPBACK, resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const smtp = mailer({ smtpUrl: `smtp://${LOOPBACK}:${port}` });

    const error = await rejection(smtp.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }));

    expect(error.code).toBe('ESOCKET');
    expect(error.message).toMatch(new RegExp(`via smtp://${LOOPBACK}:${port} failed: ESOCKET .*ECONNREFUSED`));
    expect(error.permanent).toBeUndefined();
  });

  it('gives up on a server that accepts the connection but never greets (timeout from the URL query)', async () => {
    // The built-in 15 s would make this test slow; nodemailer lets the URL query override it, which also
    // proves the timeouts reach the transport.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, LOOPBACK, resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          sockets.forEach((s) => s.destroy());
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as AddressInfo;
    const smtp = mailer({ smtpUrl: `smtp://${LOOPBACK}:${port}?greetingTimeout=300` });

    const started = Date.now();
    const error = await rejection(smtp.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }));

    expect(error.code).toBe('ETIMEDOUT');
    expect(error.message).toContain('Greeting never received');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a URL that is not smtp:// or smtps:// when the mailer is created', () => {
    expect(() => createMailer({ smtpUrl: 'http://127.0.0.1:25', outboxDir: '/nonexistent', from: FROM })).toThrow(
      'The SMTP URL must start with smtp:// or smtps://, not http://',
    );
    expect(() => createMailer({ smtpUrl: 'not a url', outboxDir: '/nonexistent', from: FROM })).toThrow('not a valid URL');
  });
});

describe('createMailer in files mode', () => {
  it('writes each message as a parsable .eml into the outbox, leaving no .tmp behind', async () => {
    const outboxDir = join(await tempDir(), 'nested', 'outbox');
    const files = mailer({ outboxDir });
    expect(files.mode).toBe('files');

    const first = await files.send({ to: 'hm@acme.test', ...renderStakeholderEmail(DATA) });
    const second = await files.send({ to: 'other@acme.test', subject: 'Second', text: 'Two', html: '<p>Two</p>' });

    const names = (await readdir(outboxDir)).sort();
    expect(names).toHaveLength(2);
    expect(names.every((n) => /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[A-Za-z0-9._-]+\.eml$/.test(n))).toBe(true);
    expect(names.some((n) => n.endsWith('.tmp'))).toBe(false);
    expect([first.savedTo, second.savedTo].sort()).toEqual(names.map((n) => join(outboxDir, n)));

    const mail = await simpleParser(await readFile(first.savedTo!));
    expect(mail.messageId).toBe(first.messageId);
    expect(addresses(mail.to)).toEqual(['hm@acme.test']);
    expect(mail.from?.value).toEqual([{ name: 'Assay', address: 'noreply@assay.test' }]);
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.subject).toBe(renderStakeholderEmail(DATA).subject);
    expect(mail.text).toContain('Score:');
    expect(mail.text).toContain('42.5 / 50');
    expect(mail.html || '').toContain('Eve &lt;script&gt;');
    expect(mail.html || '').not.toContain('<script');
  });

  it('names a reminder’s unsubscribe page in List-Unsubscribe, with RFC 8058’s one-click POST, and no other message', async () => {
    const outboxDir = join(await tempDir(), 'outbox');
    const files = mailer({ outboxDir });
    const url = 'https://assay.test/unsubscribe/7.abc';
    const reminder = await files.send({ to: 'c@acme.test', subject: 'Reminder', text: 'Go', html: '<p>Go</p>', unsubscribeUrl: url });
    const plain = await files.send({ to: 'c@acme.test', subject: 'Plain', text: 'Go', html: '<p>Go</p>' });
    const raw = (await readFile(reminder.savedTo!)).toString();
    expect(raw).toContain(`List-Unsubscribe: <${url}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect((await readFile(plain.savedTo!)).toString()).not.toContain('List-Unsubscribe');
  });

  it('rejects with the path when the outbox cannot be written', async () => {
    const blocker = join(await tempDir(), 'a-file');
    await writeFile(blocker, 'not a directory');
    const files = mailer({ outboxDir: blocker });

    const error = await rejection(files.send({ to: 'hm@acme.test', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }));

    expect(error.message).toContain(`Writing the email to hm@acme.test into ${blocker} failed`);
    expect(error.code).toBe('EEXIST');
  });
});

describe('emlFileName', () => {
  it('uses the timestamp and the local part of the Message-ID, safe for any file system', () => {
    const at = new Date(Date.UTC(2026, 4, 1, 10, 20, 30, 123));
    expect(emlFileName(at, '<a1b2-c3d4@assay.test>')).toBe('2026-05-01T10-20-30.123Z-a1b2-c3d4.eml');
    expect(emlFileName(at, '<../../etc/passwd@x>')).toBe('2026-05-01T10-20-30.123Z-....etcpasswd.eml');
    expect(emlFileName(at, '<@x>')).toMatch(/^2026-05-01T10-20-30\.123Z-[0-9a-f]{16}\.eml$/);
  });
});

describe('describeServer', () => {
  it('keeps scheme, host and port and drops the credentials', () => {
    expect(describeServer('smtp://user:secret@127.0.0.1:2525')).toBe('smtp://127.0.0.1:2525');
    expect(describeServer('smtps://user:secret@127.0.0.1')).toBe('smtps://127.0.0.1:465');
    expect(describeServer('smtp://127.0.0.1')).toBe('smtp://127.0.0.1:587');
  });
});
