import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_MAIN } from '../helpers/built-packages.js';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { TmuxTerminal } from '../helpers/tmux.js';

/**
 * Issue 50's TUI moves at 80×24 (tmux), against the real server: resend an invitation's email, extend its deadline,
 * and edit one's own note on the report's notes screen.
 */
describe('the TUI’s resend, extend and note edit at 80×24', () => {
  let org: TestOrg;
  let terminal: TmuxTerminal;
  let grace: number;

  beforeAll(async () => {
    org = await newOrg('TUI moves');
    const test = await importExample(org.client, 'sql-and-data-modelling');
    grace = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
    await org.client.decisions.addNote(grace, 'Call on Monday');
    const cwd = mkdtempSync(join(tmpdir(), 'assay-tui-moves-'));
    terminal = new TmuxTerminal(`env -u CI ${process.execPath} ${CLI_MAIN}; echo "assay exited with $?"; sleep 30`, {
      columns: 80,
      rows: 24,
      cwd,
      env: { ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey, XDG_CONFIG_HOME: cwd, TERM: 'xterm-256color' },
    });
  }, 120_000);
  afterAll(() => terminal?.close());

  const fits = (frame: string) => {
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  };

  it('resends, extends by 3d, and edits the note on the report', async () => {
    await terminal.waitFor('SQL and Data Modelling', 30_000);
    await terminal.keys('Enter');
    await terminal.waitFor('i invitations');
    await terminal.keys('i');
    await terminal.waitFor('Grace Hopper', 30_000);

    await terminal.keys('m');
    await terminal.waitFor(`Email invitation ${grace}'s link to the candidate again?`);
    await terminal.keys('y');
    fits(await terminal.waitFor(`Invitation ${grace}: the candidate is emailed their link again.`));

    await terminal.keys('e');
    await terminal.waitFor(`Extend Grace Hopper (${grace})`);
    await terminal.type('3d');
    await terminal.keys('Enter');
    fits(await terminal.waitFor(new RegExp(`Invitation ${grace} can be started until \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`)));

    await terminal.keys('Enter');
    await terminal.waitFor('SECTION', 30_000);
    await terminal.keys('n');
    await terminal.waitFor('Call on Monday');
    await terminal.keys('e');
    await terminal.waitFor('Edit your note');
    await terminal.keys('C-u');
    await terminal.type('Call on Tuesday');
    await terminal.keys('Enter');
    fits(await terminal.waitFor('(edited): Call on Tuesday'));
    expect((await org.client.decisions.notes(grace)).notes.map((note) => note.text)).toEqual(['Call on Tuesday']);
  });
});
