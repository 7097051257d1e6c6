import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWireDateTime, type InvitationList, type InvitationSettings } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 61 item 5 (decisions 1394, 1395): the org's default deadline for single invitations and its reminder after N
 * days, set by a partial PUT; a new invitation without any deadline gets the default, and lapses after it.
 */
describe.each(backends)('the org’s invitation defaults on %s', (backend) => {
  let h: Harness;
  let clock = Date.UTC(2026, 10, 2, 9);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, () => clock);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  const put = (body: object) => h.request({ method: 'PUT', url: '/v2/org/invitation-settings', body });
  const register = async (emailId: string) =>
    expectSuccess<{ testInvitationId: number }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Ada' } }),
    ).testInvitationId;
  const rowOf = async (id: number, status = '') =>
    expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${status}` })).invitations.find(
      (row) => row.testInvitationId === id,
    );

  it('changes only the fields a PUT names, and answers them all', async () => {
    expect(expectSuccess<InvitationSettings>(await put({ defaultDeadlineDays: 7 }))).toEqual({
      sendEmailByDefault: false,
      defaultDeadlineDays: 7,
      remindAfterDays: null,
    });
    expect(expectSuccess<InvitationSettings>(await put({ remindAfterDays: 3 }))).toEqual({
      sendEmailByDefault: false,
      defaultDeadlineDays: 7,
      remindAfterDays: 3,
    });
    expect(expectSuccess<InvitationSettings>(await put({ sendEmailByDefault: true, remindAfterDays: null }))).toEqual({
      sendEmailByDefault: true,
      defaultDeadlineDays: 7,
      remindAfterDays: null,
    });
    expect(expectSuccess(await h.request({ method: 'GET', url: '/v2/org/invitation-settings' }))).toEqual({
      sendEmailByDefault: true,
      defaultDeadlineDays: 7,
      remindAfterDays: null,
    });
    expectSuccess(await put({ sendEmailByDefault: false }));
  });

  it('refuses days out of 1–365 or not whole with a message that says so, and changes nothing', async () => {
    for (const [body, message] of [
      [{ defaultDeadlineDays: 0 }, 'defaultDeadlineDays must be at least 1 day'],
      [{ remindAfterDays: 366 }, 'remindAfterDays must be at most 365 days'],
      [{ defaultDeadlineDays: 1.5 }, 'defaultDeadlineDays must be a whole number of days'],
    ] as const) {
      const refused = await put(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(expectSuccess<InvitationSettings>(await h.request({ method: 'GET', url: '/v2/org/invitation-settings' })).defaultDeadlineDays).toBe(7);
  });

  it('gives a new single invitation the default deadline, which it then lapses by', async () => {
    const id = await register('deadline@example.com');
    expect((await rowOf(id))?.expiresAt).toBe(formatWireDateTime(clock + 7 * DAY));
    // Registered again later: the invitation is the same and keeps its deadline.
    clock += DAY;
    expect(await register('deadline@example.com')).toBe(id);
    expect((await rowOf(id))?.expiresAt).toBe(formatWireDateTime(clock - DAY + 7 * DAY));
    clock += 6 * DAY;
    expect((await rowOf(id, '?status=Expired'))?.testStatus).toBe('Expired');
  });

  it('gives none once the default is cleared', async () => {
    expectSuccess(await put({ defaultDeadlineDays: null }));
    expect((await rowOf(await register('nodeadline@example.com')))?.expiresAt).toBeNull();
  });

  it('is an admin’s to set: 403.17 for a recruiter key', async () => {
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    expectFailure(await h.request({ method: 'PUT', url: '/v2/org/invitation-settings', body: { defaultDeadlineDays: 3 }, apiKey: recruiter.apiKey }), '403.17');
  });
});
