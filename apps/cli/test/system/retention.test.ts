import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 51 item 2 in the CLI: `assay retention show|set` over the org's retention periods; usage errors exit 2,
 * the server's refusals (400.56: media kept longer than their invitation) exit 1 and change nothing.
 */
describe('assay retention', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    org = await newOrg('Retention');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-retention-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('shows the defaults, sets periods (left-out ones stay, "keep" keeps), and refuses what does not hold', async () => {
    const shown = await runAssay(['retention', 'show'], env);
    expect({ code: shown.code, stdout: shown.stdout }).toEqual({
      code: 0,
      stdout: [
        'Ended invitations erased:       365 days after they ended (completed, expired or cancelled)',
        'Snapshots and playback deleted: 60 days after the attempt ended (scores kept)',
        'Unstarted invitations erased:   180 days after they were made or their window closed',
        '',
      ].join('\n'),
    });

    const set = await runAssay(['retention', 'set', '--ended-days', '730', '--unstarted-days', 'keep', '--json'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
    expect(await org.client.retentionSettings.get()).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });

    expect((await runAssay(['retention', 'set'], env)).code).toBe(2);
    expect((await runAssay(['retention', 'set', '--ended-days', 'soon'], env)).code).toBe(2);
    const refused = await runAssay(['retention', 'set', '--media-days', '800'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('400.56');
    expect(refused.stderr).toContain('mediaDays (800) must not be more than endedDays (730)');
    expect(await org.client.retentionSettings.get()).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
  });
});
