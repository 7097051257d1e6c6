/**
 * The landing page before the clock starts (issue 48), in a real headless Chromium with a fake camera
 * (`--use-fake-device-for-media-stream`, as every browser test launches it): the invitation's own deadline, rules that
 * say what is recorded and the sample-run limit the server enforces, an optional practice question answered on the
 * page alone (decision 664), and on a test that uses the camera a camera and browser check — the preview, or with a
 * refused camera a clear failure, the clock not started, and "Start without camera" (decision 663). axe-core finds
 * nothing at WCAG 2.2 A/AA in each state at 1280 and 320 px.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { CHROMIUM, startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 320, height: 640 },
];

/** axe at both widths, back at 1280 after. */
const accessibleAtBothWidths = async (page: Page, state: string) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${state} at ${viewport.width}px`);
  }
  await page.setViewportSize(VIEWPORTS[0]!);
};

/**
 * The page's origin may not use the camera: the browser refuses it without asking, as after a candidate's "Block".
 * The harness's browser accepts every camera prompt (`--use-fake-ui-for-media-stream`), which overrides this.
 */
const refuseCamera = async (context: BrowserContext, page: Page, origin: string) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.setPermission', { permission: { name: 'camera' }, setting: 'denied', origin });
  await cdp.detach();
};

describe('the landing page before the clock starts (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;
  /** The fake camera without the fake prompt that accepts it: a refusal sticks. */
  let refusing: Browser | undefined;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(sampleDefinition));
    refusing = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream'],
    });
  }, 120_000);
  afterAll(async () => {
    await refusing?.close().catch(() => undefined);
    await b?.close();
  }, 60_000);

  const statusOf = async (invitationId: number) =>
    (await b.store.db.selectFrom('invitations').select('status').where('id', '=', invitationId).executeTakeFirstOrThrow()).status;

  it('shows the invitation deadline, what is recorded and the run limit', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'rules@example.com', fullName: 'Rita Rules' });
    await b.client.reminders.setInvitationExpiry(registration.testInvitationId, { expiresAt: '2099-12-08T17:00:00' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('invitation-deadline').textContent()).toBe(
        'Your invitation is open until 8 Dec 2099, 17:00 (UTC time): start the test before then.',
      );
      const rules = await page.getByTestId('landing-rules').textContent();
      expect(rules).toContain('can run the sample tests up to 30 times in 5 minutes.');
      expect(rules).not.toContain('as often as you like');
      const recorded = await page.getByTestId('recorded').locator('li').allTextContents();
      expect(recorded).toEqual([
        'Your answers, each time they are saved.',
        'When you leave this tab or window, and for how long.',
        'Pastes and large insertions into your answers (their size), when you first type in each question, and the time you spend on each question and section.',
        'How your code took shape: its saved versions, which reviewers can play back.',
      ]);
      // No camera on this test: no camera check.
      expect(await page.getByTestId('system-check').count()).toBe(0);
      // A test with code practises code (decision 1125; page-frame.test.ts runs it).
      expect(await page.getByText('Try a practice coding question (not scored)').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a test without code keeps the choice practice question, answered on the page alone', async () => {
    const choiceOnly = (await b.client.tests.import({ ...sampleDefinition, testName: 'Choices only', sections: sampleDefinition.sections.slice(0, 1) })).testId;
    const registration = await b.client.invitations.register(choiceOnly, { emailId: 'practice@example.com', fullName: 'Pat Practice' });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      // The practice question: nothing it does reaches the server.
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/candidate/v1/')) calls.push(`${request.method()} ${request.url()}`);
      });
      await page.getByText('Try a practice question (not scored)').click();
      await page.getByTestId('practice-option-0').check();
      await page.getByTestId('practice-check').click();
      await expect.poll(() => page.getByTestId('practice-result').textContent()).toBe('Not quite: 7 is the prime number here. Try another one if you like.');
      await page.getByTestId('practice-option-2').check();
      await page.getByTestId('practice-check').click();
      await expect.poll(() => page.getByTestId('practice-result').textContent()).toBe('Right: 7 is a prime number.');
      await accessibleAtBothWidths(page, 'landing with the practice question open');
      expect(calls).toEqual([]);
      expect(await statusOf(registration.testInvitationId)).toBe('Pending');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("v3's hideInstruction: no rules list and no practice question; the facts, the data notice and Start stay, by keyboard (decision 986)", async () => {
    const invited = await b.client.v3.invitations.invite(testId, { email: 'no.rules@example.com', name: 'Nora Rules', hideInstruction: true });
    const { context, page, errors } = await b.openPage();
    try {
      await page.goto(invited.testUrl);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('landing-rules').count()).toBe(0);
      expect(await page.getByText('Before you start').count()).toBe(0);
      expect(await page.getByTestId('practice').count()).toBe(0);
      expect(await page.getByTestId('recorded').locator('li').count()).toBeGreaterThan(0);
      await accessibleAtBothWidths(page, 'landing without instructions');
      // Keyboard only: Tab reaches Start, Enter starts the clock.
      const startFocused = () => page.evaluate<boolean>("document.activeElement?.getAttribute('data-testid') === 'start-button'");
      for (let presses = 0; presses < 30 && !(await startFocused()); presses += 1) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => statusOf(invited.testInvitationId)).toBe('In progress');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("v3's future startDateTime: the landing says when the invitation opens, in the candidate's time, and Start waits for it (decision 1024)", async () => {
    // Later than the five minutes a start may be ahead of Assay's clock and still mean "now".
    const opensAt = Math.ceil((Date.now() + 20 * 60_000) / 60_000) * 60_000;
    const invited = await b.client.v3.invitations.invite(testId, {
      email: 'later.start@example.com',
      name: 'Lena Later',
      startDateTime: new Date(opensAt).toISOString(),
      sendEmail: 'no',
      hideInstruction: 0,
    });
    expect(invited.status).toBe('Pending');
    const { context, page, errors } = await b.openPage({ timezoneId: 'America/Los_Angeles' });
    try {
      await page.goto(invited.testUrl);
      const notice = page.getByTestId('access-message');
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' }).format(opensAt);
      const escaped = local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect
        .poll(() => notice.innerText())
        .toMatch(new RegExp(`^This test is not open yet\\.\\n+It opens ${escaped} \\(your time, America/Los_Angeles\\)\\.\\n+You can leave this page open`));
      expect(await page.getByTestId('start-button').isDisabled()).toBe(true);
      await accessibleAtBothWidths(page, 'landing of an invitation not open yet');
      // The org moves the opening to a few seconds from now: the page, reloaded, enables Start by itself when it comes.
      await b.store.db
        .updateTable('invitations')
        .set({ opens_at: Date.now() + 6_000 })
        .where('id', '=', invited.testInvitationId)
        .execute();
      await page.reload();
      await expect.poll(() => page.getByTestId('start-button').isEnabled(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => notice.innerText()).toBe('The test is open now. You can start when you are ready.');
      expect(await statusOf(invited.testInvitationId)).toBe('Pending');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a test that uses the camera: the check shows the preview before Start, and the test then starts with it', async () => {
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Camera works', accessTime: 0, imageProctoring: 1 });
    const registration = await b.client.testLinks.register(testId, link.testLinkId, { emailId: 'cam.ok@example.com', fullName: 'Cam Era' });
    const { context, page, errors } = await b.openPage({ permissions: ['camera'] });
    try {
      await page.goto(registration.testUrl);
      await page.getByTestId('system-check').waitFor({ state: 'visible' });
      expect(await page.getByTestId('browser-check-status').textContent()).toBe(
        'Browser: ready. Your answers are kept in this browser if the connection drops.',
      );
      expect(await page.getByTestId('camera-check-status').textContent()).toMatch(/^Camera: not checked yet\./);
      expect(await page.getByTestId('recorded').textContent()).toContain('Photos from your camera: one when you start and one every minute.');
      await page.getByTestId('camera-check').click();
      await expect.poll(() => page.getByTestId('camera-check-status').textContent()).toMatch(/^Camera: working\./);
      expect(await page.getByTestId('camera-check-preview').locator('video').isVisible()).toBe(true);
      expect(await page.getByTestId('start-button').textContent()).toBe('Start the test');
      await accessibleAtBothWidths(page, 'landing with the camera checked');
      expect(await statusOf(registration.testInvitationId)).toBe('Pending');

      await page.getByTestId('start-button').click();
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('camera-preview').locator('video').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a refused camera is found before the clock starts: the check says so, and "Start without camera" starts it', async () => {
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Camera refused', accessTime: 0, imageProctoring: 1 });
    const registration = await b.client.testLinks.register(testId, link.testLinkId, { emailId: 'cam.no@example.com', fullName: 'No Cam' });
    const context = await refusing!.newContext({ viewport: VIEWPORTS[0]!, locale: 'en-GB', timezoneId: 'UTC' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await refuseCamera(context, page, b.baseUrl);
      await page.goto(registration.testUrl);
      const start = page.getByTestId('start-button');
      await start.click();
      // Back on the landing: why, focused; the attempt has not started. The refusal is Chromium's answer to its own
      // permission prompt (1–2 s on a loaded machine): waited for as the page waits, not within expect.poll's 1 s.
      await expect.poll(() => page.getByTestId('camera-check-status').textContent(), { timeout: 15_000 }).toMatch(/^Camera: access was refused\./);
      await expect.poll(() => start.textContent()).toBe('Start without camera');
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute(
            'data-testid',
          ),
        ),
      ).toBe('camera-check-status');
      expect(await statusOf(registration.testInvitationId)).toBe('Pending');
      expect(await page.getByTestId('submit-button').count()).toBe(0);
      await accessibleAtBothWidths(page, 'landing with a refused camera');

      await start.click();
      await page.getByTestId('submit-button').waitFor({ state: 'visible' });
      expect(await statusOf(registration.testInvitationId)).toBe('In progress');
      expect(await page.getByTestId('camera-message').textContent()).toMatch(/^Camera access was refused\./);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
