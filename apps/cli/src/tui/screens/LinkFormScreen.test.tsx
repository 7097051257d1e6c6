import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { LinkFormScreen } from './LinkFormScreen.js';

describe('LinkFormScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Link form');
    test = await importExample(org.client, 'frontend-accessibility');
  });
  afterEach(() => screen?.unmount());

  it('creates a time-bound link: dates checked as they are typed, zone picked from the list', async () => {
    screen = renderScreen(<LinkFormScreen testId={test.testId} link={null} />, { client: org.client });
    await screen.waitFor('New link for test');
    await screen.expectChrome({ typing: true });
    await screen.press('Autumn intake', KEYS.down, KEYS.right, KEYS.down);
    await screen.waitFor('Time bound');
    // Seconds are optional, and the date is read in the link's zone (UTC until one is picked: decision 796).
    await screen.press('2026-10-01T09:0');
    await screen.waitFor('✗ a real date-time in UTC, YYYY-MM-DDTHH:MM (seconds optional)');
    await screen.press('0');
    await screen.waitFor('1 Oct 2026, 09:00 UTC');
    await screen.press(KEYS.down, '2026-09-01T09:00:00');
    await screen.waitFor('✗ endDateTime must be after startDateTime');
    await screen.press(...Array<string>(19).fill(KEYS.backspace), '2036-10-31T18:00:00', KEYS.down, KEYS.enter);
    await screen.waitFor('Time zone candidates see the dates in');
    await screen.expectChrome({ modal: true });
    await screen.press('paris');
    await screen.waitFor((frame) => frame.includes('Europe/Paris') && !frame.includes('Asia/Kolkata'));
    await screen.press(KEYS.enter);
    const form = await screen.waitFor('Europe/Paris (1100)');
    // The dates keep their wall-clock time, now read in Paris (decision 796).
    expect(form).toContain('Thu, 1 Oct 2026, 09:00 Europe/P');
    expect(widestLine(form)).toBeLessThanOrEqual(80);
    await screen.press(KEYS.down, ' ', KEYS.ctrlS);
    await vi.waitFor(() => expect(screen!.backs()).toBe(1), { timeout: 10_000 });
    const [link] = await org.client.testLinks.list(test.testId);
    expect(link).toMatchObject({
      testLinkName: 'Autumn intake',
      accessTime: 1,
      // Sent in UTC as the API takes them: 09:00 in Paris in summer, 18:00 in winter.
      startDateTime: '2026-10-01T07:00:00',
      endDateTime: '2036-10-31T17:00:00',
      timeZoneId: 1100,
      inviteCandidateOnly: 1,
      testLinkStatus: 1,
    });
  });

  it('decides every key of a burst against the form as the key before left it', async () => {
    screen = renderScreen(<LinkFormScreen testId={test.testId} link={null} />, { client: org.client });
    await screen.waitFor('New link for test');
    // As one `tmux send-keys -l Fast ; send-keys Down Right Down`: no frame is drawn between the keys.
    await screen.burst('F', 'a', 's', 't', KEYS.down, KEYS.right, KEYS.down, '2', '0', KEYS.backspace, KEYS.backspace, '2026-10-01T09:00:00');
    const form = await screen.waitFor(/› Start +2026-10-01T09:00:00/);
    expect(form).toMatch(/Name\s+Fast/);
    expect(form).toContain('◀ Time bound ▶');
    expect(form).toContain('1 Oct 2026, 09:00 UTC');
    // Backspaces in one chunk (tmux's BSpace BSpace BSpace) erase three characters; nothing unprintable is kept.
    await screen.burst(...Array<string>(5).fill(KEYS.down), 'hr@example.comxyz\u007F\u007F\u007F');
    const stakeholder = await screen.waitFor('› Stakeholder');
    expect(stakeholder).toMatch(/Stakeholder\s+hr@example\.com/);
    expect(stakeholder).not.toContain('comx');
    expect(stakeholder).not.toContain('✗ an email address');
    expect(screen.passed).toEqual([]);
  });

  it('keeps every row on one line at 80 columns: a long value scrolls, a long error gets a line of its own', async () => {
    screen = renderScreen(<LinkFormScreen testId={test.testId} link={null} />, { client: org.client });
    await screen.waitFor('New link for test');
    const name = 'Autumn graduate intake for the data engineering team, Europe';
    await screen.burst(name, KEYS.down, KEYS.right, KEYS.right, KEYS.down, '2027-12-01T09:00:00', KEYS.down, '2027-12-05T09:00:00');
    const frame = await screen.waitFor('✗ for accessTime 2 the daily end time must differ from the daily start time');
    const lines = frame.split('\n');
    const row = (label: string) => lines.findIndex((line) => line.includes(label));
    // The long name is cut where it has no caret, and the rows below it are where they belong.
    expect(lines[row('Name')]).toMatch(/Name +Autumn graduate intake for th… *$/);
    expect(row('Access time')).toBe(row('Name') + 1);
    // Values start in one column; the error is under its field, whole.
    for (const label of ['Start', 'End']) expect(lines[row(label)]!.indexOf('2027-12-0')).toBe(17);
    expect(lines[row('End') + 1]).toMatch(/^ +✗ for accessTime 2 the daily end time must differ from the daily start time$/);
    expect(row('Time zone')).toBe(row('End') + 2);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    // Back in the name, the text scrolls to keep the caret (at its end) in view.
    await screen.press(KEYS.shiftTab, KEYS.shiftTab, KEYS.shiftTab);
    const named = await screen.waitFor('› Name');
    expect(named.split('\n').find((line) => line.includes('› Name'))).toMatch(/engineering team, Europe *$/);
  });

  it('refuses to save an empty name and says why', async () => {
    screen = renderScreen(<LinkFormScreen testId={test.testId} link={null} />, { client: org.client });
    await screen.waitFor('New link for test');
    await screen.press(KEYS.ctrlS);
    await screen.waitFor('✗ testLinkName must not be empty');
    expect(screen.backs()).toBe(0);
  });

  it('edits a link and toggles its status', async () => {
    const link = await org.client.testLinks.create(test.testId, { testLinkName: 'Old name', accessTime: 0, emailToStakeholder: 'hr@example.com' });
    screen = renderScreen(<LinkFormScreen testId={test.testId} link={link} />, { client: org.client });
    await screen.waitFor(`Edit link ${link.testLinkId}`);
    expect(screen.lastFrame()).toContain('hr@example.com');
    await screen.press(...Array<string>(8).fill(KEYS.backspace), 'New name', KEYS.shiftTab, KEYS.shiftTab);
    await screen.waitFor('› Status');
    await screen.press(' ');
    await screen.waitFor('Inactive');
    await screen.press(KEYS.down, KEYS.enter);
    await vi.waitFor(() => expect(screen!.backs()).toBe(1), { timeout: 10_000 });
    expect(await org.client.testLinks.get(test.testId, link.testLinkId)).toMatchObject({
      testLinkName: 'New name',
      testLinkStatus: 3,
      emailToStakeholder: 'hr@example.com',
    });
  });

  it('shows a refusal of the server inline and stays on the form', async () => {
    screen = renderScreen(<LinkFormScreen testId={987_654} link={null} />, { client: org.client });
    await screen.waitFor('New link for test');
    await screen.press('Nowhere', KEYS.ctrlS);
    await screen.waitFor('✗ 404.2');
    expect(screen.backs()).toBe(0);
  });
});
