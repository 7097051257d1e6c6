import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMoves, candidate, manualClock, registerFor, tokenOf } from './helpers/candidate.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { expectSuccess } from './helpers/expectations.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

interface V3Invited {
  testInvitationId: number;
  testUrl: string;
  status: string;
}
interface V3Reattempted {
  testInvitationId: number;
  testUrl: string;
  callbackUrlRegistered: boolean;
  redirectUrlRegistered: boolean;
}

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const iso = (at: number) => new Date(at).toISOString().replace('.000', '');

/** A v3 answer: plain HTTP 200, the object itself (no envelope). */
const v3Ok = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
/** v3's invite answers 201 Created, as iMocha documents it (decision 1022). */
const v3Created = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as T;
};
/** A v3 failure: the plain HTTP status and `{ statusCode, message, errors, statuscode }`. */
const v3Failure = (response: LightMyRequestResponse, status: number, statuscode: string) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { statusCode: number; message: string; errors: string[]; statuscode: string };
  expect(body).toEqual({ statusCode: status, message: body.message, errors: [body.message], statuscode });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
};

/**
 * Issue 52 rows 5–8: v3's invite, invite by link, reattempt and cancel on the invitations v2 reads and moves, with v3's
 * re-invite, reattempt and cancel tables (docs/v3.md, "Invitations").
 */
