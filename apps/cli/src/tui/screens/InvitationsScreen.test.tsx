import { candidateTokenOf, type AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import { writtenTest } from '@assay/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg, reviewerClient, roleClient } from '../../../test/helpers/org.js';
import { osc52 } from '../shell/clipboard.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { InvitationsScreen } from './InvitationsScreen.js';

describe('InvitationsScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let pendingId: number;
  let completedId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Invitations');
    test = await importExample(org.client, 'javascript-fundamentals');
    const done = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    await completeAttempt(org.client, done.takeTestURL);
    completedId = done.testInvitationId;
    // The list shows a score once scoring is done ("—" before, never a placeholder 0: decision 649).
    await vi.waitFor(async () => expect((await org.client.reports.get(completedId)).reportStatus).toBe('Generated'), { timeout: 20_000, interval: 100 });
    pendingId = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
  });
  afterEach(() => screen?.unmount());

  /** The keys the footer shows; the screen reports them in an effect after its frame. */
  const shownKeys = () =>
    screen!
      .chrome()
      ?.hints.filter((hint) => !hint.helpOnly)
      .map((hint) => hint.keys);

  const open = async () => {
    screen = renderScreen(<InvitationsScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    return screen.waitFor('Grace Hopper');
  };

  it('lists every invitation with status, score and violations, and opens a report', async () => {
    const frame = await open();
    // The integrity summary's level (issue 48): Ada never left the window, pasted nothing ("—").
    expect(frame).toMatch(new RegExp(`${completedId}\\s+Ada Lovelace\\s+ada@example.com\\s+Completed\\s+0%\\s+—`));
    expect(frame).toMatch(new RegExp(`${pendingId}\\s+Grace Hopper\\s+grace@example.com\\s+Pending`));
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen!.press(KEYS.enter);
    expect(screen!.opened).toEqual([{ screen: 'report', testInvitationId: completedId }]);
  });

  it('offers reattempt on a completed invitation and cancel on a pending one only', async () => {
    await open();
    await vi.waitFor(() => expect(shownKeys()).toEqual(['Enter', 'a', 'd', 'F']));
    await screen!.press('x');
    expect(screen!.lastFrame()).not.toContain('Cancel invitation');
    await screen!.press(KEYS.down);
    await vi.waitFor(() => expect(shownKeys()).toEqual(['Enter', 'x', 'd', 'F']));
    await screen!.press('a');
    expect(screen!.lastFrame()).not.toContain('new attempt');
  });

  it('cancels after a confirmation; n declines', async () => {
    await open();
    await screen!.press(KEYS.down, 'x');
    await screen!.waitFor(`Cancel invitation ${pendingId}?`);
    await screen!.expectChrome({ modal: true });
    await screen!.press('n');
    await screen!.waitFor((frame) => !frame.includes('Cancel invitation'));
    expect((await org.client.reports.get(pendingId)).testStatus).toBe('Pending');
    await screen!.press('x', 'y');
    await screen!.waitFor(`Invitation ${pendingId} is cancelled.`);
    await screen!.waitFor(new RegExp(`${pendingId}\\s+Grace Hopper\\s+grace@example.com\\s+Cancelled`));
    expect((await org.client.reports.get(pendingId)).testStatus).toBe('Cancelled');
  });

  it('reattempts a completed invitation: a new one appears', async () => {
    await open();
    await screen!.press('a');
    await screen!.waitFor(`Create a new attempt for invitation ${completedId}?`);
    await screen!.press('y');
    const frame = await screen!.waitFor('New attempt: invitation');
    const newId = Number(/New attempt: invitation (\d+)/.exec(frame)?.[1]);
    await screen!.waitFor(new RegExp(`${newId}\\s+Ada Lovelace`));
    // The new URL alone on its line, whole, and c copies it.
    const shown = await screen!.waitFor('c copies it to the clipboard');
    const url = /^(http:\/\/\S+\/t\/\S+) *$/m.exec(shown)?.[1];
    expect(url?.startsWith(`${serverUrl()}/t/`)).toBe(true);
    await screen!.press('c');
    await screen!.waitFor('Sent to the clipboard (OSC 52)');
    expect(screen!.frames.some((written) => written.includes(osc52(url!)))).toBe(true);
  });

  it('marks each invitation with its integrity summary: a confirmed departure, one nobody reviewed (issue 48)', async () => {
    const leaves = async (emailId: string, fullName: string) => {
      const { testInvitationId, takeTestURL } = await org.client.invitations.register(test.testId, { emailId, fullName });
      const attempt = org.client.candidate(candidateTokenOf(takeTestURL));
      await attempt.start();
      await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
      await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
      await attempt.submit();
      return testInvitationId;
    };
    const confirmed = await leaves('lin@example.com', 'Lin Ting');
    const unreviewed = await leaves('noor@example.com', 'Noor Haddad');
    const departure = (await org.client.reports.details(confirmed)).integrity.departures[0]!.eventId!;
    await org.client.invitations.reviewEvidence(confirmed, departure, { outcome: 'confirmed' });
    // At 100 columns the WV/TV counts are shown beside the mark (decision 807).
    screen = renderScreen(<InvitationsScreen testId={test.testId} testName={test.testName} />, { client: org.client, size: { columns: 100, rows: 30 } });
    const frame = await screen.waitFor('Noor Haddad');
    expect(frame).toMatch(/DECISION\s+RATED\s+WV\/TV\s+INT/);
    // "!" confirmed, "?" to review (decision 648).
    expect(frame).toMatch(new RegExp(`${confirmed}\\s+Lin Ting\\s+.*\\s+1/\\d+ s\\s+!`));
    expect(frame).toMatch(new RegExp(`${unreviewed}\\s+Noor Haddad\\s+.*\\s+1/\\d+ s\\s+\\?`));
    expect(widestLine(frame)).toBeLessThanOrEqual(100);
  });
});

