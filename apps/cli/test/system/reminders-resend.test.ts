import { formatWireDateTime, type TestDetails } from '@assay/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 50 item 4 in the CLI: `assay reminders show|set` over a test's and a link's reminder hours, and
 * `assay invitations resend` (decision 813: queued once, refused again within 10 minutes with exit code 1, as every refusal).
 */
describe('assay reminders and assay invitations resend', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  beforeAll(async () => {
    org = await newOrg('RemindersResend');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-reminders-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'frontend-accessibility');
  });

  it("shows and sets a test's hours, then a link's own, with usage errors exiting 2 and refusals 1 (decision 814)", async () => {
    const testId = String(test.testId);
    const set = await runAssay(['reminders', 'set', testId, '--hours', '4,48'], env);
    expect({ code: set.code, stdout: set.stdout }).toEqual({
      code: 0,
      stdout: `Test ${testId}: reminders 48 h, 4 h before the window closes (the test's choice).\n`,
    });
    const link = await org.client.testLinks.create(test.testId, { testLinkName: 'Autumn', accessTime: 0 });
    const linkId = String(link.testLinkId);
    const inherited = await runAssay(['reminders', 'show', testId, '--link', linkId, '--json'], env);
    expect(inherited.code, inherited.stderr).toBe(0);
    expect(JSON.parse(inherited.stdout)).toEqual({ reminderHours: null, effectiveHours: [48, 4], source: 'test' });
    const off = await runAssay(['reminders', 'set', testId, '--link', linkId, '--off'], env);
    expect(off.stdout).toBe(`Link ${linkId} of test ${testId}: reminders none before the window closes (this link's own choice).\n`);
    expect((await org.client.reminders.ofLink(test.testId, link.testLinkId)).effectiveHours).toEqual([]);

    expect((await runAssay(['reminders', 'set', testId], env)).code).toBe(2);
    expect((await runAssay(['reminders', 'set', testId, '--hours', 'soon'], env)).code).toBe(2);
    const outOfBounds = await runAssay(['reminders', 'set', testId, '--hours', '0'], env);
    expect(outOfBounds.code).toBe(1);
    expect(outOfBounds.stderr).toContain('400.21');
  });

  it('resends an invitation once, then refuses within the interval (exit 1, 429.50)', async () => {
    const invited = await org.client.invitations.register(test.testId, { emailId: 'resend@example.com', fullName: 'Ada Lovelace' });
    const id = String(invited.testInvitationId);
    const resent = await runAssay(['invitations', 'resend', id, '--json'], env);
    expect(resent.code, resent.stderr).toBe(0);
    expect(JSON.parse(resent.stdout)).toMatchObject({ testInvitationId: invited.testInvitationId, emailQueued: true });
    const deliveries = await org.client.deliveries.list(invited.testInvitationId);
    expect(deliveries.filter((delivery) => delivery.kind === 'link_email')).toHaveLength(1);

    const again = await runAssay(['invitations', 'resend', id], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('429.50');
    expect((await runAssay(['invitations', 'resend', 'x'], env)).code).toBe(2);
  });

  it('refuses to resend an expired invitation (exit 1, 409.50, extend it first), then extends and resends it in one move', async () => {
    const invited = await org.client.invitations.register(test.testId, { emailId: 'lapsed@example.com', fullName: 'Grace Hopper' });
    const id = String(invited.testInvitationId);
    // The shortest expiry the server takes: the next whole second but one, then a wait until it has passed.
    const expiresAt = Math.floor(Date.now() / 1000) * 1000 + 2000;
    await org.client.reminders.setInvitationExpiry(invited.testInvitationId, { expiresAt: formatWireDateTime(expiresAt) });
    await sleep(expiresAt - Date.now() + 50);
    const refused = await runAssay(['invitations', 'resend', id], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('409.50');
    expect(refused.stderr).toContain('extend it first');
    expect((await org.client.deliveries.list(invited.testInvitationId)).filter((delivery) => delivery.kind === 'link_email')).toHaveLength(0);

    const renewed = await runAssay(['invitations', 'extend', id, '--by', '3d', '--resend'], env);
    expect(renewed.code, renewed.stderr).toBe(0);
    expect(renewed.stdout).toMatch(/^Invitation \d+ can be started until .* UTC\. The candidate’s link was emailed again \(see assay deliveries\)\.\n$/);
    expect((await org.client.deliveries.list(invited.testInvitationId)).filter((delivery) => delivery.kind === 'link_email')).toHaveLength(1);
  });
});
