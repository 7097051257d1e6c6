import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAssayTui } from '../helpers/assay-tui.js';
import { takeAttempt } from '../helpers/attempts.js';
import { newOrg, type TestOrg } from '../helpers/org.js';
import type { TmuxTerminal } from '../helpers/tmux.js';

/** One question of 20 marks: a right answer scores 20, a wrong one 0. */
const ONE_QUESTION = {
  testName: 'Pipeline screen',
  duration: 10,
  sections: [
    {
      sectionName: 'One',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick B', marks: 20, options: [{ text: 'A' }, { text: 'B', correct: true }] }],
    },
  ],
};

/**
 * Issue 50's acceptance in the TUI at 80×24 (tmux), against the real server: the list filtered to "completed, score ≥
 * 15, no confirmed integrity evidence", a row shortlisted with a reason, and the decision column showing it.
 */
describe('the TUI’s pipeline at 80×24', () => {
  let org: TestOrg;
  let terminal: TmuxTerminal;
  let ada: number;
  let noor: number;

  beforeAll(async () => {
    org = await newOrg('TUI pipeline');
    const test = await org.client.tests.import(ONE_QUESTION as Parameters<typeof org.client.tests.import>[0]);
    const take = async (emailId: string, fullName: string, pick: 'A' | 'B', leaves = false) => {
      const registered = await org.client.invitations.register(test.testId, { emailId, fullName });
      await takeAttempt(registered.takeTestURL, { picks: { 'Pick B': pick }, leaves });
      return registered.testInvitationId;
    };
    ada = await take('ada@example.com', 'Ada Lovelace', 'B');
    await take('lin@example.com', 'Lin Ting', 'A');
    noor = await take('noor@example.com', 'Noor Haddad', 'B', true);
    await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    await vi.waitFor(async () => expect((await org.client.reports.details(noor)).integrity.departures[0]?.eventId).toBeTruthy(), { timeout: 20_000 });
    const departure = (await org.client.reports.details(noor)).integrity.departures[0]!.eventId!;
    await org.client.invitations.reviewEvidence(noor, departure, { outcome: 'confirmed' });
    await vi.waitFor(async () => expect((await org.client.reports.get(ada)).reportStatus).toBe('Generated'), { timeout: 20_000, interval: 200 });
    terminal = openAssayTui(org.apiKey, mkdtempSync(join(tmpdir(), 'assay-tui-pipeline-')), { columns: 80, rows: 24 });
  }, 120_000);
  afterAll(() => terminal?.close());

  it('filters to the shortlist, shortlists a row with a reason, and the decision column and the summary change', async () => {
    await terminal.waitFor('Pipeline screen', 30_000);
    await terminal.keys('Enter');
    await terminal.waitFor('i invitations');
    await terminal.keys('i');
    const list = await terminal.waitFor('Not started 1 · started 0 · finished 3 · decided 0', 30_000);
    expect(list).toMatch(/Completion 75% · scores 0%\[.{10}\]100%/);
    expect(list).toContain('F filter');

    await terminal.keys('F');
    await terminal.waitFor('Filter (e.g. completed score>=15 clean');
    await terminal.type('completed score>=15 clean');
    await terminal.keys('Enter');
    const shortlist = await terminal.waitFor('Filter: completed score>=15 clean');
    await terminal.waitFor('1–1 of 1 (4 in all)');
    expect(shortlist).toContain('Ada Lovelace');
    for (const other of ['Noor Haddad', 'Lin Ting', 'Grace Hopper']) expect(shortlist).not.toContain(other);

    await terminal.keys('d');
    await terminal.waitFor('Decide on Ada Lovelace');
    await terminal.keys('s');
    await terminal.waitFor('shortlisted: Ada Lovelace');
    await terminal.type('Strong answer');
    await terminal.keys('Enter');
    const decided = await terminal.waitFor(`Invitation ${ada}: shortlisted.`);
    const after = await terminal.waitFor(new RegExp(`${ada}\\s+Ada Lovelace.*shortlist`));
    expect(after).toContain('decided 1');
    for (const line of [...decided.split('\n'), ...after.split('\n')]) expect(line.length).toBeLessThanOrEqual(80);
    const evaluation = await org.client.decisions.evaluation(ada);
    expect(evaluation.decision).toMatchObject({ decision: 'shortlisted', reason: 'Strong answer' });
  });
});
