import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PersonalData } from '@assay/domain';
import { createClient } from '@assay/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 51 item 3: `assay export-person EMAIL [--out FILE]` against a real server. */
describe('assay export-person', () => {
  let org: TestOrg;
  let admin: NodeJS.ProcessEnv;
  let invitationId = 0;

  beforeAll(async () => {
    org = await newOrg('Access');
    admin = personEnv({ ASSAY_API_KEY: org.apiKey });
    const test = await importExample(org.client, 'javascript-fundamentals');
    const registered = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    invitationId = registered.testInvitationId;
    await completeAttempt(org.client, registered.takeTestURL);
    await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
  });

  it('prints the whole document as JSON on stdout', async () => {
    const run = await runAssay(['export-person', 'Ada@Example.com'], admin);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const data = JSON.parse(run.stdout) as PersonalData;
    expect(data).toMatchObject({ format: 'assay-personal-data/1', holder: expect.any(String) });
    expect(data.candidates.map((candidate) => candidate.fullName)).toEqual(['Ada Lovelace']);
    expect(data.invitations.map((invitation) => [invitation.testInvitationId, invitation.status])).toEqual([[invitationId, 'Completed']]);
    expect(run.stdout).not.toContain('Grace');
  });

  it('writes it to --out readable by its owner only, and says what it holds', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'assay-export-')), 'ada.json');
    const run = await runAssay(['export-person', 'ada@example.com', '--out', path], admin);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`Saved ${path}: 1 invitation, 0 snapshots, 0 emails from the outbox.\n`);
    expect((JSON.parse(readFileSync(path, 'utf8')) as PersonalData).invitations[0]!.testInvitationId).toBe(invitationId);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('exits 1 with the server’s words for an address the org does not hold, and for a key that is not an admin’s', async () => {
    const unknown = await runAssay(['export-person', 'nobody@example.com'], admin);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no candidate with that email address/i);
    expect(unknown.stdout).toBe('');
    const operator = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const { apiKey } = await operator.admin.keys.create(org.orgId, { role: 'recruiter', label: 'Recruiter' });
    const refused = await runAssay(['export-person', 'ada@example.com'], personEnv({ ASSAY_API_KEY: apiKey }));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/recruiter key/);
    expect(refused.stdout).toBe('');
  });
});
