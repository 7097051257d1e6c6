import { candidateTokenOf, createClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { HINTS } from '../hints.js';
import { KEYS, renderScreen, type Rendered } from '../../../test/helpers/render.js';
import { osc52 } from '../shell/clipboard.js';
import { RegisterScreen } from './RegisterScreen.js';

describe('RegisterScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Register');
    test = await importExample(org.client, 'javascript-fundamentals');
  });
  afterEach(() => screen?.unmount());

  it('registers a candidate, shows the take-test URL and copies it with OSC 52', async () => {
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('Register a candidate for JavaScript Fundamentals');
    await screen.press('ada@example', KEYS.tab);
    await screen.waitFor('✗ emailId must be a valid email address');
    await screen.press(KEYS.shiftTab, '.com', KEYS.enter, 'Ada Lovelace', KEYS.enter);
    const frame = await screen.waitFor('Send the candidate this URL');
    const url = /(http:\/\/\S+\/t\/\S+)/.exec(frame)?.[1];
    expect(url?.startsWith(`${serverUrl()}/t/`)).toBe(true);
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['c', 'o', 'a']);
    await screen.press('c');
    await screen.waitFor('Sent to the clipboard (OSC 52)');
    expect(screen.frames.some((written) => written.includes(osc52(url!)))).toBe(true);
    const invitationId = Number(/invitation (\d+)/.exec(frame)?.[1]);
    expect((await org.client.reports.get(invitationId)).emailId).toBe('ada@example.com');
    await screen.press('o');
    expect(screen.opened).toEqual([{ screen: 'report', testInvitationId: invitationId }]);
    await screen.press('a');
    await screen.waitFor((frame) => frame.includes('Email') && !frame.includes('Send the candidate'));
  });

  it('Ctrl+E asks for the invitation email: the screen says it was sent instead of "Send the candidate this URL" (decision 780)', async () => {
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('[ ] Email the candidate their invitation (Ctrl+E)');
    await screen.burst('mailed@example.com', KEYS.tab, 'Mae Iled', KEYS.ctrlE);
    await screen.waitFor('[x] Email the candidate their invitation (Ctrl+E)');
    await screen.burst(KEYS.ctrlS);
    const frame = await screen.waitFor('The invitation email with this URL is on its way to the candidate');
    expect(frame).not.toContain('Send the candidate this URL');
    const invitationId = Number(/invitation (\d+)/.exec(frame)?.[1]);
    expect((await org.client.deliveries.list(invitationId)).map((delivery) => delivery.target)).toContain('mailed@example.com');
  });

  it('registers with extra time, a redirect, a callback and a submitted-event URL, and refuses bad ones with the domain’s message', async () => {
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('Register a candidate for JavaScript Fundamentals');
    const form = await screen.waitFor('Submitted URL');
    expect(form).toMatch(/Callback URL/);
    expect(form).toMatch(/Extra time %/);
    expect(form).toMatch(/Redirect URL/);
    await screen.burst('lin@example.com', KEYS.tab, 'Lin Ting', KEYS.tab, '150', KEYS.tab, 'ftp://ats.example/done', KEYS.ctrlS);
    await screen.waitFor('✗ extraTimePercent must be a whole number from 0 to 100');
    await screen.waitFor('✗ redirectURL must be an absolute http(s) URL');
    // Nothing was sent: the extra time has the keyboard, with its text.
    expect(screen.lastFrame()).toMatch(/› Extra time %\s+150/);
    await screen.burst(KEYS.backspace, KEYS.backspace, KEYS.backspace, '25', KEYS.tab);
    await screen.burst(
      ...Array.from({ length: 22 }, () => KEYS.backspace),
      'https://ats.example/done',
      KEYS.tab,
      'http://127.0.0.1:9/hook',
      KEYS.tab,
      'not a url',
    );
    await screen.burst(KEYS.ctrlS);
    await screen.waitFor('✗ submittedCallbackURL must be an absolute http(s) URL');
    expect(screen.lastFrame()).toMatch(/› Submitted URL\s+not a url/);
    await screen.burst(...Array.from({ length: 9 }, () => KEYS.backspace), 'http://127.0.0.1:9/submitted', KEYS.ctrlS);
    const frame = await screen.waitFor('Send the candidate this URL');
    const url = /(http:\/\/\S+\/t\/\S+)/.exec(frame)?.[1];
    const invitationId = Number(/invitation (\d+)/.exec(frame)?.[1]);
    const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(url!));
    const session = await attempt.session();
    expect(session.test.extraTimePercent).toBe(25);
    expect(session.redirectURL).toBe('https://ats.example/done');
    await attempt.start();
    await attempt.submit();
    await expect
      .poll(async () => (await org.client.deliveries.list(invitationId)).map((delivery) => delivery.target), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['http://127.0.0.1:9/hook', 'http://127.0.0.1:9/submitted']));
  });

  it('types a burst exactly as sent: email, Tab, name; five characters in one tick; Backspace bursts', async () => {
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('Register a candidate for JavaScript Fundamentals');
    await screen.burst('h', 'e', 'l', 'l', 'o');
    await screen.waitFor(/Email\s+hello/);
    // Two Backspaces written one after the other, then two in one chunk.
    await screen.burst(KEYS.backspace, KEYS.backspace);
    await screen.waitFor((frame) => /Email\s+hel(?!l)/.test(frame));
    await screen.burst('\u007F\u007F');
    await screen.waitFor((frame) => /Email\s+h(?!e)/.test(frame));
    await screen.burst('\u007F', 'q@ex.co', KEYS.tab, 'Quinn', KEYS.enter);
    const frame = await screen.waitFor('Send the candidate this URL');
    const invitationId = Number(/invitation (\d+)/.exec(frame)?.[1]);
    expect(await org.client.reports.get(invitationId)).toMatchObject({ emailId: 'q@ex.co', fullName: 'Quinn' });
  });

  it('registers through a link, and shows a refusal inline', async () => {
    const open = await org.client.testLinks.create(test.testId, { testLinkName: 'Open', accessTime: 0 });
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={open} />, { client: org.client });
    await screen.waitFor('through link “Open”');
    await screen.press('grace@example.com', KEYS.enter, 'Grace Hopper', KEYS.enter);
    const frame = await screen.waitFor('Send the candidate this URL');
    const invitationId = Number(/invitation (\d+)/.exec(frame)?.[1]);
    expect((await org.client.reports.get(invitationId)).fullName).toBe('Grace Hopper');
    screen.unmount();

    const gone = { ...open, testLinkId: 987_654 };
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={gone} />, { client: org.client });
    await screen.waitFor('through link “Open”');
    await screen.press('alan@example.com', KEYS.enter, 'Alan Turing', KEYS.enter);
    const refused = await screen.waitFor('✗ 404.3');
    // The form keeps what was typed, to fix and send again.
    expect(refused).toContain('alan@example.com');
  });
});

