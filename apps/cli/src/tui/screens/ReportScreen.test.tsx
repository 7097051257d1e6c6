import type { TestDetails } from '@assay/domain/schemas';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { candidateTokenOf } from '@assay/client';
import { completeAttempt, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { storeReportStatus } from '../../../test/helpers/stored-data.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ReportScreen } from './ReportScreen.js';

/** The in-process worker scores a submission within moments; the test waits for it before rewinding the status. */
const waitForGenerated = async (org: TestOrg, testInvitationId: number) => {
  const deadline = Date.now() + 20_000;
  while ((await org.client.reports.get(testInvitationId)).reportStatus !== 'Generated') {
    if (Date.now() > deadline) throw new Error(`report ${testInvitationId} was never generated`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('ReportScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let completedId: number;
  let pendingId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Report');
    test = await importExample(org.client, 'sql-and-data-modelling');
    const done = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    // Ada leaves the test window once, for a second or two, then submits.
    const attempt = org.client.candidate(candidateTokenOf(done.takeTestURL));
    await attempt.start();
    await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
    await attempt.submit();
    completedId = done.testInvitationId;
    pendingId = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
  });
  afterEach(() => screen?.unmount());

  it('shows the score, the section table with bars and the violations at 80×24', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={completedId} />, { client: org.client });
    // "scoring…" until the worker has scored the submission: the screen refreshes by itself.
    const frame = await screen.waitFor(/Score \d+ of \d+/, 20_000);
    const report = await org.client.reports.get(completedId);
    const sections = await org.client.reports.sections(completedId);
    expect(frame).toContain('Ada Lovelace <ada@example.com> · SQL and Data Modelling');
    expect(frame).toContain(`Score ${report.score} of ${report.totalScore}`);
    // tv is the seconds spent outside the test window, not a count.
    expect(report).toMatchObject({ wv: 1, tv: expect.any(Number) });
    expect(report.tv).toBeGreaterThan(0);
    expect(frame).toContain(`Violations: wv 1 (left the test window) · tv ${report.tv} s outside it`);
    for (const entry of sections)
      expect(frame).toMatch(new RegExp(`${entry.sectionName}\\s+${entry.candidateScore}\\s+${entry.sectionScore}\\s+[█░]+\\s+\\d+%`));
    expect(frame).toContain('Completed');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'a', 'r']);
  });

  it('exports the PDF with its outcome shown', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={completedId} />, { client: org.client });
    await screen.waitFor('SECTION');
    await screen.press('p');
    await screen.waitFor(`Save to: assay-report-${completedId}.pdf`);
    await screen.press(KEYS.enter);
    await screen.waitFor(`✓ Saved ${join(screen.downloadDir, `assay-report-${completedId}.pdf`)}`);
    expect(
      readFileSync(join(screen.downloadDir, `assay-report-${completedId}.pdf`))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('never overwrites a file of the same name: it saves beside it as “name (1).pdf” and says the absolute path', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={completedId} />, { client: org.client });
    await screen.waitFor('SECTION');
    const mine = join(screen.downloadDir, `assay-report-${completedId}.pdf`);
    writeFileSync(mine, 'my own notes');
    await screen.press('p');
    await screen.waitFor(`Save to: assay-report-${completedId}.pdf`);
    await screen.press(KEYS.enter);
    const numbered = join(screen.downloadDir, `assay-report-${completedId} (1).pdf`);
    await screen.waitFor(`✓ Saved ${numbered}`);
    expect(readFileSync(mine, 'utf8')).toBe('my own notes');
    expect(readFileSync(numbered).subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing half-written or hidden is left beside them.
    expect(readdirSync(screen.downloadDir).sort()).toEqual([`assay-report-${completedId} (1).pdf`, `assay-report-${completedId}.pdf`]);
  });

  it('says “scoring…” (no 0 % bar) while the report is not Generated, and shows the score by itself once it is', async () => {
    const { testInvitationId, takeTestURL } = await org.client.invitations.register(test.testId, { emailId: 'mary@example.com', fullName: 'Mary Somerville' });
    await completeAttempt(org.client, takeTestURL);
    await waitForGenerated(org, testInvitationId);
    // As it is between the submission and the worker's scoring.
    await storeReportStatus(testInvitationId, 'In progress');
    screen = renderScreen(<ReportScreen testInvitationId={testInvitationId} />, { client: org.client });
    const scoring = await screen.waitFor('Score scoring…');
    expect(scoring).not.toMatch(/Score \d+ of/);
    expect(scoring).not.toMatch(/\d+%/);
    await storeReportStatus(testInvitationId, 'Generated');
    const report = await org.client.reports.get(testInvitationId);
    const scored = await screen.waitFor(`Score ${report.score} of ${report.totalScore}`, 15_000);
    expect(scored).toMatch(/Score \d+ of \d+ [█░]+ \d+%/);
  });

  it('shows “—” for a pending and a cancelled invitation’s score, never a 0 % bar', async () => {
    const { testInvitationId } = await org.client.invitations.register(test.testId, { emailId: 'emmy@example.com', fullName: 'Emmy Noether' });
    screen = renderScreen(<ReportScreen testInvitationId={testInvitationId} />, { client: org.client });
    const pending = await screen.waitFor('Score — (not started yet)');
    expect(pending).not.toMatch(/\d+%/);
    screen.unmount();
    await org.client.invitations.cancel(testInvitationId);
    screen = renderScreen(<ReportScreen testInvitationId={testInvitationId} />, { client: org.client });
    const cancelled = await screen.waitFor('Score — (cancelled)');
    expect(cancelled).not.toMatch(/\d+%/);
  });

  it('shows a failed export inline and keeps working', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={completedId} />, { client: org.client });
    await screen.waitFor('SECTION');
    await screen.press('p', ...Array<string>(40).fill(KEYS.backspace), 'no/such/folder/report.pdf', KEYS.enter);
    await screen.waitFor('✗ error');
    await screen.press('r');
    await screen.waitFor((frame) => !frame.includes('✗ error') && frame.includes('SECTION'));
  });

  it('cancels a pending invitation after confirming: the status follows', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={pendingId} />, { client: org.client });
    await screen.waitFor('Grace Hopper');
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'x', 'r']);
    await screen.press('x');
    await screen.waitFor(`Cancel invitation ${pendingId}?`);
    await screen.press('y');
    await screen.waitFor(`Invitation ${pendingId} is cancelled.`);
    await screen.waitFor('Cancelled ·');
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'r']);
  });

  it('shows an unknown invitation inline', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={987_654} />, { client: org.client });
    await screen.waitFor('✗ 404.4');
  });
});
