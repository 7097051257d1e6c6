import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, InvitationHistory, IssuedKey, Person, ReportShare } from '@assay/domain';
import { manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const DAY = 86_400_000;
const HTML = { accept: 'text/html' };

/**
 * Issue 61 item 4, "Share" (decisions 1433–1439): a report link a manager without a key opens — its page and its
 * PDF — until it expires or is revoked; each opening is counted and in the history; other orgs see none of it.
 */
describe.each(backends)('report shares on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let invitationId = 0;
  let manager: IssuedKey;
  let reviewer: { apiKey: string };

  const as = (apiKey: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    h.request({ method, url, apiKey, ...(body === undefined ? {} : { body }) });
  const share = (body: unknown = {}, apiKey = h.org.apiKey) => as(apiKey, 'POST', `/v2/org/testinvitation/${invitationId}/share`, body);
  /** The path of a share's URL: the harness answers by path, the URL names the public host. */
  const pathOf = (url: string) => new URL(url).pathname;
  const open = (path: string, headers: Record<string, string> = HTML) => h.request({ method: 'GET', url: path, headers });

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    const testId = await h.importTest(writtenTest);
    const maya = expectSuccess<Person>(await as(h.org.apiKey, 'POST', '/v2/org/people', { name: 'Maya Manager', role: 'hiring-manager' }));
    manager = expectSuccess<IssuedKey>(await as(h.org.apiKey, 'POST', `/v2/org/people/${maya.personId}/keys`));
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    invitationId = (await submitWritten(h, testId, 'ada@example.com', { short: 'Lyon', essay: 'I would sort the list first.' }, { fullName: 'Ada Lovelace' }))
      .invitationId;
    await h.drainJobs();
  });
  afterAll(() => h.close());

  it('makes a link for 14 days by default, and for the days asked from 1 to 90', async () => {
    const made = expectSuccess<CreatedShare>(await share());
    expect(made.expiresAt).toBe(new Date(clock.now() + 14 * DAY).toISOString());
    expect(made.url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(expectSuccess<CreatedShare>(await share({ days: 90 })).expiresAt).toBe(new Date(clock.now() + 90 * DAY).toISOString());
    expect(expectSuccess<CreatedShare>(await share({ days: 1 }, manager.apiKey)).expiresAt).toBe(new Date(clock.now() + DAY).toISOString());
  });

  it.each([0, 91])('refuses %s days (400.127), storing nothing', async (days) => {
    const before = expectSuccess<{ shares: ReportShare[] }>(await as(h.org.apiKey, 'GET', '/v2/org/shares')).shares.length;
    expect(expectFailure(await share({ days }), '400.127').result).toBe(`days is a whole number from 1 to 90; got ${days}.`);
    expect(expectSuccess<{ shares: ReportShare[] }>(await as(h.org.apiKey, 'GET', '/v2/org/shares')).shares).toHaveLength(before);
  });

  it('opens the report page and its PDF without a key, counting each opening into the history', async () => {
    const made = expectSuccess<CreatedShare>(await share({ days: 7 }));
    const page = await open(pathOf(made.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).toContain(`${pathOf(made.url)}/pdf`);
    const pdf = await open(`${pathOf(made.url)}/pdf`, {});
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const listed = expectSuccess<{ shares: ReportShare[] }>(await as(h.org.apiKey, 'GET', '/v2/org/shares')).shares.find((s) => s.shareId === made.shareId);
    expect(listed).toMatchObject({ testInvitationId: invitationId, status: 'open', opens: 2, lastOpenedAt: new Date(clock.now()).toISOString() });
    const history = expectSuccess<InvitationHistory>(await as(h.org.apiKey, 'GET', `/v2/org/testinvitation/${invitationId}/history`));
    const opened = history.entries.filter((entry) => entry.kind === 'share-opened');
    expect(opened.map((entry) => [entry.details, entry.by])).toEqual([
      [{ shareId: made.shareId, format: 'html' }, 'system'],
      [{ shareId: made.shareId, format: 'pdf' }, 'system'],
    ]);
  });

  it('opens nothing once revoked (410.125), a page naming no one; revoking again changes nothing', async () => {
    const made = expectSuccess<CreatedShare>(await share());
    const revoked = expectSuccess<ReportShare>(await as(manager.apiKey, 'DELETE', `/v2/org/shares/${made.shareId}`));
    expect(revoked).toMatchObject({ shareId: made.shareId, status: 'revoked', revokedAt: new Date(clock.now()).toISOString() });
    const page = await open(pathOf(made.url));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('revoked');
    expect(page.body).not.toContain('Ada');
    expect(page.body).not.toContain('/pdf');
    expectFailure(await open(`${pathOf(made.url)}/pdf`, {}), '410.125');
    expect(expectSuccess<ReportShare>(await as(h.org.apiKey, 'DELETE', `/v2/org/shares/${made.shareId}`)).revokedAt).toBe(revoked.revokedAt);
  });

  it('opens nothing once expired (410.125), and an unknown token is 404.125', async () => {
    const made = expectSuccess<CreatedShare>(await share({ days: 1 }));
    expect((await open(pathOf(made.url))).statusCode).toBe(200);
    clock.advance(DAY);
    const page = await open(pathOf(made.url));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
    expectFailure(await open(`${pathOf(made.url)}/pdf`, {}), '410.125');
    expectFailure(await open(`/shared/${'A'.repeat(43)}`, {}), '404.125');
    expect((await open('/shared/not-a-token')).statusCode).toBe(404);
  });

  it("keeps other orgs out: another org's invitation and share are missing (404), its list empty", async () => {
    const other = await h.createOrg('Other');
    const made = expectSuccess<CreatedShare>(await share());
    expectFailure(await share(undefined, other.apiKey), '404.4');
    expectFailure(await as(other.apiKey, 'DELETE', `/v2/org/shares/${made.shareId}`), '404.125');
    expect(expectSuccess<{ shares: ReportShare[] }>(await as(other.apiKey, 'GET', '/v2/org/shares')).shares).toEqual([]);
    expect((await open(pathOf(made.url))).statusCode).toBe(200);
  });

  it('refuses a reviewer key (403.17) naming the roles that may', async () => {
    const sentence =
      'A reviewer key may not share, list or revoke report links for people without a key: that needs an admin, recruiter or hiring-manager key.';
    expect(expectFailure(await share(undefined, reviewer.apiKey), '403.17').result).toBe(sentence);
    expect(expectFailure(await as(reviewer.apiKey, 'GET', '/v2/org/shares'), '403.17').result).toBe(sentence);
    expect(expectFailure(await as(reviewer.apiKey, 'DELETE', '/v2/org/shares/1'), '403.17').result).toBe(sentence);
  });

  it('is made, listed and revoked through the client, which refuses out-of-bounds days as the server does', async () => {
    const made = await h.client.shares.create(invitationId, 5);
    expect(made.expiresAt).toBe(new Date(clock.now() + 5 * DAY).toISOString());
    expect((await h.client.shares.list()).find((listed) => listed.shareId === made.shareId)?.status).toBe('open');
    expect((await h.client.shares.revoke(made.shareId)).status).toBe('revoked');
    await expect(h.client.shares.create(invitationId, 120)).rejects.toMatchObject({ statuscode: '400.127' });
  });
});
