import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../src/index.js';
import { oneQuestionTest, scratchOrgWithTest } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const SECRET = 'integrator-secret-7f3a';

/**
 * Issue 59 point 7 (decision 1006): the export handed to a candidate names where their data went — the origin of each
 * callback, submitted-callback and Greenhouse URL — and never the URL's path, query or credentials, where integrators
 * put their secrets; not in a delivery's target, nor in the error words that quoted it.
 */
describe.each(['sqlite', 'postgres'] as const)("the export leaves integrators' URLs out on %s", (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;

  beforeAll(async () => {
    let testId: number;
    ({ store, dispose, orgId, testId } = await scratchOrgWithTest(backend, inject('pgUrl'), oneQuestionTest('Hooked'), 'hooked-key', T0));
    const hook = `https://hooks.example:8443/assay/${SECRET}?token=${SECRET}`;
    const registration = {
      orgId,
      testId,
      testLinkId: null,
      emailKey: 'erin@example.com',
      email: 'erin@example.com',
      fullName: 'Erin Export',
      callbackUrl: hook,
      redirectUrl: 'https://careers.example/thanks',
    };
    const invitation = (await store.invitations.register(registration, () => `hooked-${backend}`, T0)).invitation;
    await store.db
      .updateTable('candidates')
      .set({ submitted_callback_url: `https://user:${SECRET}@submitted.example/x` })
      .where('email_key', '=', 'erin@example.com')
      .execute();
    const job = await store.jobs.add({ orgId, invitationId: invitation.id, kind: 'callback', target: hook, payload: '{}' }, T0);
    await store.db
      .updateTable('jobs')
      .set({ last_error: `redirects are not followed (HTTP 302 to ${hook})` })
      .where('id', '=', job.id)
      .execute();
    await store.jobs.recordDelivery(job.id, { attemptedAt: T0, outcome: 'retry', statusCode: 302, latencyMs: 4, error: `HTTP 302 from ${hook}` });
    await store.db
      .insertInto('greenhouse_interviews')
      .values({
        org_id: orgId,
        application_id: '7001',
        test_id: testId,
        invitation_id: invitation.id,
        callback_url: `https://app.greenhouse.io/partner/${SECRET}`,
        created_at: T0,
        updated_at: T0,
      })
      .execute();
  });
  afterAll(() => dispose());

  it('shows each origin, and nothing of the paths, queries or credentials', async () => {
    const data = await store.personalData.ofEmail(orgId, 'erin@example.com', { publicUrl: 'https://assay.example', imageBudgetBytes: 0 });
    expect(JSON.stringify(data)).not.toContain(SECRET);
    expect(data!.candidates[0]).toMatchObject({
      callbackOrigin: 'https://hooks.example:8443',
      submittedCallbackOrigin: 'https://submitted.example',
      redirectURL: 'https://careers.example/thanks',
    });
    const [invitation] = data!.invitations;
    expect(invitation!.deliveries[0]).toMatchObject({ kind: 'callback', target: 'https://hooks.example:8443' });
    expect(invitation!.deliveries[0]!.log[0]!.error).toBe('HTTP 302 from https://hooks.example:8443');
    expect(invitation!.greenhouseInterviews[0]!.callbackOrigin).toBe('https://app.greenhouse.io');
  });
});
