import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SelfRegistration, TestLink } from '@assay/domain';
import { assembleWorker, type AssembledWorker } from '@assay/jobs';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { silentLog } from '../helpers/receiver.js';
import { startSmtpPeer } from '../helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Attack class: the public link as a mail relay. Anyone can type an address on `/l/{key}`; an address already
 * registered is emailed its link by the org's sender. That email carried the name the first registrant typed
 * ("URGENT: your account is locked, verify at http://evil.example…"), phishing under the org's name, and a registrant
 * could aim it at any number of strangers. Now it carries nothing anyone typed, and it is budgeted per client address
 * and per link (429.1 beyond, nothing sent); the honest candidate who lost their link still gets it.
 */
const PER_CLIENT = 3;
const PER_LINK = 5;
const PHISHING = 'URGENT: your account is locked, verify at http://evil.example/login';

describe.each(backends)('the public link is no mail relay, on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let worker: AssembledWorker;
  let testId: number;
  let link: TestLink;
  let clients = 0;

  /** A registration on the link from `client` (a remote address), as its own network would send it. */
  const register = (emailId: string, fullName: string, client: string) =>
    h.app.inject({
      method: 'POST',
      url: `/candidate/v1/links/${link.testLinkAccessKey}/register`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailId, fullName }),
      remoteAddress: client,
    } satisfies InjectOptions);
  const newClient = () => `198.51.100.${(clients += 1)}`;

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_RATE_LIMIT_LINK_EMAIL: `${PER_CLIENT}/1h`, ASSAY_RATE_LIMIT_LINK_EMAIL_PER_LINK: `${PER_LINK}/1h` });
    smtp = await startSmtpPeer();
    testId = await h.importTest();
  });
  beforeEach(async () => {
    // A link of its own per test: each starts with the link's whole budget.
    link = expectSuccess<TestLink>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Campus', accessTime: 0 } }),
    );
    smtp.received.length = 0;
    worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url }, silentLog, { codeRunner: h.app.assay.runner });
  });
  afterEach(() => worker.close());
  afterAll(async () => {
    await smtp?.close();
    await h?.close();
  });

  it('the link email carries nothing a registrant typed: no name, no URL of theirs', async () => {
    const attacker = newClient();
    // Registered first by the attacker (the page shows them the URL; nobody is emailed), then once more.
    expect(expectSuccess<SelfRegistration>(await register('victim@example.com', PHISHING, attacker)).sentByEmail).toBe(false);
    expect(expectSuccess<SelfRegistration>(await register('victim@example.com', PHISHING, attacker)).sentByEmail).toBe(true);
    await worker.drain();

    const [mail] = smtp.to('victim@example.com');
    expect(mail?.subject).toBe('Your link for Backend screening');
    expect(mail?.text).toMatch(/^Hello,\n\nYou are registered for "Backend screening"\. Open your test here:\nhttps:\/\/assay\.test\/t\//);
    for (const part of [mail!.subject ?? '', mail!.text ?? '', String(mail!.html)]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('URGENT');
    }
  });

  it('one registrant cannot aim link emails at many addresses: the client budget answers 429.1 and sends nothing', async () => {
    const attacker = newClient();
    const strangers = Array.from({ length: PER_CLIENT + 3 }, (_, index) => `stranger.${index}.${backend}@example.com`);
    for (const stranger of strangers) expectSuccess(await register(stranger, 'Nobody', newClient()));

    const answers = [];
    for (const stranger of strangers) answers.push(await register(stranger, PHISHING, attacker));
    await worker.drain();

    expect(answers.slice(0, PER_CLIENT).map((answer) => answer.statusCode)).toEqual(Array(PER_CLIENT).fill(200));
    for (const refused of answers.slice(PER_CLIENT)) {
      expectFailure(refused, '429.1');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(smtp.received).toHaveLength(PER_CLIENT);
  });

  it('many registrants together cannot either: the link budget holds across client addresses', async () => {
    const strangers = Array.from({ length: PER_LINK + 3 }, (_, index) => `crowd.${index}.${backend}@example.com`);
    for (const stranger of strangers) expectSuccess(await register(stranger, 'Nobody', newClient()));

    const statuses = [];
    for (const stranger of strangers) statuses.push((await register(stranger, PHISHING, newClient())).statusCode);
    await worker.drain();

    expect(statuses).toEqual([...Array(PER_LINK).fill(200), ...Array(3).fill(429)]);
    expect(smtp.received).toHaveLength(PER_LINK);
  });

  it('the honest candidate: a URL on the page at once, and their link by email when they register again', async () => {
    const candidate = newClient();
    const first = expectSuccess<SelfRegistration>(await register('honest@example.com', 'Honest Person', candidate));
    expect(first.testUrl).toMatch(/^https:\/\/assay\.test\/t\//);
    await worker.drain();
    expect(smtp.received).toHaveLength(0);

    expectSuccess(await register('honest@example.com', 'Honest Person', candidate));
    await worker.drain();
    expect(smtp.to('honest@example.com').map((mail) => mail.text)).toEqual([expect.stringContaining(first.testUrl!)]);
  });
});
