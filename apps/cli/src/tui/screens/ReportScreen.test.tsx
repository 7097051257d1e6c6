import type { TestDetails } from '@assay/domain/schemas';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writtenTest } from '@assay/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidateTokenOf, type AssayClient } from '@assay/client';
import { completeAttempt, importExample, newOrg, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { HINTS } from '../hints.js';
import { storeReportStatus } from '../../../test/helpers/stored-data.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesContext } from '../shell/capabilities-context.js';
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
    // The departure behind wv 1, its raw signal and, beside it, that nobody has reviewed it.
    expect(frame).toMatch(/EVIDENCE\s+RAW SIGNAL \(UTC\)\s+REVIEW/);
    expect(frame).toMatch(/Departure 1\s+\d\d:\d\d:\d\d–\d\d:\d\d:\d\d \(\d+ s\)\s+not reviewed/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    // The evidence keys take the footer's room of r (still in the help).
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'l', 't', 'n', 'v', '↑↓', 'd/c', 'Enter', 's', 'a', 'X', 'r']);
    expect(screen.chrome()?.hints.find((hint) => hint.keys === 'r')).toMatchObject({ helpOnly: true });
  });

  it('shows on its first screen what was recorded: decision, reason, tags, mean rating and count (issue 61 item 3)', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={pendingId} />, { client: org.client });
    expect(await screen.waitFor('Violations:')).not.toContain('Recorded:');
    screen.unmount();
    await org.client.decisions.decide(pendingId, { decision: 'on-hold', reason: 'Waiting for references' });
    await org.client.decisions.addTag(pendingId, 'Backend');
    await org.client.decisions.rate(pendingId, 4);
    screen = renderScreen(<ReportScreen testInvitationId={pendingId} />, { client: org.client });
    const frame = await screen.waitFor('Recorded: on-hold');
    expect(frame.replace(/\s+/g, ' ')).toContain('Recorded: on-hold — Waiting for references · tags backend · rated 4 (1 rating)');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await org.client.decisions.decide(pendingId, { decision: null });
    await org.client.decisions.removeTag(pendingId, 'backend');
    await org.client.decisions.rate(pendingId, null);
  });

  it('shows the integrity summary under the violations, in the words of the PDF and the workbook (issue 48)', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={completedId} />, { client: org.client });
    const frame = await screen.waitFor('Integrity:');
    expect(frame).toContain('Integrity: To review · 1 departure, not reviewed');
    expect((await org.client.reports.details(completedId)).integrity.summary).toMatchObject({ level: 'unreviewed', departures: { unreviewed: 1 } });
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
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
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'l', 't', 'n', 'v', 'x', 'm', 'e', 'X', 'r']);
    await screen.press('x');
    await screen.waitFor(`Cancel invitation ${pendingId}?`);
    await screen.press('y');
    await screen.waitFor(`Invitation ${pendingId} is cancelled.`);
    await screen.waitFor('Cancelled ·');
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['p', 'h', 'l', 't', 'n', 'v', 'X', 'r']);
  });

  it('erases the candidate after confirming, for a key that may (X, issue 51); a key that may not is never offered it', async () => {
    const { testInvitationId } = await org.client.invitations.register(test.testId, { emailId: 'alan@example.com', fullName: 'Alan Turing' });
    const notAdmin = (capability: string) => capability !== 'erase-candidates';
    screen = renderScreen(
      <CapabilitiesContext.Provider value={notAdmin}>
        <ReportScreen testInvitationId={testInvitationId} />
      </CapabilitiesContext.Provider>,
      { client: org.client },
    );
    await screen.waitFor('Alan Turing');
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).not.toContain('X');
    await screen.press('X');
    expect(screen.lastFrame()).not.toContain('Erase invitation');
    screen.unmount();

    screen = renderScreen(<ReportScreen testInvitationId={testInvitationId} />, { client: org.client });
    await screen.waitFor('Alan Turing');
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toContain('X');
    await screen.press('X');
    await screen.waitFor(`Erase invitation ${testInvitationId}'s candidate`);
    await screen.press('n');
    expect((await org.client.reports.get(testInvitationId)).fullName).toBe('Alan Turing');
    await screen.press('X');
    await screen.waitFor(`Erase invitation ${testInvitationId}'s candidate`);
    await screen.press('y');
    await screen.waitFor('the candidate is erased');
    // The notice itself says "Erased candidate": the report read again after it is what must name no one.
    await screen.waitFor((frame) => !frame.includes('Alan Turing'));
    expect(screen.lastFrame()).toContain('Erased candidate');
  });

  it('shows an unknown invitation inline', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={987_654} />, { client: org.client });
    await screen.waitFor('✗ 404.4');
  });
});

/**
 * A 2×1 PNG, one black pixel and one white: what a proctored candidate's camera sends, as small as it gets while it
 * shows something (a 1×1 frame is one flat tone, an image violation the summary would name: decisions 972, 989).
 */
const IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR42mNgYGD4//8/AAYBAv67yYXpAAAAAElFTkSuQmCC';

