import { candidateTokenOf, createClient } from '@assay/client';
import type { TestDetails } from '@assay/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { openAssayTui } from '../helpers/assay-tui.js';
import type { TmuxTerminal } from '../helpers/tmux.js';

/** A take-test URL printed alone on a line of the screen: what a mouse selection or OSC 52 copies. */
const urlAloneOnItsLine = (screen: string): string | undefined => /^(http:\/\/\S+\/t\/[\w-]+)\s*$/m.exec(screen)?.[1];

/** The invite form's optional fields, the copy of a handed-out URL and recent completions, in a real terminal. */
describe('the interactive UI: inviting, copying a URL, recent completions', () => {
  let org: TestOrg;
  let test: TestDetails;
  let terminal: TmuxTerminal;
  let firstUrl: string;

  beforeAll(async () => {
    org = await newOrg('TUI forms');
    test = await importExample(org.client, 'javascript-fundamentals');
    const cwd = mkdtempSync(join(tmpdir(), 'assay-tui-forms-'));
    terminal = openAssayTui(org.apiKey, cwd);
    terminal.acceptClipboard();
  });
  afterAll(() => terminal?.close());

  it('invites with extra time, a redirect and a callback, shows the URL alone on its line and copies it with c', async () => {
    await terminal.waitFor('JavaScript Fundamentals');
    await terminal.keys('Enter');
    await terminal.waitFor('JavaScript concepts');
    await terminal.keys('n');
    await terminal.waitFor('Callback URL');
    await terminal.burst(
      { text: 'lin@example.com' },
      'Tab',
      { text: 'Lin Ting' },
      'Tab',
      { text: '25' },
      'Tab',
      { text: 'https://ats.example/done' },
      'Tab',
      { text: 'http://127.0.0.1:9/hook' },
      'C-s',
    );
    const registered = await terminal.waitFor('Send the candidate this URL');
    const url = urlAloneOnItsLine(registered);
    expect(url?.startsWith(`${serverUrl()}/t/`)).toBe(true);
    firstUrl = url!;
    const session = await createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(firstUrl)).session();
    expect(session.test.extraTimePercent).toBe(25);
    expect(session.redirectURL).toBe('https://ats.example/done');

    await terminal.keys('c');
    await terminal.waitFor('Sent to the clipboard (OSC 52)');
    expect(terminal.pasteBuffer()).toBe(firstUrl);
  }, 120_000);

  it('reattempts a completed invitation from the list and copies the new URL', async () => {
    await completeAttempt(org.client, firstUrl);
    await terminal.keys('Escape');
    await terminal.waitFor('JavaScript concepts');
    await terminal.keys('i');
    await terminal.waitFor(/lin@example\.com.*Completed|Lin Ting.*Completed/);
    await terminal.keys('a');
    await terminal.waitFor('new attempt');
    await terminal.keys('y');
    const reattempted = await terminal.waitFor((screen: string) => (urlAloneOnItsLine(screen) ?? firstUrl) !== firstUrl, 20_000);
    const newUrl = urlAloneOnItsLine(reattempted)!;
    await terminal.keys('c');
    await terminal.waitFor('Sent to the clipboard (OSC 52)');
    expect(terminal.pasteBuffer()).toBe(newUrl);
  }, 120_000);

  it('names the test of each recent completion', async () => {
    await terminal.keys('Escape');
    await terminal.waitFor('JavaScript concepts');
    await terminal.keys('Escape');
    await terminal.waitFor('Page 1 of 1 · 1 tests');
    await terminal.keys('c');
    const completions = await terminal.waitFor('lin@example.com', 20_000);
    const row = completions.split('\n').find((line) => line.includes('lin@example.com'));
    expect(row).toContain('JavaScript Fundamentals');
    expect(row).not.toMatch(new RegExp(`\\btest ${test.testId}\\b`, 'i'));
  }, 120_000);
});
