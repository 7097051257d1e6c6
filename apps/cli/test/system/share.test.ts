import type { CreatedShare, ReportShare } from '@assay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 61 item 4: `assay share ID --days N`, `share list`, `share revoke` against a real server; the link opens without a key. */
describe('assay share', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let id = '';

  beforeAll(async () => {
    org = await newOrg('Shares');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
    const test = await importExample(org.client, 'sql-and-data-modelling');
    id = String((await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId);
  });

  it('prints a link that opens without a key, lists it, revokes it, and the link then opens nothing', async () => {
    const made = await runAssay(['share', id, '--days', '3'], env);
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    const [url, expiry] = made.stdout.trimEnd().split('\n');
    expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(expiry).toMatch(/^Opens until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(share \d+; the URL is not shown again\)\.$/);
    const page = await fetch(url!, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ada Lovelace');

    const listed = JSON.parse((await runAssay(['share', 'list', '--json'], env)).stdout) as ReportShare[];
    expect(listed[0]).toMatchObject({ testInvitationId: Number(id), status: 'open', opens: 1 });
    expect((await runAssay(['share', 'list'], env)).stdout).toMatch(/^\d+\s+\d+\s+open\s+1\s/m);

    const revoked = await runAssay(['share', 'revoke', String(listed[0]!.shareId)], env);
    expect(revoked.stdout).toBe(`Share ${listed[0]!.shareId} revoked: its link opens nothing from now on.\n`);
    expect((await fetch(url!, { headers: { accept: 'text/html' } })).status).toBe(410);
  });

  it('refuses days out of bounds and a bare `revoke` as usage (exit 2), sending nothing', async () => {
    const days = await runAssay(['share', id, '--days', '91'], env);
    expect(days.code).toBe(2);
    expect(days.stderr).toMatch(/from 1 to 90/);
    expect((await runAssay(['share', 'revoke'], env)).code).toBe(2);
    const json = JSON.parse((await runAssay(['share', id, '--json'], env)).stdout) as CreatedShare;
    expect(Date.parse(json.expiresAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  });
});