describe.each(backends)('v3 invitations on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-v3-'));

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const invite = (testId: number, body: Record<string, unknown>, apiKey?: string) =>
    h.request({ method: 'POST', url: `/v3/tests/${testId}/invite`, body: { name: 'Ada Candidate', ...body }, ...(apiKey ? { apiKey } : {}) });
  const cancel = (id: number, apiKey?: string) => h.request({ method: 'POST', url: `/v3/invitations/${id}/cancel`, ...(apiKey ? { apiKey } : {}) });
  const reattempt = (id: number, body: Record<string, unknown> = {}) => h.request({ method: 'POST', url: `/v3/invitations/${id}/reattempt`, body });
  const v2Report = async (id: number) =>
    expectSuccess<{ testStatus: string; emailId: string }>(await h.request({ method: 'GET', url: `/v2/org/report/${id}` }));
  const statusOf = async (id: number) => (await v2Report(id)).testStatus;
  const expiryOf = async (id: number) => (await h.store.invitations.find(h.org.orgId, id))?.expiresAt;
  const take = async (testUrl: string) => {
    const api = candidate(h, tokenOf(testUrl));
    await api.client.start();
    return api;
  };

  it('invites: Pending, a take-test URL, no test link of its own, no email unless asked', async () => {
    const testId = await h.importTest();
    const invited = v3Created<V3Invited>(await invite(testId, { email: 'first@example.com', endDateTime: iso(START + 48 * HOUR) }));
    expect(invited.status).toBe('Pending');
    expect(invited.testUrl).toMatch(/^https:\/\/assay\.test\/t\/[A-Za-z0-9_-]{22,}$/);
    const stored = await h.store.invitations.find(h.org.orgId, invited.testInvitationId);
    expect(stored?.testLinkId).toBeNull();
    expect(stored?.interface).toBe('v3');
    expect(stored?.expiresAt).toBe(START + 48 * HOUR);
    await drainOutbox(h, smtp.url, outboxDir, { now: clock.now });
    expect(smtp.to('first@example.com')).toHaveLength(0);
  });

  it('sendEmail: true delivers the invitation through the real SMTP peer', async () => {
    const testId = await h.importTest();
    const invited = v3Created<V3Invited>(await invite(testId, { email: 'mailed@example.com', sendEmail: true }));
    await drainOutbox(h, smtp.url, outboxDir, { now: clock.now });
    const [mail] = smtp.to('mailed@example.com');
    expect(mail?.text).toContain(invited.testUrl);
  });

  it('reads a wall-clock end in timeZoneId and stores it as the instant', async () => {
    const testId = await h.importTest();
    // 2026-11-30 17:30 in Kolkata (UTC+05:30) is 12:00 UTC.
    const kolkata = (await h.request({ method: 'GET', url: '/v2/timezones' }))
      .json()
      .result.timeZones.find((zone: { iana: string }) => zone.iana === 'Asia/Kolkata');
    const invited = v3Created<V3Invited>(
      await invite(testId, { email: 'zoned@example.com', endDateTime: '2026-11-30T17:30:00', timeZoneId: kolkata.timeZoneId }),
    );
    expect(await expiryOf(invited.testInvitationId)).toBe(Date.UTC(2026, 10, 30, 12, 0, 0));
  });

  describe('the re-invite table', () => {
    it('Pending → the same invitation with the new access time', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'pending@example.com', endDateTime: iso(START + 24 * HOUR) }));
      const again = v3Created<V3Invited>(await invite(testId, { email: 'pending@example.com', endDateTime: iso(START + 72 * HOUR) }));
      expect(again).toEqual({ ...first, status: 'Pending' });
      expect(await expiryOf(first.testInvitationId)).toBe(START + 72 * HOUR);
    });

    it('Expired → the same invitation, Pending again with the new access time', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'expired@example.com', endDateTime: iso(clock.now() + HOUR) }));
      clock.advance(2 * HOUR);
      // Expired cannot be cancelled, in v3's words.
      expect(v3Failure(await cancel(first.testInvitationId), 400, '400.58').message).toBe(
        'Testinvitation state in inprogress, complete, and expired can not be cancelled.',
      );
      const again = v3Created<V3Invited>(await invite(testId, { email: 'expired@example.com', endDateTime: iso(clock.now() + 24 * HOUR) }));
      expect(again).toEqual({ ...first, status: 'Pending' });
      expect(await expiryOf(first.testInvitationId)).toBe(clock.now() + 24 * HOUR);
    });

    it('Cancelled → a new Pending invitation follows the cancelled one (decision 899)', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'cancelled@example.com' }));
      v3Ok(await cancel(first.testInvitationId));
      const again = v3Created<V3Invited>(await invite(testId, { email: 'cancelled@example.com', endDateTime: iso(clock.now() + 24 * HOUR) }));
      expect(again.status).toBe('Pending');
      expect(again.testInvitationId).not.toBe(first.testInvitationId);
      expect(await statusOf(first.testInvitationId)).toBe('Cancelled');
      expect(await expiryOf(again.testInvitationId)).toBe(clock.now() + 24 * HOUR);
    });

    it('In Progress → the current invitation, its access time untouched', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'running@example.com' }));
      await take(first.testUrl);
      const again = v3Created<V3Invited>(await invite(testId, { email: 'running@example.com', endDateTime: iso(clock.now() + 24 * HOUR) }));
      expect(again).toEqual({ ...first, status: 'In Progress' });
      expect(await expiryOf(first.testInvitationId)).toBeNull();
    });

    it('Test Left (the time ran out) → the same invitation as it is; reattempt makes a new one', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'timeup@example.com' }));
      await applyMoves(h, h.org.orgId, first.testInvitationId, 'start', 'expire');
      const again = v3Created<V3Invited>(await invite(testId, { email: 'timeup@example.com' }));
      expect(again).toEqual({ ...first, status: 'Test Left' });
      const next = v3Ok<V3Reattempted>(await reattempt(first.testInvitationId));
      expect(next.testInvitationId).not.toBe(first.testInvitationId);
    });

    it('Complete → the same invitation as it is', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'done@example.com' }));
      await (await take(first.testUrl)).submit();
      const again = v3Created<V3Invited>(await invite(testId, { email: 'done@example.com' }));
      expect(again).toEqual({ ...first, status: 'Complete' });
    });
  });

  describe('a future startDateTime (decision 1024)', () => {
    it('opens the invitation then: Pending, the start refused 403.6 before it, the session saying when', async () => {
      const testId = await h.importTest();
      const opensAt = clock.now() + 3 * HOUR;
      const invited = v3Created<V3Invited>(await invite(testId, { email: 'later@example.com', startDateTime: iso(opensAt), endDateTime: iso(opensAt + HOUR) }));
      expect(invited.status).toBe('Pending');
      const api = candidate(h, tokenOf(invited.testUrl));
      const session = (await api.session()).json<{ result: { access: { verdict: string; message: string }; invitationOpensAt?: string } }>().result;
      expect(session.access).toMatchObject({ verdict: 'notYetOpen', message: 'This test is not open yet.' });
      expect(session.invitationOpensAt).toBe(new Date(opensAt).toISOString());
      const refused = await api.start();
      expect([refused.statusCode, refused.json().statuscode]).toEqual([403, '403.6']);
      clock.set(opensAt);
      expect((await api.start()).statusCode).toBe(200);
    });

    it('a re-invite without a start opens a renewed invitation at once', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'sooner@example.com', startDateTime: iso(clock.now() + 5 * HOUR) }));
      v3Created(await invite(testId, { email: 'sooner@example.com' }));
      expect((await h.store.invitations.find(h.org.orgId, first.testInvitationId))?.opensAt).toBeNull();
      expect((await candidate(h, tokenOf(first.testUrl)).start()).statusCode).toBe(200);
    });
  });

  describe('reattempt and cancel', () => {
    it('reattempt of a finished attempt: a new invitation, URLs registered, PascalCase as documented', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'again@example.com' }));
      await (await take(first.testUrl)).submit();
      const next = v3Ok<V3Reattempted>(
        await reattempt(first.testInvitationId, { EndDateTime: iso(clock.now() + 24 * HOUR), CallbackUrl: 'https://hooks.example.com/v3', sendEmail: false }),
      );
      expect(next.testInvitationId).not.toBe(first.testInvitationId);
      expect(next).toMatchObject({ callbackUrlRegistered: true, redirectUrlRegistered: false });
      expect(next.testUrl).not.toBe(first.testUrl);
      expect(await statusOf(next.testInvitationId)).toBe('Pending');
      expect(await expiryOf(next.testInvitationId)).toBe(clock.now() + 24 * HOUR);
    });

    it('reattempt In Progress is refused in v3’s words', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'busy@example.com' }));
      await take(first.testUrl);
      expect(v3Failure(await reattempt(first.testInvitationId), 400, '400.57').message).toBe(
        'Reattempt is not allowed for a test invitation in inprogress state.',
      );
    });

    it('reattempt of Pending and Expired renews the same invitation with the new access time, as iMocha does (decision 1023)', async () => {
      const testId = await h.importTest();
      const pending = v3Created<V3Invited>(await invite(testId, { email: 'renew@example.com', endDateTime: iso(clock.now() + HOUR) }));
      const renewed = v3Ok<V3Reattempted>(
        await reattempt(pending.testInvitationId, { EndDateTime: iso(clock.now() + 24 * HOUR), hideInstruction: 0, sendEmail: 'no' }),
      );
      expect(renewed).toEqual({
        testInvitationId: pending.testInvitationId,
        testUrl: pending.testUrl,
        callbackUrlRegistered: false,
        redirectUrlRegistered: false,
      });
      expect(await expiryOf(pending.testInvitationId)).toBe(clock.now() + 24 * HOUR);
      clock.advance(25 * HOUR);
      // Expired now: renewed, Pending again, and startable.
      expect(v3Failure(await cancel(pending.testInvitationId), 400, '400.58').message).toMatch(/expired can not be cancelled/);
      const again = v3Ok<V3Reattempted>(await reattempt(pending.testInvitationId, { EndDateTime: iso(clock.now() + 24 * HOUR) }));
      expect(again.testInvitationId).toBe(pending.testInvitationId);
      expect(await statusOf(pending.testInvitationId)).toBe('Pending');
      await take(pending.testUrl);
      expect(await statusOf(pending.testInvitationId)).toBe('In progress');
    });

    it('reattempt of a cancelled invitation: a new Pending one follows it, the cancelled one stays cancelled (decisions 899, 1023)', async () => {
      const testId = await h.importTest();
      const first = v3Created<V3Invited>(await invite(testId, { email: 'uncancel@example.com' }));
      v3Ok(await cancel(first.testInvitationId));
      const next = v3Ok<V3Reattempted>(await reattempt(first.testInvitationId, { EndDateTime: iso(clock.now() + 24 * HOUR) }));
      expect(next.testInvitationId).not.toBe(first.testInvitationId);
      expect(await statusOf(first.testInvitationId)).toBe('Cancelled');
      expect(await statusOf(next.testInvitationId)).toBe('Pending');
      expect(await expiryOf(next.testInvitationId)).toBe(clock.now() + 24 * HOUR);
      // Asked again, the same follower answers: no second invitation.
      expect(v3Ok<V3Reattempted>(await reattempt(first.testInvitationId)).testInvitationId).toBe(next.testInvitationId);
    });

    it('camelCase and PascalCase that disagree are refused 400 (decision 901)', async () => {
      const testId = await h.importTest();
      const invited = v3Created<V3Invited>(await invite(testId, { email: 'spelled@example.com' }));
      const refused = v3Failure(
        await reattempt(invited.testInvitationId, { EndDateTime: '2036-12-01T00:00:00Z', endDateTime: '2036-12-02T00:00:00Z' }),
        400,
        '400.2',
      );
      expect(refused.message).toContain('EndDateTime and endDateTime are the same field');
    });

    it('cancel of Pending answers cancelled; In Progress and Complete are refused in v3’s words', async () => {
      const testId = await h.importTest();
      const pending = v3Created<V3Invited>(await invite(testId, { email: 'stop@example.com' }));
      expect(v3Ok(await cancel(pending.testInvitationId))).toEqual({ testInvitationId: pending.testInvitationId, status: 'cancelled' });
      expect(v3Ok(await cancel(pending.testInvitationId))).toEqual({ testInvitationId: pending.testInvitationId, status: 'cancelled' });
      const running = v3Created<V3Invited>(await invite(testId, { email: 'going@example.com' }));
      const api = await take(running.testUrl);
      v3Failure(await cancel(running.testInvitationId), 400, '400.58');
      await api.submit();
      v3Failure(await cancel(running.testInvitationId), 400, '400.58');
    });
  });

  describe('one set of invitations for v2 and v3', () => {
    it('invited through v3: v2 reads the report and cancels it', async () => {
      const testId = await h.importTest();
      const invited = v3Created<V3Invited>(await invite(testId, { email: 'both-ways@example.com' }));
      expect(await v2Report(invited.testInvitationId)).toMatchObject({ testStatus: 'Pending', emailId: 'both-ways@example.com' });
      expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invited.testInvitationId}/cancel` }));
      expect(await statusOf(invited.testInvitationId)).toBe('Cancelled');
    });

    it('an invitation v2 made follows v3 once v3 invites the address again, and only then (decision 1025)', async () => {
      const testId = await h.importTest();
      const made = await registerFor(h, testId, 'v2-first@example.com');
      const interfaceOf = async (id: number) => (await h.store.invitations.find(h.org.orgId, id))?.interface;
      // A v2 request changes nothing.
      await registerFor(h, testId, 'v2-first@example.com');
      expect(await interfaceOf(made.invitationId)).toBe('v2');
      const again = v3Created<V3Invited>(await invite(testId, { email: 'v2-first@example.com' }));
      expect(again.testInvitationId).toBe(made.invitationId);
      expect(await interfaceOf(made.invitationId)).toBe('v3');
    });

    it('invited through v2: v3 cancels one and reattempts another', async () => {
      const testId = await h.importTest();
      const toCancel = await registerFor(h, testId, 'v2-cancel@example.com');
      v3Ok(await cancel(toCancel.invitationId));
      expect(await statusOf(toCancel.invitationId)).toBe('Cancelled');
      const toRetake = await registerFor(h, testId, 'v2-retake@example.com');
      const api = candidate(h, toRetake.token);
      await api.client.start();
      await api.submit();
      expect((await h.store.invitations.find(h.org.orgId, toRetake.invitationId))?.interface).toBe('v2');
      const next = v3Ok<V3Reattempted>(await reattempt(toRetake.invitationId));
      expect(await statusOf(next.testInvitationId)).toBe('Pending');
      // The new attempt, reattempted through v3, gets v3's callbacks (decision 1025).
      expect((await h.store.invitations.find(h.org.orgId, next.testInvitationId))?.interface).toBe('v3');
    });
  });

  describe('invite by link', () => {
    it('the link’s settings apply and the re-invite table holds', async () => {
      const testId = await h.importTest();
      const { testLinkId } = await h.client.testLinks.create(testId, { testLinkName: 'Campus', accessTime: 0 });
      const url = `/v3/tests/${testId}/testlinks/${testLinkId}/invite`;
      const invited = v3Created<V3Invited>(await h.request({ method: 'POST', url, body: { email: 'link@example.com', name: 'Lin Candidate' } }));
      expect((await h.store.invitations.find(h.org.orgId, invited.testInvitationId))?.testLinkId).toBe(testLinkId);
      const again = v3Created<V3Invited>(await h.request({ method: 'POST', url, body: { email: 'link@example.com', name: 'Lin Candidate' } }));
      expect(again).toEqual(invited);
      v3Failure(
        await h.request({ method: 'POST', url: `/v3/tests/${testId}/testlinks/999999/invite`, body: { email: 'x@example.com', name: 'X' } }),
        404,
        '404.3',
      );
    });
  });

  describe('bad input and tenancy', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['no email', { name: 'No Mail' }, '400.2'],
      ['a bad callbackUrl', { email: 'cb@example.com', callbackUrl: 'ftp://x' }, '400.2'],
      ['an end before the start', { email: 'late@example.com', startDateTime: iso(START), endDateTime: iso(START - HOUR) }, '400.59'],
      ['an unparsable end', { email: 'late@example.com', endDateTime: 'soon' }, '400.59'],
    ])('%s: 400 in v3’s shape, nothing created', async (_label, body, statuscode) => {
      const testId = await h.importTest();
      v3Failure(await invite(testId, body), 400, statuscode);
      const list = expectSuccess<{ invitations: unknown[] }>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` }));
      expect(list.invitations).toHaveLength(0);
    });

    it.each<[string, Record<string, unknown>, string]>([
      // Neither iMocha's documented types nor Assay's own (decision 1020): refused by name, never read as "off".
      ['sendEmail 1', { email: 'v@example.com', sendEmail: 1 }, 'sendEmail'],
      ['sendEmail "maybe"', { email: 'v@example.com', sendEmail: 'maybe' }, 'sendEmail'],
      ['hideInstruction 2', { email: 'v@example.com', hideInstruction: 2 }, 'hideInstruction'],
      ['disableMandatoryFields "1"', { email: 'v@example.com', disableMandatoryFields: '1' }, 'disableMandatoryFields'],
      ['a stakeholder string holding no address', { email: 'v@example.com', stakeholderEmails: 'lead@acme.example, nobody' }, 'stakeholderEmails'],
      [
        'callbackUrl and callbackURL that differ',
        { email: 'v@example.com', callbackUrl: 'https://a.example.com/', callbackURL: 'https://b.example.com/' },
        'callbackURL',
      ],
      ['a field neither documents', { email: 'v@example.com', callbackUri: 'https://a.example.com/' }, 'callbackUri'],
      ['no name without disableMandatoryFields', { email: 'v@example.com', name: undefined }, 'name'],
      ['no email without disableMandatoryFields', { disableMandatoryFields: 0 }, 'email'],
      ['sendEmail "yes" with a made-up address', { name: undefined, disableMandatoryFields: 1, sendEmail: 'yes' }, 'sendEmail'],
    ])('%s: 400.2 naming the field, nothing created', async (_label, body, field) => {
      const testId = await h.importTest();
      expect(v3Failure(await invite(testId, body), 400, '400.2').message).toContain(field);
      const list = expectSuccess<{ invitations: unknown[] }>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations` }));
      expect(list.invitations).toHaveLength(0);
    });

    it('another org’s test and invitation answer 404 exactly like missing ones', async () => {
      const testId = await h.importTest();
      const invited = v3Created<V3Invited>(await invite(testId, { email: 'mine@example.com' }));
      const other = await h.createOrg('Other Org');
      const foreignTest = v3Failure(await invite(testId, { email: 'theirs@example.com' }, other.apiKey), 404, '404.2');
      const missingTest = v3Failure(await invite(999_999, { email: 'theirs@example.com' }, other.apiKey), 404, '404.2');
      expect(foreignTest.message.replace(String(testId), 'N')).toBe(missingTest.message.replace('999999', 'N'));
      const foreign = v3Failure(await cancel(invited.testInvitationId, other.apiKey), 404, '404.4');
      const missing = v3Failure(await cancel(999_999, other.apiKey), 404, '404.4');
      expect(foreign.message.replace(String(invited.testInvitationId), 'N')).toBe(missing.message.replace('999999', 'N'));
      expect(await statusOf(invited.testInvitationId)).toBe('Pending');
    });
  });

  it('without a key: 401 in v3’s shape', async () => {
    const response = await h.request({ method: 'POST', url: '/v3/invitations/1/cancel', apiKey: null });
    v3Failure(response, 401, '401.1');
  });
});
