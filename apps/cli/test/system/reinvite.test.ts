import { candidateTokenOf, createClient } from '@assay/client';
import type { TestDetails } from '@assay/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 27, item 6: `assay invite` of a candidate the test already has answers their invitation and URL. A
 * completed one's URL no longer starts the test: instead of printing it, assay says so and names the reattempt.
 */
describe('assay invite of a candidate registered before', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  beforeAll(async () => {
    org = await newOrg('Reinvite');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-reinvite-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'frontend-accessibility');
  });

  const invite = (...extra: string[]) => runAssay(['invite', String(test.testId), '--email', 'ada@example.com', '--name', 'Ada Lovelace', ...extra], env);

  it('prints the same URL while it still takes the test, says "already registered (Completed)" once it does not', async () => {
    const first = await invite();
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    const url = first.stdout.trim();
    expect(await invite()).toEqual({ code: 0, stdout: `${url}\n`, stderr: '' });

    const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(url));
    await attempt.start();
    const { testInvitationId: id } = JSON.parse((await invite('--json')).stdout) as { testInvitationId: number };
    expect(await invite()).toEqual({
      code: 0,
      stdout: `${url}\n`,
      stderr: `note: already registered (In progress): invitation ${id}, whose URL still takes the test.\n`,
    });

    await attempt.submit();
    const refusal = `already registered (Completed): invitation ${id} is completed, so its URL no longer starts the test. For a new attempt with a new URL: assay invitations reattempt ${id}\n`;
    expect(await invite()).toEqual({ code: 1, stdout: '', stderr: refusal });
    expect(await invite('--json')).toEqual({ code: 1, stdout: '', stderr: refusal });
    const link = await org.client.testLinks.create(test.testId, { testLinkName: 'Open', accessTime: 0 });
    expect(await invite('--link', String(link.testLinkId))).toEqual({ code: 1, stdout: '', stderr: refusal });

    // The command it names gives a new attempt; inviting again then answers that one.
    const reattempt = await runAssay(['invitations', 'reattempt', String(id)], env);
    expect(reattempt.code).toBe(0);
    expect(reattempt.stdout).not.toBe(`${url}\n`);
    expect(await invite()).toEqual({ code: 0, stdout: reattempt.stdout, stderr: '' });
  });
});
