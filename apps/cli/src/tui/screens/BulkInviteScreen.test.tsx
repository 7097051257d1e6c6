import type { TestDetails } from '@assay/domain/schemas';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, type Rendered } from '../../../test/helpers/render.js';
import { HINTS } from '../hints.js';
import { BulkInviteScreen } from './BulkInviteScreen.js';

describe('BulkInviteScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let dir: string;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Bulk TUI');
    test = await importExample(org.client, 'javascript-fundamentals');
    dir = await mkdtemp(join(tmpdir(), 'assay-bulk-tui-'));
  });
  afterEach(() => screen?.unmount());
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a file, previews its rows with the domain’s refusals, invites, follows the job and saves the refused rows', async () => {
    const csv = join(dir, 'graduates.csv');
    await writeFile(
      csv,
      [
        'email,name,extraTimePercent,department',
        'ada@example.com,Ada Lovelace,25,R&D',
        'not-an-address,Bad Row,,R&D',
        'grace@example.com,"Hopper, Grace",,Navy',
        'ADA@example.com,Ada Again,,R&D',
        'alan@example.com,Alan Turing,,Bletchley',
      ].join('\n'),
    );
    screen = renderScreen(<BulkInviteScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    await screen.waitFor('Invite a file of candidates to JavaScript Fundamentals');
    expect(screen.chrome()?.hints).toEqual(HINTS.bulkFile);
    await screen.burst(csv, KEYS.enter);
    const preview = await screen.waitFor('5 rows, 3 to invite, 2 refused');
    expect(preview).toContain('✓ row 1 ada@example.com Ada Lovelace (+25% time)');
    expect(preview).toContain('✗ row 2 not-an-address: email must be a valid email address');
    expect(preview).toContain('✗ row 4 ADA@example.com: the same address as row 1');
    expect(preview).toContain('Invite the 3 valid rows?');
    await screen.press('y');
    const summary = await screen.waitFor('finished: 3 invited, 0 already invited, 2 refused of 5 rows.', 20_000);
    expect(summary).toContain('✗ row 2 not-an-address: email must be a valid email address');
    expect(screen.frames.some((frame) => frame.includes('Job ') && frame.includes('%'))).toBe(true);
    expect(screen.chrome()?.hints).toEqual(HINTS.bulkSummary);
    const job = await org.client.invitations.bulkJob(Number(/Job (\d+) finished/.exec(summary)?.[1]));
    expect(job.rows?.map((row) => `${row.row} ${row.outcome}`)).toEqual(['1 invited', '2 refused', '3 invited', '4 refused', '5 invited']);
    expect((await org.client.reports.get(job.rows![2]!.testInvitationId!)).fullName).toBe('Hopper, Grace');

    await screen.press('s');
    await screen.waitFor(`Save to`);
    expect(screen.lastFrame()).toContain('graduates-refused.csv');
    await screen.press(KEYS.enter);
    await screen.waitFor('Refused rows saved to');
    expect(await readFile(join(dir, 'graduates-refused.csv'), 'utf8')).toBe(
      'row,email,reason\n2,not-an-address,email must be a valid email address\n4,ADA@example.com,the same address as row 1\n',
    );
    // Never over a file: the same name again is refused with the reason, and the summary stays.
    await screen.press('s', KEYS.enter);
    await screen.waitFor('a file there is never overwritten');

    await screen.press(KEYS.escape, 'a');
    await screen.waitFor((frame) => frame.includes('CSV file') && !frame.includes('finished'));
  });

  it('the same file again answers its job and invites nobody; a file without a name column is refused with the reason', async () => {
    const csv = join(dir, 'again.csv');
    await writeFile(csv, 'email,name\nlin@example.com,Lin Ting\n');
    await org.client.invitations.bulk(test.testId, { csv: await readFile(csv, 'utf8') });
    screen = renderScreen(<BulkInviteScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    await screen.burst(csv, KEYS.enter);
    await screen.waitFor('1 rows, 1 to invite, 0 refused');
    await screen.press(KEYS.enter);
    await screen.waitFor('This file was sent before', 20_000);

    await screen.press('a');
    const headless = join(dir, 'headless.csv');
    await writeFile(headless, 'email,full name\nlin@example.com,Lin Ting\n');
    await screen.burst(headless, KEYS.enter);
    await screen.waitFor('The CSV header must name name');
    await screen.burst(...Array.from({ length: 'headless.csv'.length }, () => KEYS.backspace), 'missing.csv', KEYS.enter);
    await screen.waitFor('cannot read');
  });
});
