import type { TestDetails } from '@assay/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 50 item 4: `assay org invitations --send-email-by-default` sets the org's default (decision 815), and
 * `assay invite` without --send-email/--no-send-email then emails the candidate; --no-send-email still does not.
 */
describe('assay org invitations and the default of assay invite', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  beforeAll(async () => {
    org = await newOrg('OrgInvitations');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-org-invitations-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'frontend-accessibility');
  });

  const invite = (email: string, ...extra: string[]) =>
    runAssay(['invite', String(test.testId), '--email', email, '--name', 'Ada Lovelace', '--json', ...extra], env);

  it('is off until set, then emails invitations that do not say', async () => {
    const shown = await runAssay(['org', 'invitations'], env);
    expect({ code: shown.code, stdout: shown.stdout }).toEqual({
      code: 0,
      stdout:
        'Invited candidates are not emailed unless the invitation asks (assay invite --send-email).\n' +
        'A single invitation made without a deadline has none.\nCandidates invited without any deadline are not reminded.\n',
    });
    expect(JSON.parse((await invite('quiet@example.com')).stdout)).not.toHaveProperty('emailQueued');

    const set = await runAssay(['org', 'invitations', '--send-email-by-default'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout.split('\n')[0]).toBe('Invited candidates are emailed unless the invitation says not to (assay invite --no-send-email).');
    const emailed = await invite('default@example.com');
    expect(emailed.code, emailed.stderr).toBe(0);
    expect(JSON.parse(emailed.stdout)).toMatchObject({ emailQueued: true });
    expect(emailed.stderr).toBe('The invitation email was queued to default@example.com (see assay deliveries).\n');
    expect(JSON.parse((await invite('no@example.com', '--no-send-email')).stdout)).toMatchObject({ emailQueued: false });

    const unset = await runAssay(['org', 'invitations', '--no-send-email-by-default', '--json'], env);
    expect(JSON.parse(unset.stdout)).toEqual({ sendEmailByDefault: false, defaultDeadlineDays: null, remindAfterDays: null });
  });

  it('sets the default deadline and the reminder without one, each alone, and refuses days out of range (exit 2)', async () => {
    const deadline = await runAssay(['org', 'invitations', '--default-deadline-days', '7', '--json'], env);
    expect(deadline.code, deadline.stderr).toBe(0);
    expect(deadline.stdout, deadline.stderr).not.toBe('');
    expect(JSON.parse(deadline.stdout)).toEqual({ sendEmailByDefault: false, defaultDeadlineDays: 7, remindAfterDays: null });
    const remind = await runAssay(['org', 'invitations', '--remind-after-days', '3'], env);
    expect(remind.stdout).toContain('are reminded once, 3 day(s) after the invitation');
    expect(remind.stdout).toContain('expires 7 day(s) after it is made');
    const invitedRun = await invite('deadline@example.com');
    expect(invitedRun.code, invitedRun.stderr).toBe(0);
    const invited = JSON.parse(invitedRun.stdout) as { testInvitationId: number };
    const row = (await org.client.invitations.list(test.testId, { q: 'deadline@example.com' })).invitations[0];
    expect(row?.testInvitationId).toBe(invited.testInvitationId);
    expect(row?.expiresAt).not.toBeNull();
    const cleared = await runAssay(['org', 'invitations', '--default-deadline-days', 'none', '--remind-after-days', 'none', '--json'], env);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ defaultDeadlineDays: null, remindAfterDays: null });
    const bad = await runAssay(['org', 'invitations', '--default-deadline-days', '0'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('whole days from 1 to 365, or none');
  });
});
