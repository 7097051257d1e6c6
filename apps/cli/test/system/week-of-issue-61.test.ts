import { createClient, type AssayClient } from '@assay/client';
import { formatWireDateTime } from '@assay/domain';
import type { InvitationList } from '@assay/domain/schemas';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, exampleDefinition } from '../helpers/org.js';
import { type AssayRun, personEnv, runAssay } from '../helpers/run-assay.js';
import { ADMIN_TOKEN, type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const UNDO_WINDOW_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const succeeded = (run: AssayRun): string => {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout;
};

/**
 * Issue 61's "done when", through the CLI on a server of its own (its undo window 3 s, its emails written as files):
 * 60 invited, a dozen rejected in one bulk move with their emails out after the undo window and one undone in time
 * that sent nothing, three shortlisted, expired invitations found by filter and renewed in one move, and a
 * hiring-manager key that decides but may not invite.
 */
describe('issue 61: a week of the hiring loop, through the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-week-61-'));
  const outbox = join(dir, 'outbox');
  let server: ServerProcess;
  let client: AssayClient;
  let env: NodeJS.ProcessEnv;
  let testId = 0;
  let orgId = 0;
  const invited: { id: number; url: string }[] = [];

  const decisionEmails = () =>
    readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
      .map((entry) => readFileSync(join(outbox, entry.name), 'utf8'))
      .filter((eml) => /^Subject: About /m.test(eml));

  beforeAll(async () => {
    server = await startServerProcess(join(dir, 'assay.db'), outbox, { ASSAY_DECISION_EMAIL_DELAY_S: String(UNDO_WINDOW_S) });
    const admin = createClient({ baseUrl: server.url, adminToken: ADMIN_TOKEN });
    const org = await admin.admin.orgs.create({ name: 'Week of issue 61', email: 'ops@week61.example' });
    orgId = org.orgId;
    client = createClient({ baseUrl: server.url, apiKey: org.apiKey, retries: 0 });
    env = personEnv({ ASSAY_URL: server.url, ASSAY_API_KEY: org.apiKey });
    testId = (await client.tests.import(exampleDefinition('sql-and-data-modelling') as Parameters<AssayClient['tests']['import']>[0])).testId;
    for (let n = 1; n <= 60; n += 1) {
      const made = await client.invitations.register(testId, { emailId: `candidate${n}@example.com`, fullName: `Candidate ${n}` });
      invited.push({ id: made.testInvitationId, url: made.takeTestURL });
    }
    // Fifteen finish (scored 0: nothing answered); the rest wait.
    for (const { url } of invited.slice(0, 15)) await completeAttempt(client, url);
    const body = join(dir, 'rejected.md');
    writeFileSync(body, 'Dear {{candidateName}},\n\nThank you for taking {{testName}}.\n');
    succeeded(
      await runAssay(
        ['org', 'decision-emails', '--email', 'rejected', '--subject', 'About {{testName}}', '--body-file', body, '--reply-to', 'talent@week61.example'],
        env,
      ),
    );
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shortlists three, then rejects the other twelve finished in one move, emailing each after the undo window but the one undone', async () => {
    const shortlist = invited.slice(0, 3).map(({ id }) => id);
    succeeded(await runAssay(['decide', '--test', String(testId), '--ids', shortlist.join(','), 'shortlist', '--yes'], env));
    const dry = succeeded(await runAssay(['decide', '--test', String(testId), '--filter', 'status=Completed&decision=none', 'reject', '--dry-run'], env));
    expect(dry).toContain('Would reject: 12');
    const rejected = succeeded(
      await runAssay(
        ['decide', '--test', String(testId), '--filter', 'status=Completed&decision=none', 'reject', '--reason', 'Below the bar', '--notify', '--yes'],
        env,
      ),
    );
    expect(rejected).toContain('Decided (reject): 12');
    const undone = invited[3]!.id;
    succeeded(await runAssay(['decide', String(undone), 'hold'], env));
    expect(decisionEmails()).toEqual([]);
    await sleep((UNDO_WINDOW_S + 3) * 1000);
    let emails: string[] = [];
    for (let tries = 0; tries < 40 && emails.length < 11; tries += 1) {
      await sleep(250);
      emails = decisionEmails();
    }
    expect(emails).toHaveLength(11);
    expect(emails.every((eml) => /^Reply-To: talent@week61\.example/m.test(eml))).toBe(true);
    expect(emails.some((eml) => eml.includes('candidate4@example.com'))).toBe(false);
    const history = await client.invitations.history(undone);
    expect(history.entries.filter((entry) => entry.kind === 'decision-email').map((entry) => entry.details)).toMatchObject([
      { change: 'queued', email: 'rejected' },
      { change: 'withdrawn', email: 'rejected' },
    ]);
  });

  it('finds expired invitations by filter and renews one with its email in one move', async () => {
    const lapsing = invited.slice(50, 52).map(({ id }) => id);
    const expiresAt = Math.floor(Date.now() / 1000) * 1000 + 2000;
    for (const id of lapsing) await client.reminders.setInvitationExpiry(id, { expiresAt: formatWireDateTime(expiresAt) });
    await sleep(expiresAt - Date.now() + 100);
    const listed = JSON.parse(succeeded(await runAssay(['invitations', 'list', String(testId), '--status', 'expired', '--json'], env))) as InvitationList;
    expect(listed.invitations.map((row) => row.testInvitationId).sort()).toEqual(lapsing.sort());
    expect(succeeded(await runAssay(['invitations', 'extend', String(lapsing[0]), '--by', '3d', '--resend'], env))).toContain('emailed again');
  });

  it('lets a hiring-manager key decide, and refuses it an invitation naming the roles that may', async () => {
    const admin = createClient({ baseUrl: server.url, adminToken: ADMIN_TOKEN });
    const manager = await admin.admin.keys.create(orgId, { role: 'hiring-manager', label: 'Hiring manager' });
    const managerEnv = personEnv({ ASSAY_URL: server.url, ASSAY_API_KEY: manager.apiKey });
    succeeded(await runAssay(['decide', String(invited[1]!.id), 'advance', '--reason', 'Strong'], managerEnv));
    const refused = await runAssay(['invite', String(testId), '--email', 'new@example.com', '--name', 'New One'], managerEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('403.17');
    expect(refused.stderr).toMatch(/admin|recruiter/);
  });
});
