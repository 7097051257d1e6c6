import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleWorker } from '@assay/jobs';
import { ALREADY_REGISTERED_MESSAGE, type SelfRegistration, type TestLink } from '@assay/domain';
import { SUM_SOLUTION, candidate, questionIdsOf, tokenOf } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { silentLog } from '../helpers/receiver.js';
import { startSmtpPeer } from '../helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Attack class: a stranger who knows (or guesses) someone's address registers it on a public link to get
 * their take-test URL (to read or submit their answers) or to change their name. However the address is
 * spelled and however the victim was registered, the stranger gets no URL and changes nothing.
 */
describe.each(backends)('self-registration never reveals or changes another invitation, on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let link: TestLink;

  const selfRegister = async (emailId: string, fullName = 'Mallory') =>
    expectSuccess<SelfRegistration>(
      await h.request({ method: 'POST', url: `/candidate/v1/links/${link.testLinkAccessKey}/register`, apiKey: null, body: { fullName, emailId } }),
    );
  const stored = (email: string) =>
    h.store.db.selectFrom('candidates').select(['full_name', 'email']).where('email_key', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  const linkEmails = () => h.store.db.selectFrom('jobs').selectAll().where('kind', '=', 'link_email').execute();
  const tokens = async () => (await h.store.db.selectFrom('invitations').select('token').execute()).map((row) => row.token);

  /** Victims registered every way there is: by the org (4.7, 4.8) and on the link itself. */
  const victims = {
    org: async (emailId: string) =>
      expectSuccess<{ takeTestURL: string }>(
        await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Victoria Victim' } }),
      ).takeTestURL,
    orgLink: async (emailId: string) =>
      expectSuccess<{ testUrl: string }>(
        await h.request({
          method: 'POST',
          url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
          body: { emailId, fullName: 'Victoria Victim' },
        }),
      ).testUrl,
    selfOnLink: async (emailId: string) => (await selfRegister(emailId, 'Victoria Victim')).testUrl!,
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
    link = expectSuccess<TestLink>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Campus', accessTime: 0 } }),
    );
  });
  afterAll(() => h.close());

  it('a new address gets its own URL, once', async () => {
    const result = await selfRegister('new.person@example.com', 'New Person');
    expect(result).toMatchObject({ sentByEmail: false, message: null });
    expect(result.testUrl).toMatch(/^https:\/\/assay\.test\/t\//);
  });

  for (const [how, register] of Object.entries(victims)) {
    it.each([
      ['the same spelling', (email: string) => email],
      ['another letter case', (email: string) => email.toUpperCase()],
      ['mixed case', (email: string) => email.replace(/^(.)(.*)@(.)/, (_m, a: string, b: string, c: string) => `${a.toUpperCase()}${b}@${c.toUpperCase()}`)],
    ])(`a victim registered by %s… (${how}): the stranger gets no URL, the name stays, the owner is emailed`, async (_spelling, spell) => {
      const email = `victim.${how}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const victimUrl = await register(email);
      const before = await tokens();
      const emailsBefore = (await linkEmails()).length;

      const result = await selfRegister(spell(email));

      expect(result).toEqual({ testUrl: null, sentByEmail: true, message: ALREADY_REGISTERED_MESSAGE });
      expect(JSON.stringify(result)).not.toContain(tokenOf(victimUrl));
      expect(await tokens()).toEqual(before);
      expect(await stored(email)).toEqual({ full_name: 'Victoria Victim', email });
      const sent = await linkEmails();
      expect(sent).toHaveLength(emailsBefore + 1);
      expect(sent.at(-1)!.target).toBe(email);
    });
  }

  it('holds after the victim completed, and after the org cancelled: no new invitation, no URL', async () => {
    const completedUrl = await victims.org('done@example.com');
    const session = candidate(h, tokenOf(completedUrl));
    const started = await session.client.start();
    expectSuccess(await session.answer(questionIdsOf(started)[2]!, { code: SUM_SOLUTION }));
    expectSuccess(await session.submit());
    expect((await selfRegister('DONE@example.com')).testUrl).toBeNull();
    expect((await session.client.session()).state).toBe('Completed');

    const cancelledUrl = await victims.org('cancelled@example.com');
    const cancelled = await h.store.db.selectFrom('invitations').select('id').where('token', '=', tokenOf(cancelledUrl)).executeTakeFirstOrThrow();
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${cancelled.id}/cancel` }));
    const countBefore = (await tokens()).length;
    expect((await selfRegister('cancelled@example.com')).testUrl).toBeNull();
    expect((await tokens()).length).toBe(countBefore);
  });

  it('the owner gets at most one link email per 10 minutes however often the address is registered', async () => {
    await victims.org('spammed@example.com');
    const before = (await linkEmails()).length;
    for (let i = 0; i < 5; i += 1) await selfRegister('spammed@example.com');
    expect((await linkEmails()).length).toBe(before + 1);
  });

  it('the email goes through SMTP to the stored address, with the live link; after completion, without it', async () => {
    const smtp = await startSmtpPeer();
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url }, silentLog, { codeRunner: h.app.assay.runner });
    try {
      const url = await victims.org('Mailbox@example.com');
      await selfRegister('MAILBOX@EXAMPLE.COM', 'Not The Owner');
      await worker.drain();
      const [live] = smtp.to('Mailbox@example.com');
      expect(live?.subject).toBe('Your link for Backend screening');
      expect(live?.text).toContain(url);
      // No name at all: anyone can cause this email, and the stored name may be anyone's words (public-link-is-no-mail-relay).
      expect(live?.text).toMatch(/^Hello,\n/);
      expect(live?.text).not.toContain('Victoria Victim');
      expect(live?.text).not.toContain('Not The Owner');

      const doneUrl = await victims.org('finished@example.com');
      const session = candidate(h, tokenOf(doneUrl));
      expectSuccess(await session.start());
      expectSuccess(await session.submit());
      await selfRegister('finished@example.com');
      await worker.drain();
      const [done] = smtp.to('finished@example.com');
      expect(done?.text).toContain('already completed');
      expect(done?.text).not.toContain(tokenOf(doneUrl));
    } finally {
      await worker.close();
      await smtp.close();
    }
  });
});
