import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { candidateTokenOf } from '@assay/client';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
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
    pendingId = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
  });
  afterEach(() => screen?.unmount());

  const open = async () => {
    screen = renderScreen(<InvitationsScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    return screen.waitFor('Grace Hopper');
  };

  it('lists every invitation with status, score and violations, and opens a report', async () => {
    const frame = await open();
    // The integrity summary's level (issue 48): Ada never left the window, pasted nothing ("—").
    expect(frame).toMatch(new RegExp(`${completedId}\\s+Ada Lovelace\\s+ada@example.com\\s+Completed\\s+0/24\\s+0/0 s\\s+—`));
    expect(frame).toMatch(new RegExp(`${pendingId}\\s+Grace Hopper\\s+grace@example.com\\s+Pending`));
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen!.press(KEYS.enter);
    expect(screen!.opened).toEqual([{ screen: 'report', testInvitationId: completedId }]);
  });

  it('offers reattempt on a completed invitation and cancel on a pending one only', async () => {
    await open();
    expect(
      screen!
        .chrome()
        ?.hints.filter((hint) => !hint.helpOnly)
        .map((hint) => hint.keys),
    ).toEqual(['↑↓', 'Enter', 'a', 'r']);
    await screen!.press('x');
    expect(screen!.lastFrame()).not.toContain('Cancel invitation');
    await screen!.press(KEYS.down);
    expect(
      screen!
        .chrome()
        ?.hints.filter((hint) => !hint.helpOnly)
        .map((hint) => hint.keys),
    ).toEqual(['↑↓', 'Enter', 'x', 'r']);
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
    screen = renderScreen(<InvitationsScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    const frame = await screen.waitFor('Noor Haddad');
    expect(frame).toMatch(/WV\/TV\s+INT/);
    // "!" confirmed, "?" to review (decision 648).
    expect(frame).toMatch(new RegExp(`${confirmed}\\s+Lin Ting\\s+.*\\s+1/\\d+ s\\s+!`));
    expect(frame).toMatch(new RegExp(`${unreviewed}\\s+Noor Haddad\\s+.*\\s+1/\\d+ s\\s+\\?`));
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });
});
