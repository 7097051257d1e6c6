import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BulkDecisionAnswer, DecisionEmailSettings } from '@assay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 61 items 1 and 2 against a real server: `assay decide --test … --filter|--ids` after a dry run and a
 * confirmation, `--notify` and `--preview`, `assay org decision-emails` and `assay invitations cancel --notify`.
 */
describe('assay decide for many, and the emails a decision sends', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let testId = '';
  const ids: number[] = [];

  beforeAll(async () => {
    org = await newOrg('Decide many');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
    const test = await importExample(org.client, 'sql-and-data-modelling');
    testId = String(test.testId);
    for (const name of ['ada', 'grace', 'linus', 'noor']) {
      ids.push((await org.client.invitations.register(test.testId, { emailId: `${name}@example.com`, fullName: `${name} Example` })).testInvitationId);
    }
  });

  it('shows who a filter would decide and writes nothing on a dry run, or when not confirmed', async () => {
    const dry = await runAssay(['decide', '--test', testId, '--filter', 'decision=none', 'reject', '--dry-run'], env);
    expect({ code: dry.code, stderr: dry.stderr }).toEqual({ code: 0, stderr: '' });
    expect(dry.stdout).toContain('grace@example.com');
    expect(dry.stdout).toMatch(/Would reject: 4 · unchanged 0 · not found 0 \(dry run: nothing written\)/);
    const declined = await runAssay(['decide', '--test', testId, '--filter', 'decision=none', 'reject'], env, 30_000, 'n\n');
    expect(declined.code).toBe(2);
    expect(declined.stderr).toContain('Decide 4 candidates (reject)?');
    expect((await org.client.decisions.evaluation(ids[0]!)).decision).toBeNull();
  });

  it('decides the ids given once confirmed, each emailed with --notify, and a second run changes nothing', async () => {
    const run = await runAssay(
      ['decide', '--test', testId, '--ids', `${ids[0]},${ids[1]}`, 'reject', '--reason', 'Below the bar', '--notify'],
      env,
      30_000,
      'y\n',
    );
    expect({ code: run.code }).toEqual({ code: 0 });
    expect(run.stdout).toMatch(/Decided \(reject\): 2 · unchanged 0 · not found 0/);
    const history = await org.client.invitations.history(ids[0]!);
    expect(history.entries.filter((entry) => entry.kind === 'decision-email').map((entry) => entry.details)).toMatchObject([
      { change: 'queued', email: 'rejected' },
    ]);
    const again = await runAssay(['decide', '--test', testId, '--ids', `${ids[0]},${ids[1]}`, 'reject', '--yes', '--json'], env);
    expect((JSON.parse(again.stdout) as BulkDecisionAnswer).unchanged).toBe(2);
  });

  it('previews the email a decision sends and decides nothing; --notify says the email is queued', async () => {
    const preview = await runAssay(['decide', String(ids[2]), 'advance', '--preview'], env);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/^To: +linus@example.com$/m);
    expect(preview.stdout).toMatch(/^Subject: +Next steps with /m);
    expect((await org.client.decisions.evaluation(ids[2]!)).decision).toBeNull();
    expect((await runAssay(['decide', String(ids[2]), 'hold', '--preview'], env)).code).toBe(2);
    const decided = await runAssay(['decide', String(ids[2]), 'advance', '--notify'], env);
    expect(decided.stdout).toContain('Email queued: sent after the undo window unless the decision changes first.');
  });

  it('sets a template from a file and the Reply-To, and cancels with a notification', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-emails-'));
    writeFileSync(join(dir, 'reject.md'), 'Dear {{candidateName}},\n\nThank you for your time.\n');
    const set = await runAssay(
      [
        'org',
        'decision-emails',
        '--email',
        'rejected',
        '--subject',
        'About {{testName}}',
        '--body-file',
        join(dir, 'reject.md'),
        '--reply-to',
        'talent@example.com',
        '--json',
      ],
      env,
    );
    expect(set.code).toBe(0);
    const settings = JSON.parse(set.stdout) as DecisionEmailSettings;
    expect(settings.rejected).toEqual({ subject: 'About {{testName}}', body: 'Dear {{candidateName}},\n\nThank you for your time.' });
    expect(settings.replyTo).toBe('talent@example.com');
    expect((await runAssay(['org', 'decision-emails'], env)).stdout).toContain('Reply-To: talent@example.com');
    expect((await runAssay(['org', 'decision-emails', '--subject', 'x'], env)).code).toBe(2);
    const bad = await runAssay(['org', 'decision-emails', '--email', 'rejected', '--subject', 'Hi {{nme}}'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown placeholders: nme');
    const cancelled = await runAssay(['invitations', 'cancel', String(ids[3]), '--notify'], env);
    expect(cancelled.stdout).toContain('is cancelled. The candidate is emailed after the undo window.');
  });

  it('refuses mixed or missing arguments with exit 2 before any request', async () => {
    for (const args of [
      ['decide', '--test', testId, '--filter', 'decision=none', String(ids[0]), 'reject'],
      ['decide', '--test', testId, 'reject'],
      ['decide', String(ids[0]), 'reject', '--dry-run'],
      ['decide', String(ids[0])],
      ['decide', '--test', testId, '--filter', 'max_score=lots', 'reject'],
    ]) {
      expect((await runAssay(args, env)).code, args.join(' ')).toBe(2);
    }
  });
});
