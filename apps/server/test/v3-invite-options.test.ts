import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CandidateSession } from '@assay/domain';
import { candidate, tokenOf } from './helpers/candidate.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { expectSuccess } from './helpers/expectations.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

interface V3Invited {
  testInvitationId: number;
  testUrl: string;
}

/**
 * v3's invite fields that were accepted and ignored until now act (decisions 985–986): `stakeholderEmails` are told of
 * the completion with the report link like the link's stakeholder, each address once; `hideInstruction` leaves the
 * rules off the landing, through a reattempt too. A re-invite that leaves them out keeps them.
 */
describe.each(backends)("v3's stakeholderEmails and hideInstruction on %s", (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-v3-options-'));

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const invite = async (testId: number, body: Record<string, unknown>) => {
    const response = await h.request({ method: 'POST', url: `/v3/tests/${testId}/invite`, body: { name: 'Ada Candidate', ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<V3Invited>();
  };
  const sessionOf = async (testUrl: string) => (await candidate(h, tokenOf(testUrl)).session()).json<{ result: CandidateSession }>().result;
  const complete = async (testUrl: string) => {
    const api = candidate(h, tokenOf(testUrl));
    await api.client.start();
    expectSuccess(await api.submit());
  };

  it('tells every stakeholder the invite named of the completion, once each, with the report link', async () => {
    const testId = await h.importTest();
    const invited = await invite(testId, {
      email: 'told@example.com',
      stakeholderEmails: ['lead@acme.example', 'Panel@acme.example', 'panel@ACME.example'],
    });
    await complete(invited.testUrl);
    await drainOutbox(h, smtp.url, outboxDir);
    for (const address of ['lead@acme.example', 'Panel@acme.example']) {
      const mails = smtp.to(address);
      expect(mails, address).toHaveLength(1);
      expect(mails[0]?.text).toContain('Ada Candidate');
      expect(mails[0]?.text).toMatch(/\/report/);
    }
    // The second spelling of Panel's address was not told again.
    expect(smtp.to('panel@ACME.example')).toHaveLength(0);
  });

  it('keeps the stakeholders through a re-invite that leaves them out, and [] clears them', async () => {
    const testId = await h.importTest();
    await invite(testId, { email: 'kept@example.com', stakeholderEmails: ['kept-lead@acme.example'] });
    const again = await invite(testId, { email: 'kept@example.com' });
    await complete(again.testUrl);
    await drainOutbox(h, smtp.url, outboxDir);
    expect(smtp.to('kept-lead@acme.example')).toHaveLength(1);

    const other = await h.importTest();
    await invite(other, { email: 'cleared@example.com', stakeholderEmails: ['cleared-lead@acme.example'] });
    const cleared = await invite(other, { email: 'cleared@example.com', stakeholderEmails: [] });
    await complete(cleared.testUrl);
    await drainOutbox(h, smtp.url, outboxDir);
    expect(smtp.to('cleared-lead@acme.example')).toHaveLength(0);
  });

  it('hideInstruction: the session says so, a reattempt follows it, and false shows the rules again', async () => {
    const testId = await h.importTest();
    const plain = await invite(testId, { email: 'plain@example.com' });
    expect((await sessionOf(plain.testUrl)).hideInstructions).toBeUndefined();

    const hidden = await invite(testId, { email: 'hidden@example.com', hideInstruction: true });
    expect((await sessionOf(hidden.testUrl)).hideInstructions).toBe(true);
    await complete(hidden.testUrl);
    const next = await h.request({ method: 'POST', url: `/v3/invitations/${hidden.testInvitationId}/reattempt`, body: {} });
    const nextUrl = next.json<V3Invited>().testUrl;
    expect((await sessionOf(nextUrl)).hideInstructions).toBe(true);

    await complete(nextUrl);
    const shown = await h.request({
      method: 'POST',
      url: `/v3/invitations/${next.json<V3Invited>().testInvitationId}/reattempt`,
      body: { hideInstruction: false },
    });
    expect((await sessionOf(shown.json<V3Invited>().testUrl)).hideInstructions).toBeUndefined();
  });

  it('refuses a stakeholder that is no address, in v3’s shape, and stores nothing', async () => {
    const testId = await h.importTest();
    const refused = await h.request({
      method: 'POST',
      url: `/v3/tests/${testId}/invite`,
      body: { name: 'X', email: 'x@example.com', stakeholderEmails: ['not an address'] },
    });
    expect([refused.statusCode, refused.json().statuscode]).toEqual([400, '400.2']);
    const listed = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain('x@example.com');
  });
});
