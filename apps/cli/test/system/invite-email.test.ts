import { candidateTokenOf, createClient } from '@assay/client';
import type { TestDetails } from '@assay/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 50 item 4: `assay invite --send-email` has the server email the invitation (decision 780) and says so on
 * stderr, the URL still alone on stdout; without it nothing is emailed. `assay invitations reattempt` emails the new
 * attempt when the first invitation was emailed, and `--no-send-email` keeps it quiet (decision 781).
 */
describe('assay invite --send-email and assay invitations reattempt', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  beforeAll(async () => {
    org = await newOrg('InviteEmail');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-invite-email-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'frontend-accessibility');
  });

  const invite = (email: string, ...extra: string[]) => runAssay(['invite', String(test.testId), '--email', email, '--name', 'Ada Lovelace', ...extra], env);
  const emailed = async (invitationId: number) => (await org.client.deliveries.list(invitationId)).filter((delivery) => delivery.kind === 'link_email').length;
  const complete = async (url: string) => {
    const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(url));
    await attempt.start();
    await attempt.submit();
  };

  it('--send-email queues the email and says so; left out, nothing is emailed', async () => {
    const sent = await invite('sent@example.com', '--send-email', '--json');
    expect(sent.code, sent.stderr).toBe(0);
    const answer = JSON.parse(sent.stdout) as { testInvitationId: number; takeTestURL: string; emailQueued: boolean };
    expect(answer.emailQueued).toBe(true);
    expect(sent.stderr).toBe('The invitation email was queued to sent@example.com (see assay deliveries).\n');
    expect(await emailed(answer.testInvitationId)).toBe(1);

    const quiet = await invite('quiet@example.com');
    expect({ code: quiet.code, stderr: quiet.stderr }).toEqual({ code: 0, stderr: '' });
    const quietId = (await org.client.invitations.register(test.testId, { emailId: 'quiet@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    expect(await emailed(quietId)).toBe(0);

    await complete(answer.takeTestURL);
    const reattempt = await runAssay(['invitations', 'reattempt', String(answer.testInvitationId), '--json'], env);
    expect(reattempt.code, reattempt.stderr).toBe(0);
    const next = JSON.parse(reattempt.stdout) as { testInvitationId: number; emailQueued: boolean };
    expect(next.emailQueued).toBe(true);
    expect(reattempt.stderr).toBe('The invitation email was queued (see assay deliveries).\n');
    expect(await emailed(next.testInvitationId)).toBe(1);
  });

  it('reattempt --no-send-email sends nothing, even when the first invitation was emailed', async () => {
    const sent = await invite('again@example.com', '--send-email', '--json');
    const answer = JSON.parse(sent.stdout) as { testInvitationId: number; takeTestURL: string };
    await complete(answer.takeTestURL);
    const reattempt = await runAssay(['invitations', 'reattempt', String(answer.testInvitationId), '--no-send-email', '--json'], env);
    expect(reattempt.code, reattempt.stderr).toBe(0);
    const next = JSON.parse(reattempt.stdout) as { testInvitationId: number; emailQueued: boolean };
    expect(next.emailQueued).toBe(false);
    expect(await emailed(next.testInvitationId)).toBe(0);
  });
});