/** A frame's text as one line: where a long message wraps does not matter here. */
const oneLine = (frame: string) => frame.replace(/\s*\n\s*/g, ' ');

describe('RegisterScreen: a candidate who has completed the test already (issue 27, item 6)', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Register again');
    test = await importExample(org.client, 'sql-and-data-modelling');
  });
  afterEach(() => screen?.unmount());

  it('says "already registered (Completed)" instead of the old URL, and makes a new attempt only after a y', async () => {
    const first = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    await completeAttempt(org.client, first.takeTestURL);
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('Register a candidate');
    await screen.press('ada@example.com', KEYS.enter, 'Ada King', KEYS.enter);
    const asked = await screen.waitFor(`Create a new attempt for invitation ${first.testInvitationId}?`);
    expect(oneLine(asked)).toContain(`already registered (Completed): ada@example.com has invitation ${first.testInvitationId}, completed`);
    expect(asked).not.toContain(first.takeTestURL);
    await screen.expectChrome({ hints: HINTS.confirm, modal: true });

    // No: back to the form, which says that nothing was handed out.
    await screen.press('n');
    const declined = await screen.waitFor('✗ already registered (Completed)');
    expect(oneLine(declined)).toContain(`invitation ${first.testInvitationId} keeps its result; no new attempt was made.`);
    expect((await org.client.reports.get(first.testInvitationId)).testStatus).toBe('Completed');

    await screen.press(KEYS.enter);
    await screen.waitFor(`Create a new attempt for invitation ${first.testInvitationId}?`);
    await screen.press('y');
    const done = await screen.waitFor('Send the candidate this URL');
    const newId = Number(/New attempt: invitation (\d+) \(invitation (\d+) was completed\)/.exec(done)?.[1]);
    expect(newId).not.toBe(first.testInvitationId);
    const url = /(http:\/\/\S+\/t\/\S+)/.exec(done)?.[1];
    expect(url).not.toBe(first.takeTestURL);
    expect(await org.client.reports.get(newId)).toMatchObject({ testStatus: 'Pending', fullName: 'Ada King' });
    await screen.press('c');
    expect(screen.frames.some((written) => written.includes(osc52(url!)))).toBe(true);
  });

  it('hands out the URL of an invitation in progress, saying it was registered already', async () => {
    const first = await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    await createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(first.takeTestURL)).start();
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    await screen.waitFor('Register a candidate');
    await screen.press('grace@example.com', KEYS.enter, 'Grace Hopper', KEYS.enter);
    const done = await screen.waitFor('Send the candidate this URL');
    expect(oneLine(done)).toContain(`already registered (In progress): invitation ${first.testInvitationId}, whose URL still takes the test.`);
    expect(done).toContain(first.takeTestURL);
  });
});
