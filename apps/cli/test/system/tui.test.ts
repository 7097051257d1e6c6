import type { TestDetails } from '@assay/domain';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_MAIN } from '../helpers/built-packages.js';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { openAssayTui } from '../helpers/assay-tui.js';
import { TmuxTerminal } from '../helpers/tmux.js';

/** `assay` in a real pseudo-terminal (tmux) against the real server, driven by keystrokes. */
describe('the interactive UI in a terminal', () => {
  let org: TestOrg;
  let test: TestDetails;
  let cwd: string;
  let terminal: TmuxTerminal;

  beforeAll(async () => {
    org = await newOrg('TUI');
    await importExample(org.client, 'algorithms-coding-screen');
    await importExample(org.client, 'frontend-accessibility');
    test = await importExample(org.client, 'javascript-fundamentals');
    cwd = mkdtempSync(join(tmpdir(), 'assay-tui-'));
    terminal = openAssayTui(org.apiKey, cwd);
  });
  afterAll(() => terminal?.close());

  it('opens a test, creates a link, registers a candidate, opens the report and exports the PDF', async () => {
    const list = await terminal.waitFor('JavaScript Fundamentals');
    expect(list).toMatch(/^Assay › Tests/);
    expect(list).toContain('Page 1 of 1 · 3 tests');
    expect(list).toMatch(/↑↓ move {2}←→ page {2}Enter open/);

    // One send-keys with three keys: each is decided against the state the one before left, so the third test opens.
    await terminal.burst('Down', 'Down', 'Enter');
    const details = await terminal.waitFor('JavaScript concepts');
    expect(details).toMatch(/^Assay › Tests › JavaScript Fundamentals/);
    expect(details).toMatch(/JavaScript concepts\s+General Questions\s+10\s+20 min/);

    await terminal.keys('l');
    await terminal.waitFor('No links yet');
    await terminal.keys('n');
    await terminal.waitFor(`New link for test ${test.testId}`);
    // Typed ahead, without waiting for the form to draw each key.
    await terminal.burst({ text: 'Spring hiring' }, 'Down', 'Right', 'Down', { text: '2026-04-01T09:00' });
    // Seconds optional; the date read in the link's zone, UTC until one is picked (decision 796).
    const timeBound = await terminal.waitFor('1 Apr 2026, 09:00 UTC');
    expect(timeBound).toMatch(/› Start +2026-04-01T09:00/);
    expect(timeBound).toContain('◀ Time bound ▶');
    expect(timeBound).toMatch(/Name\s+Spring hiring/);
    await terminal.keys('Down');
    await terminal.waitFor('› End');
    await terminal.type('2036-04-30T18:00:00');
    await terminal.keys('Down');
    await terminal.waitFor('› Time zone');
    await terminal.keys('Enter');
    await terminal.waitFor('Time zone candidates see the dates in');
    await terminal.type('kolk');
    await terminal.keys('Enter');
    const form = await terminal.waitFor('Asia/Kolkata (1720)');
    // The wall-clock times stay, now read in Kolkata: 09:00 there is 03:30 UTC.
    expect(form).toContain('1 Apr 2026, 09:00 Asia/Kolkata');
    await terminal.keys('C-s');
    const links = await terminal.waitFor('Valid from 01 Apr 2026, 09:00');
    expect(links).toMatch(/Spring hiring\s+Active\s+Time bound/);
    expect(await org.client.testLinks.list(test.testId)).toEqual([
      expect.objectContaining({ testLinkName: 'Spring hiring', accessTime: 1, timeZoneId: 1720, startDateTime: '2026-04-01T03:30:00' }),
    ]);

    await terminal.keys('c');
    expect(await terminal.waitFor('› Email')).toContain('through link “Spring hiring”');
    await terminal.burst({ text: 'ada@example.comxx' }, 'BSpace', 'BSpace', 'Tab', { text: 'Ada Lovelace' }, 'Enter');
    const registered = await terminal.waitFor('Send the candidate this URL');
    const url = /(http:\/\/\S+\/t\/[\w-]+)/.exec(registered)?.[1];
    expect(url?.startsWith(`${serverUrl()}/t/`)).toBe(true);
    await completeAttempt(org.client, url!);

    await terminal.keys('o');
    // "scoring…" until the worker has scored it; the screen refreshes by itself.
    const report = await terminal.waitFor(/Score 0 of 24/, 20_000);
    expect(report).toContain('Ada Lovelace <ada@example.com> · JavaScript Fundamentals');
    expect(report).toMatch(/Completed · report/);
    expect(report).toMatch(/Score 0 of 24 [█░]+ 0%/);
    expect(report).toMatch(/JavaScript concepts\s+0\s+14\s+[█░]+\s+0%/);
    expect(report).toContain('Violations: wv 0 (left the test window) · tv 0 s outside it');

    await terminal.keys('p');
    const invitationId = /Report (\d+)/.exec(report)?.[1];
    await terminal.waitFor(`Save to: assay-report-${invitationId}.pdf`);
    await terminal.keys('Enter');
    await terminal.waitFor(`✓ Saved ${join(cwd, `assay-report-${invitationId}.pdf`)}`);
    expect(
      readFileSync(join(cwd, `assay-report-${invitationId}.pdf`))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('resizes cleanly, shows the help, and quits with q from the first screen', async () => {
    await terminal.resize(80, 24);
    const small = await terminal.waitFor('export PDF');
    expect(small.split('\n').every((line) => [...line].length <= 80)).toBe(true);
    await terminal.keys('?');
    await terminal.waitFor('Keys on “Report');
    await terminal.keys('Escape');
    await terminal.waitFor('SECTION');
    // Report › registration › links › test details › the list.
    for (let screen = 0; screen < 4; screen += 1) await terminal.keys('q');
    await terminal.waitFor('JavaScript Fundamentals');
    await terminal.keys('q');
    await terminal.waitFor('assay exited with 0');
  });

  it('shows a progress bar for a download on a terminal, and none with --json', async () => {
    const { testInvitationId } = await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    const shell = new TmuxTerminal(
      `${process.execPath} ${CLI_MAIN} report ${testInvitationId} --pdf bar.pdf; echo "first exited $?"; ${process.execPath} ${CLI_MAIN} export ${test.testId} --excel book.xlsx; echo "excel exited $?"; ${process.execPath} ${CLI_MAIN} report ${testInvitationId} --pdf quiet.pdf --json; echo "second exited $?"; sleep 30`,
      { columns: 100, rows: 30, cwd, env: { ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey, XDG_CONFIG_HOME: cwd, TERM: 'xterm-256color' } },
    );
    try {
      const screen = await shell.waitFor('second exited 0');
      // A fraction with a bar when the server sends a length, else the bytes received.
      expect(screen).toMatch(/^PDF (?:[█░]+ 100% )?[\d.]+ KiB/m);
      expect(screen).toContain('first exited 0');
      // The Excel report is streamed without a length: an activity bar beside the bytes received.
      expect(screen).toMatch(/^Excel [█░]{10,} [\d.]+ KiB/m);
      expect(screen).toContain('excel exited 0');
      const afterFirst = screen.slice(screen.indexOf('first exited 0'));
      expect(afterFirst).not.toMatch(/^PDF /m);
      expect(afterFirst).toContain('"path"');
    } finally {
      shell.close();
    }
  });
});

/** Keys that arrive faster than the UI draws: before it is up, and text with Ctrl+S in the same read. */
describe('the interactive UI with keys typed ahead', () => {
  let org: TestOrg;
  let cwd: string;
  let terminal: TmuxTerminal;

  beforeAll(async () => {
    org = await newOrg('TUI type-ahead');
    await importExample(org.client, 'algorithms-coding-screen');
    await importExample(org.client, 'javascript-fundamentals');
    cwd = mkdtempSync(join(tmpdir(), 'assay-tui-ahead-'));
  });
  afterAll(() => terminal?.close());

  it('gives keys typed before the UI is up to its first screen, and saves text typed with Ctrl+S in one write', async () => {
    terminal = openAssayTui(org.apiKey, cwd);
    // At once, while node is still starting (the terminal is not in raw mode yet): a search for "fund", kept with Enter.
    await terminal.write('/fund\r');
    const list = await terminal.waitFor('1 matching tests');
    expect(list).toMatch(/Search: fund/);
    expect(list).not.toContain('Algorithms Coding Screen');
    // Enter kept the filter: the list's own keys are back.
    expect(list).toMatch(/c recent/);
    await terminal.keys('Enter');
    const details = await terminal.waitFor('JavaScript concepts');
    expect(details).toMatch(/^Assay › Tests › JavaScript Fundamentals/);

    await terminal.keys('l');
    await terminal.waitFor('No links yet');
    await terminal.keys('n');
    await terminal.waitFor('New link for test');
    // The name and Ctrl+S in one write: the link is saved with the name just typed.
    await terminal.write('Quick link\u0013');
    const links = await terminal.waitFor(/Quick link\s+Active/);
    expect(links).not.toContain('✗');

    await terminal.keys('c');
    await terminal.waitFor('› Email');
    await terminal.write('ada@example.com\tAda Lovelace\u0013');
    await terminal.waitFor('Send the candidate this URL');
    await terminal.keys('o');
    await terminal.waitFor('Ada Lovelace <ada@example.com> · JavaScript Fundamentals');
  });
});