describe('ReportScreen: reviewing integrity evidence (issue 32, item 5) with a reviewer key', () => {
  let org: TestOrg;
  let reviewer: AssayClient;
  let invitationId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Evidence');
    const test = await importExample(org.client, 'sql-and-data-modelling');
    reviewer = await reviewerClient(org, 'TUI panel');
    const camera = await org.client.testLinks.create(test.testId, { testLinkName: 'Camera', accessTime: 0, imageProctoring: 1 });
    const registration = await org.client.testLinks.register(test.testId, camera.testLinkId, { emailId: 'lin@example.com', fullName: 'Lin Ting' });
    invitationId = registration.testInvitationId;
    // One departure and one snapshot, then the submission.
    const attempt = org.client.candidate(candidateTokenOf(registration.testUrl));
    await attempt.start();
    await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
    await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
    await attempt.uploadSnapshot(IMAGE);
    await attempt.submit();
    await waitForGenerated(org, invitationId);
  });
  afterEach(() => screen?.unmount());

  it('marks a departure dismissed and a snapshot confirmed, each with a note, and shows the outcomes beside the raw signal', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={invitationId} />, { client: reviewer });
    const first = await screen.waitFor(/Snapshot 1\s+taken \d\d:\d\d:\d\d\s+not reviewed/);
    // The summary follows each review (issue 48): a dismissed departure is no longer "to review"; a confirmed snapshot shows.
    expect(first).toContain('Integrity: To review · 1 departure, not reviewed');
    expect(first).toMatch(/› ?Departure 1\s+\S+ \(\d+ s\)\s+not reviewed/);
    expect(first).toContain('Departure 1: not reviewed yet.');

    // d on the highlighted departure: the note prompt has the keyboard (q and ? are typed).
    await screen.press('d');
    await screen.waitFor(/Dismiss Departure 1 \(.*\) · Tab: confirm instead/);
    await screen.expectChrome({ hints: HINTS.evidenceNote, typing: true, modal: true });
    await screen.burst('Fire drill? q');
    await screen.press(KEYS.enter);
    const dismissed = await screen.waitFor(/Departure 1\s+\S+ \(\d+ s\)\s+dismissed by TUI panel: Fire drill\? q/);
    expect(dismissed).toContain('✓ Departure 1 dismissed.');
    await screen.waitFor('Integrity: Dismissed · 1 departure, dismissed');
    expect(screen.passed).toEqual([]);

    // ↓ to the snapshot; c, then Tab twice (dismissed, confirmed again), a note, Ctrl+S.
    await screen.press(KEYS.down, 'c');
    await screen.waitFor('Confirm Snapshot 1');
    await screen.press(KEYS.tab);
    await screen.waitFor('Dismiss Snapshot 1');
    await screen.press(KEYS.tab);
    await screen.waitFor('Confirm Snapshot 1');
    await screen.burst('Two people');
    await screen.press(KEYS.ctrlS);
    await screen.waitFor(/Snapshot 1\s+taken \S+\s+confirmed by TUI panel: Two people/);
    await screen.waitFor('✓ Snapshot 1 confirmed.');
    await screen.waitFor('Integrity: Confirmed · 1 departure, dismissed · 1 snapshot, confirmed');

    const { integrity } = await org.client.reports.details(invitationId);
    expect(integrity.departures[0]?.review).toMatchObject({ outcome: 'dismissed', note: 'Fire drill? q', by: 'TUI panel' });
    expect(integrity.snapshots[0]?.review).toMatchObject({ outcome: 'confirmed', note: 'Two people', by: 'TUI panel' });
    // v2's report stays raw.
    expect((await org.client.reports.get(invitationId)).wv).toBe(1);

    // Back on the departure: who reviewed it and when. A second review starts from the note that counts; Esc leaves it.
    await screen.press(KEYS.up);
    await screen.waitFor(/Departure 1: dismissed by TUI panel, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await screen.press('c');
    const again = await screen.waitFor('Confirm Departure 1');
    expect(again).toMatch(/Note: Fire drill\? q/);
    await screen.press(KEYS.escape);
    await screen.waitFor((frame) => !frame.includes('Confirm Departure 1') && frame.includes('dismissed by TUI panel'));
    expect(screen.passed).toEqual([]);
  });

  it('shows a refusal in place, keeping the note, and r shows what the server has now', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={invitationId} />, { client: reviewer });
    await screen.waitFor('Departure 1');
    // The invitation is reset behind the screen's back: its evidence is gone, the screen still lists it.
    await org.client.invitations.reset(invitationId);
    // The prompt starts from the note that counts (test 1's), typed on.
    await screen.press('d');
    await screen.burst(' (stale)');
    await screen.press(KEYS.enter);
    const refused = await screen.waitFor('✗ 404.12');
    expect(refused).toMatch(/Note: Fire drill\? q \(stale\)/);
    expect(refused).toContain('Dismiss Departure 1');
    await screen.press(KEYS.escape, 'r');
    await screen.waitFor('Integrity evidence: no departures, snapshots, pastes or similar answers.');
    await screen.expectChrome({ hints: HINTS.report(['cancel', 'resend', 'extend', 'erase']) });
  });
});

describe('ReportScreen of an attempt whose essay awaits a grader (issue 48)', () => {
  let screen: Rendered | undefined;
  afterEach(() => screen?.unmount());

  it('says “awaiting review” with the marks so far once the machine has scored, never “scoring…”', async () => {
    const org = await newOrg('Awaiting');
    const { testId } = await org.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0]);
    const registration = await org.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    const attempt = org.client.candidate(candidateTokenOf(registration.takeTestURL));
    const session = await attempt.start();
    const [choice, short, essay] = session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
    await attempt.saveAnswer(choice!, { optionIds: [1] });
    await attempt.saveAnswer(short!, { text: 'Paris' });
    await attempt.saveAnswer(essay!, { text: 'Sort, then search.' });
    await attempt.submit();
    const id = registration.testInvitationId;
    await vi.waitFor(async () => expect((await org.client.reports.get(id)).scoreStatus).toBe('provisional'), { timeout: 20_000, interval: 200 });
    screen = renderScreen(<ReportScreen testInvitationId={id} />, { client: org.client });
    const frame = await screen.waitFor('awaiting review');
    expect(frame).toContain('Score 3 of 8 provisional · awaiting review (1 answer to grade)');
    expect(frame).not.toContain('scoring…');
    expect(frame).toMatch(/Written\s+~3\s+8/);
  });
});
