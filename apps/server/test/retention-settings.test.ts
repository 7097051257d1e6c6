import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 51 item 2: an org's retention periods (decisions 849, 850, 855). A new org starts at the defaults; an admin
 * changes them (a period left out stays, null keeps); out of bounds, or media kept longer than their invitation, is a
 * 400.56 saying why and changes nothing; a recruiter key reads but may not change; each org has its own.
 */
describe.each(backends)('the org’s retention settings on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  const read = (apiKey?: string) => h.request({ method: 'GET', url: '/v2/org/retention-settings', ...(apiKey ? { apiKey } : {}) });
  const set = (body: unknown, apiKey?: string) => h.request({ method: 'PUT', url: '/v2/org/retention-settings', body, ...(apiKey ? { apiKey } : {}) });

  it('starts a new org at 365, 60 and 180 days, and changes only what is given', async () => {
    expect(expectSuccess(await read())).toEqual({ endedDays: 365, mediaDays: 60, unstartedDays: 180 });
    expect(expectSuccess(await set({ endedDays: 730, unstartedDays: null }))).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
    expect(expectSuccess(await read())).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
  });

  it.each([
    [{ endedDays: 0 }, '400.56', 'endedDays is 1 to 3650 days, or null to keep; got 0.'],
    [{ mediaDays: 800 }, '400.56', 'mediaDays (800) must not be more than endedDays (730): media go with their invitation.'],
    [
      { mediaDays: null },
      '400.56',
      'mediaDays cannot keep snapshots and playback forever while endedDays erases their invitation after 730 days; give mediaDays at most 730.',
    ],
    [{ endedDays: 'soon' }, '400.2', undefined],
    [{ endedDays: 12.5 }, '400.2', undefined],
    [{ keepDays: 10 }, '400.2', undefined],
  ])('refuses %j with %s and changes nothing', async (body, code, message) => {
    const refused = expectFailure(await set(body), code);
    if (message) expect(refused.result).toBe(message);
    expect(expectSuccess(await read())).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
  });

  it('is an admin’s to change (403.17 for a recruiter, who may read), and each org’s own', async () => {
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    expectFailure(await set({ endedDays: 30, mediaDays: 30 }, recruiter.apiKey), '403.17');
    expect(expectSuccess(await read(recruiter.apiKey))).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
    const other = await h.createOrg('Other');
    expect(expectSuccess(await read(other.apiKey))).toEqual({ endedDays: 365, mediaDays: 60, unstartedDays: 180 });
    expectSuccess(await set({ endedDays: null, mediaDays: null, unstartedDays: null }, other.apiKey));
    expect(expectSuccess(await read())).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
  });
});
