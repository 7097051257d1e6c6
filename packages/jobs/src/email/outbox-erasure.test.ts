import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { readableEmailText, removeOutboxEmails } from './outbox-erasure.js';

describe('removeOutboxEmails (issue 51, decision 842)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const outbox = () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-outbox-erasure-'));
    dirs.push(dir);
    return dir;
  };

  it('removes the emails that name the person, however nodemailer encoded them, and keeps the others', async () => {
    const dir = outbox();
    const mailer = createMailer({ outboxDir: dir, from: 'Assay <noreply@example.com>' });
    const long = 'x'.repeat(70);
    // The address in a body line long enough to be folded by quoted-printable, and a name only in base64 (non-ASCII).
    await mailer.send({ to: 'hiring@example.com', subject: 'Completed', text: `${long} Candidate: Alan Turing <alan@example.com>`, html: '<p>x</p>' });
    await mailer.send({ to: 'hiring@example.com', subject: 'Zoë Ünal completed', text: 'Zoë Ünal ŝ ĉ ĝ ĥ ĵ ŭ ŝ ĉ ĝ ĥ ĵ ŭ finished', html: '<p>Zoë Ünal</p>' });
    await mailer.send({ to: 'grace@example.com', subject: 'Your test', text: 'Hello Grace', html: '<p>Hello Grace</p>' });
    mailer.close();
    expect(readdirSync(dir)).toHaveLength(3);

    expect(await removeOutboxEmails(dir, ['ALAN@example.com', 'Zoë Ünal', 'ab'])).toBe(2);
    const [left] = readdirSync(dir);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readableEmailText(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, left!), 'utf8')))).toContain('grace@example.com');
  });

  it('finds nothing to remove in a missing directory, and ignores other files', async () => {
    const dir = outbox();
    writeFileSync(join(dir, 'notes.txt'), 'alan@example.com');
    expect(await removeOutboxEmails(join(dir, 'missing'), ['alan@example.com'])).toBe(0);
    expect(await removeOutboxEmails(dir, ['alan@example.com'])).toBe(0);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });
});