/** Submits the written test: the choice right (1 of 8), and the short answer and essay as given ("" leaves one blank). */
const submitWritten = async (client: AssayClient, testId: number, emailId: string, fullName: string, written: { short: string; essay: string }) => {
  const registration = await client.invitations.register(testId, { emailId, fullName });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const session = await attempt.start();
  const [choice, short, essay] = session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
  await attempt.saveAnswer(choice!, { optionIds: [1] });
  if (written.short) await attempt.saveAnswer(short!, { text: written.short });
  if (written.essay) await attempt.saveAnswer(essay!, { text: written.essay });
  await attempt.submit();
  return registration.testInvitationId;
};

describe('InvitationsScreen of a written test (issue 48: provisional scores, a list that is not an export)', () => {
  let org: TestOrg;
  let testId: number;
  let awaitingId: number;
  let finalId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Provisional');
    testId = (await org.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    // Ada's essay awaits a grader: 3 of 8 so far (choice 1, "Paris" 2). Lin left both written answers blank: 1 of 8, final.
    awaitingId = await submitWritten(org.client, testId, 'ada@example.com', 'Ada Lovelace', { short: 'Paris', essay: 'Sort, then search.' });
    finalId = await submitWritten(org.client, testId, 'lin@example.com', 'Lin Ting', { short: '', essay: '' });
    await org.client.invitations.register(testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    // The server's worker scores both attempts.
    await vi.waitFor(
      async () => {
        expect((await org.client.reports.get(awaitingId)).scoreStatus).toBe('provisional');
        expect((await org.client.reports.get(finalId)).scoreStatus).toBe('final');
      },
      { timeout: 20_000, interval: 200 },
    );
  });
  afterEach(() => screen?.unmount());

  const open = async () => {
    screen = renderScreen(<InvitationsScreen testId={testId} testName="Written answers" />, { client: org.client });
    return screen.waitFor('Grace Hopper');
  };

  it('shows an attempt awaiting review with its provisional score, filters by that state, and sorts by the provisional score', async () => {
    const frame = await open();
    expect(frame).toMatch(new RegExp(`${awaitingId}\\s+Ada Lovelace\\s+ada@example.com\\s+Awaiting review\\s+~38%`));
    expect(frame).toMatch(new RegExp(`${finalId}\\s+Lin Ting\\s+lin@example.com\\s+Completed\\s+13%`));
    expect(frame).toContain('~ provisional');
    // f steps through the states: all, Pending, In progress, Completed, Reset, Cancelled, Expired, Awaiting review.
    await screen!.press('f', 'f', 'f', 'f', 'f', 'f', 'f');
    const filtered = await screen!.waitFor('status Awaiting review');
    expect(filtered).toContain('Ada Lovelace');
    expect(filtered).not.toContain('Lin Ting');
    expect(filtered).not.toContain('Grace Hopper');
    // Back to all, then ordered by score: Ada's 3 so far ranks above Lin's final 1, the pending invitation last.
    await screen!.press('f', 'o', 'o');
    const sorted = await screen!.waitFor((shown) => shown.includes('Grace Hopper') && /by score/.test(shown));
    expect(sorted.indexOf('Ada Lovelace')).toBeLessThan(sorted.indexOf('Lin Ting'));
    expect(sorted.indexOf('Lin Ting')).toBeLessThan(sorted.indexOf('Grace Hopper'));
  });

  it('opening the list writes nothing to any invitation’s history (it is a read, not an Excel export)', async () => {
    const before = await org.client.invitations.history(finalId);
    await open();
    screen!.unmount();
    await open();
    const after = await org.client.invitations.history(finalId);
    expect(after.entries).toEqual(before.entries);
    expect(after.entries.some((entry) => entry.kind === 'report-downloaded')).toBe(false);
  });
});

