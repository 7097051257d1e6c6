import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { addressesIn, legacyEmailAbout } from './legacy-outbox-match.js';

/** Decision 1001: a file written before the outbox's records is about an invitation only by its exact address and a mark of it. */
describe('legacyEmailAbout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-legacy-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const token = 'tok-alan-0123456789abcdef';
  const alan = { invitationId: 42, email: 'Alan@Example.com', token };

  /** The message as nodemailer writes it to the outbox (quoted-printable, base64 for non-ASCII). */
  const written = async (message: { to: string; subject: string; text: string }) => {
    const mailer = createMailer({ outboxDir: dir, from: 'Assay <noreply@example.com>' });
    const before = new Set(readdirSync(dir));
    await mailer.send({ ...message, html: `<p>${message.text}</p>` });
    mailer.close();
    const name = readdirSync(dir).find((file) => !before.has(file))!;
    return readFileSync(join(dir, name), 'utf8');
  };

  it('finds the address and the mark however nodemailer encoded them', async () => {
    const long = 'x'.repeat(70);
    const folded = await written({
      to: 'hiring@example.com',
      subject: 'Completed',
      text: `${long} Candidate: Alan Turing <alan@example.com> · Invitation 42 · Org`,
    });
    expect(legacyEmailAbout(folded, alan)).toBe(true);
    const encoded = await written({ to: 'alan@example.com', subject: 'Zoë, your test', text: `Zoë ŝ ĉ ĝ ĥ ĵ ŭ: https://assay.test/t/${token}` });
    expect(legacyEmailAbout(encoded, alan)).toBe(true);
  });

  it('never by a part of another address, a name, or the address without a mark of the invitation', async () => {
    expect(legacyEmailAbout(await written({ to: 'joalan@example.com', subject: 'x', text: `Invitation 42 · https://assay.test/t/${token}` }), alan)).toBe(
      false,
    );
    expect(legacyEmailAbout(await written({ to: 'alan@example.com.au', subject: 'x', text: 'Invitation 42 ·' }), alan)).toBe(false);
    expect(legacyEmailAbout(await written({ to: 'alan@example.com', subject: 'Alan Turing', text: 'Invitation 421 · Alan Turing' }), alan)).toBe(false);
    expect(legacyEmailAbout(await written({ to: 'hiring@example.com', subject: 'x', text: 'Alan Turing finished Invitation 42' }), alan)).toBe(false);
  });

  it('reads every whole address in a text, in the form registration keys it', () => {
    expect([...addressesIn('To: "Jo" <JoAnn@X.test>, ann@x.test; mail ann@x.test.')]).toEqual(['joann@x.test', 'ann@x.test']);
  });
});
