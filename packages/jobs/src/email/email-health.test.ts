import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from '@assay/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailHealth, errorCodeOf, watchedMailer } from './email-health.js';
import { createMailer, EmailSendError } from './mailer.js';

const NOW = Date.UTC(2026, 10, 27, 9);
const MESSAGE = { to: 'ann.secret@candidates.test', subject: 'Ann Secret, your test', text: 'Hello Ann Secret', html: '<p>Hello Ann Secret</p>' };

/** A logger that keeps what it was told, as pino would write it. */
const recordingLog = () => {
  const lines: { level: string; fields: object; message: string | undefined }[] = [];
  const at = (level: string) => (fields: object, message?: string) => lines.push({ level, fields, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Issue 59 item 9: a failing outbox is logged at each attempt, counted, and said, never silently retried. */
describe("a worker's emails, watched", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('logs each failed write at warn with its code and the system reason, never the recipient; says it is failing until one goes out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'assay-email-health-'));
    dirs.push(root);
    // A real filesystem refusal: the outbox folder's parent is a file, so the folder cannot be made (ENOTDIR).
    writeFileSync(join(root, 'not-a-folder'), '');
    const outboxDir = join(root, 'not-a-folder', 'outbox');
    const health = new EmailHealth();
    const { lines, log } = recordingLog();
    let now = NOW;
    const mailer = watchedMailer(createMailer({ outboxDir, from: 'Assay <noreply@assay.test>' }), health, log, () => now, outboxDir);
    expect(health.state).toEqual({ mode: 'files', outboxDir, failing: null });

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const error = await failureOf(mailer.send(MESSAGE));
      expect(error).toBeInstanceOf(EmailSendError);
      now += 5_000;
    }
    expect(health.state?.failing).toEqual({ code: 'ENOTDIR', reason: 'ENOTDIR: not a directory', since: NOW, lastAt: NOW + 10_000, attempts: 3 });
    expect([...health.failures]).toEqual([['files ENOTDIR', 3]]);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.level).toBe('warn');
      expect(line.fields).toMatchObject({ mailMode: 'files', code: 'ENOTDIR', reason: 'ENOTDIR: not a directory' });
      expect(line.message).toContain(`could not be written into the outbox folder ${outboxDir} (ASSAY_OUTBOX_DIR): ENOTDIR: not a directory`);
      expect(JSON.stringify(line)).not.toMatch(/ann|secret/i);
    }
    expect(lines.at(-1)!.fields).toMatchObject({ failedAttemptsInARow: 3, failingSince: new Date(NOW).toISOString() });

    // The folder can be made again: the next email goes out and sending is no longer failing; the count stays.
    rmSync(join(root, 'not-a-folder'));
    await mailer.send(MESSAGE);
    expect(health.state?.failing).toBeNull();
    expect(health.failures.get('files ENOTDIR')).toBe(3);
    expect(lines).toHaveLength(3);
  });

  it('counts an SMTP server that refuses the connection under its code', async () => {
    const url = `smtp://127.0.0.1:${await closedPort()}`;
    const health = new EmailHealth();
    const { lines, log } = recordingLog();
    const mailer = watchedMailer(createMailer({ smtpUrl: url, outboxDir: '/unused', from: 'Assay <noreply@assay.test>' }), health, log, () => NOW);
    const error = await failureOf(mailer.send(MESSAGE));
    expect(errorCodeOf(error)).toBe('ESOCKET');
    expect(health.state).toMatchObject({ mode: 'smtp', failing: { code: 'ESOCKET', attempts: 1 } });
    expect(health.state).not.toHaveProperty('outboxDir');
    expect(lines[0]!.message).toMatch(/^an email could not be handed to the SMTP server: ESOCKET/);
    expect(JSON.stringify(lines)).not.toMatch(/ann|secret/i);
  });

  it('keeps codes a bounded set of words', () => {
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe('ENOSPC');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'ann@example.com' }))).toBe('other');
    expect(errorCodeOf(new Error('no code'))).toBe('other');
    expect(new EmailHealth().state).toBeUndefined();
  });
});