describe('InvitationsScreen: the pipeline (issue 50) — summary, decision column, filter, moves by role', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let adaId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Pipeline');
    test = await importExample(org.client, 'sql-and-data-modelling');
    const done = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    await completeAttempt(org.client, done.takeTestURL);
    adaId = done.testInvitationId;
    await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    await vi.waitFor(async () => expect((await org.client.reports.get(adaId)).reportStatus).toBe('Generated'), { timeout: 20_000, interval: 100 });
    reviewer = await reviewerClient(org);
  });
  afterEach(() => screen?.unmount());

  const open = async (client: AssayClient, withRoles = true) => {
    const element = <InvitationsScreen testId={test.testId} testName={test.testName} />;
    screen = renderScreen(withRoles ? <CapabilitiesProvider>{element}</CapabilitiesProvider> : element, { client });
    return screen.waitFor((frame) => frame.includes('Grace Hopper') && frame.includes('Completion'));
  };
  const footerKeys = () =>
    screen!
      .chrome()
      ?.hints.filter((hint) => !hint.helpOnly)
      .map((hint) => hint.keys);

  it('heads the list with the stages, completion rate and distribution, and a decision column; fits 80 columns', async () => {
    const frame = await open(org.client);
    expect(frame).toContain('Not started 1 · started 0 · finished 1 · decided 0');
    expect(frame).toMatch(/Completion 50% · scores 0%\[.{10}\]100% · median 0 \(0%\)/);
    expect(frame).toMatch(/SCORE\s+DECISION\s+INT/);
    expect(frame).toContain('No filter (F: e.g. completed score>=15 clean)');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('tags, notes, rates and decides on the highlighted row; the column and the summary follow', async () => {
    await open(org.client);
    await screen!.press('t');
    await screen!.waitFor('Tag Ada Lovelace');
    await screen!.expectChrome({ modal: true, typing: true });
    await screen!.press('Strong SQL', KEYS.enter);
    await screen!.waitFor(`Invitation ${adaId}: tags strong-sql.`);
    await screen!.press('n', 'q? A careful candidate.', KEYS.enter);
    await screen!.waitFor(`Invitation ${adaId}: note saved.`);
    await screen!.press('*', '4');
    await screen!.waitFor(`Invitation ${adaId}: rated 4 (mean 4).`);
    await screen!.press('d', 'j', 'Too junior', KEYS.enter);
    await screen!.waitFor(new RegExp(`${adaId}\\s+Ada Lovelace.*reject`));
    await screen!.waitFor('decided 1');
    const evaluation = await org.client.decisions.evaluation(adaId);
    expect(evaluation).toMatchObject({ decision: { decision: 'rejected', reason: 'Too junior' }, tags: ['strong-sql'], meanRating: 4 });
    expect(evaluation.notes.map((note) => note.text)).toEqual(['q? A careful candidate.']);
    // The filter, then back to every row: an empty filter is none.
    await screen!.press('F', 'rejected #strong-sql', KEYS.enter);
    const filtered = await screen!.waitFor('Filter: rejected #strong-sql');
    expect(filtered).not.toContain('Grace Hopper');
    await screen!.press('F', '\u0015', KEYS.enter);
    await screen!.waitFor('Grace Hopper');
    await screen!.press('F', 'great', KEYS.enter);
    await screen!.waitFor('“great” is not a filter');
    await screen!.press(KEYS.escape, 'd', 'c', KEYS.enter);
    await screen!.waitFor(`Invitation ${adaId}: decision cleared.`);
  });

  it('offers a reviewer key note, tag and rate but no decide, cancel or reattempt; d does nothing', async () => {
    await open(reviewer);
    expect(footerKeys()).toEqual(['Enter', 'F']);
    const help = screen!.chrome()?.hints.map((hint) => hint.keys);
    expect(help).toEqual(expect.arrayContaining(['n', 't', '*']));
    expect(help).not.toContain('d');
    await screen!.press('d');
    expect(screen!.lastFrame()).not.toContain('Decide on');
    await screen!.press('*', '2');
    await screen!.waitFor(`Invitation ${adaId}: rated 2`);
  });

  it('shows the server’s refusal when a write is refused, and keeps the prompt', async () => {
    // Without the roles read (an older server), every move is offered: the server still refuses the reviewer's decision.
    await open(reviewer, false);
    await screen!.press('d', 's', 'Good', KEYS.enter);
    const refused = await screen!.waitFor('403.17');
    expect(refused).toContain('shortlisted: Ada Lovelace');
    expect((await org.client.decisions.evaluation(adaId)).decision).toBeNull();
  });

  it('offers a hiring-manager key decide, note, tag and rate but no cancel, reattempt, move or extend (issue 61, decision 1380)', async () => {
    await open(await roleClient(org, 'hiring-manager', 'Maya'));
    const help = screen!.chrome()?.hints.map((hint) => hint.keys);
    expect(help).toEqual(expect.arrayContaining(['d', 'n', 't', '*']));
    for (const denied of ['x', 'a', 'm', 'e']) expect(help).not.toContain(denied);
    await screen!.press('x');
    expect(screen!.lastFrame()).not.toContain('Cancel invitation');
    await screen!.press('d', 'a', 'Panel agrees', KEYS.enter);
    await screen!.waitFor(new RegExp(`${adaId}\\s+Ada Lovelace.*advance`));
    expect((await org.client.decisions.evaluation(adaId)).decision).toMatchObject({ decision: 'advanced', decidedBy: { label: 'Maya' } });
  });
});
