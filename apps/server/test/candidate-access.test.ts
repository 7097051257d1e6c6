import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLink } from '@assay/domain';
import { candidate, manualClock, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const at = (text: string) => Date.parse(`${text}Z`);
// A 1×1 PNG: the page sends JPEG, and PNG is the other type the PDF can draw.
const IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('candidate access rules on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(at('2026-12-01T00:00:00'));
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  const createLink = async (body: Record<string, unknown>) =>
    expectSuccess<TestLink>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Link', timeZoneId: 1720, ...body } }),
    );
  const registerOnLink = async (link: TestLink, emailId: string) => {
    const result = expectSuccess<{ testUrl: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`, body: { emailId, fullName: 'Grace Hopper' } }),
    );
    return tokenOf(result.testUrl);
  };
  const verdictAt = async (token: string, instant: string) => {
    clock.set(at(instant));
    return (await h.client.candidate(token).session()).access.verdict;
  };

  it('accessTime 1: only between start (inclusive) and end (exclusive)', async () => {
    const link = await createLink({ accessTime: 1, startDateTime: '2026-12-02T09:00:00', endDateTime: '2026-12-03T09:00:00' });
    const token = await registerOnLink(link, 'bounded@example.com');
    expect(await verdictAt(token, '2026-12-02T08:59:59')).toBe('notYetOpen');
    expectFailure(await candidate(h, token).start(), '403.6');
    expect(await verdictAt(token, '2026-12-03T09:00:00')).toBe('closed');
    expectFailure(await candidate(h, token).start(), '403.7');
    expect(await verdictAt(token, '2026-12-02T09:00:00')).toBe('open');
    expect((await h.client.candidate(token).start()).state).toBe('In progress');
  });

  it('accessTime 2: inside the dates and inside the daily window, on both sides of both edges', async () => {
    const link = await createLink({ accessTime: 2, startDateTime: '2026-12-02T09:00:00', endDateTime: '2026-12-05T17:00:00' });
    const token = await registerOnLink(link, 'slot@example.com');
    expect(await verdictAt(token, '2026-12-03T08:59:59')).toBe('outsideDailyWindow');
    expectFailure(await candidate(h, token).start(), '403.8');
    expect(await verdictAt(token, '2026-12-03T17:00:00')).toBe('outsideDailyWindow');
    expect(await verdictAt(token, '2026-12-03T16:59:59')).toBe('open');
    expect(await verdictAt(token, '2026-12-06T10:00:00')).toBe('closed');
    expect(await verdictAt(token, '2026-12-03T09:00:00')).toBe('open');
    expect((await h.client.candidate(token).start()).state).toBe('In progress');
    // Started inside the slot, the attempt runs to its own deadline past the slot's end.
    expect(await verdictAt(token, '2026-12-03T09:59:00')).toBe('open');
  });

  it('an inactive link or test refuses the start with its own code', async () => {
    const link = await createLink({ accessTime: 0 });
    const token = await registerOnLink(link, 'inactive@example.com');
    clock.set(at('2026-12-01T00:00:00'));
    expectSuccess(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}`,
        body: { testLinkName: 'Link', accessTime: 0, testLinkStatus: 3 },
      }),
    );
    expect((await h.client.candidate(token).session()).access).toMatchObject({ verdict: 'linkInactive' });
    expectFailure(await candidate(h, token).start(), '403.5');

    const inactiveTest = await h.importTest({ ...(await import('./helpers/fixtures.js')).sampleDefinition, testStatus: 'Inactive' });
    const direct = expectSuccess<{ takeTestURL: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${inactiveTest}/register`, body: { emailId: 'x@example.com', fullName: 'X' } }),
    );
    expectFailure(await candidate(h, tokenOf(direct.takeTestURL)).start(), '403.12');
  });

  it('shows testAccessTime in the link time zone to the candidate', async () => {
    const link = await createLink({ accessTime: 1, startDateTime: '2026-12-01T04:30:00', endDateTime: '2026-12-01T12:30:00' });
    const token = await registerOnLink(link, 'zone@example.com');
    const session = await h.client.candidate(token).session();
    expect(session.access.timeZone).toMatchObject({ timeZoneId: 1720, iana: 'Asia/Kolkata' });
    expect(session.access.testAccessTime).toContain('10:00');
  });

  it('public links: candidates register themselves unless the link is invite-only', async () => {
    clock.set(at('2026-12-01T00:00:00'));
    const open = await createLink({ accessTime: 0 });
    const view = expectSuccess<{ verdict: string; inviteCandidateOnly: boolean }>(
      await h.request({ method: 'GET', url: `/candidate/v1/links/${open.testLinkAccessKey}`, apiKey: null }),
    );
    expect(view).toMatchObject({ verdict: 'open', inviteCandidateOnly: false });
    const registered = expectSuccess<{ testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/candidate/v1/links/${open.testLinkAccessKey}/register`,
        apiKey: null,
        body: { fullName: 'Self', emailId: 'self@example.com' },
      }),
    );
    expect((await h.client.candidate(tokenOf(registered.testUrl)).session()).candidate.fullName).toBe('Self');

    const inviteOnly = await createLink({ accessTime: 0, inviteCandidateOnly: 1 });
    expectFailure(
      await h.request({
        method: 'POST',
        url: `/candidate/v1/links/${inviteOnly.testLinkAccessKey}/register`,
        apiKey: null,
        body: { fullName: 'S', emailId: 's@example.com' },
      }),
      '403.10',
    );
    expectFailure(await h.request({ method: 'GET', url: '/candidate/v1/links/no-such-key', apiKey: null }), '404.9');
  });

  it('image proctoring: snapshots are kept with the attempt and appear in the PDF', async () => {
    clock.set(at('2026-12-01T00:00:00'));
    const link = await createLink({ accessTime: 0, imageProctoring: 1 });
    const result = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'cam@example.com', fullName: 'Cam' },
      }),
    );
    const api = candidate(h, tokenOf(result.testUrl));
    expect((await api.client.session()).imageProctoring).toBe(true);
    expectFailure(await api.snapshot(IMAGE), '403.13');
    expectSuccess(await api.start());
    expectSuccess(await api.snapshot(IMAGE));
    expectFailure(await api.snapshot('data:text/html;base64,PGgxPg=='), '400.2');
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${result.testInvitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });
});
