/**
 * Issue 29 item 2, in a real headless Chromium with the keyboard only: every candidate page names who is asking
 * ("Assessment from …") and whom to ask — the landing, the questions, the finish page, an expired invitation and an
 * expired public link — the org's own name when it chose nothing, its markup shown as text, and axe-clean at 1280
 * and 320 px with that content. The expired and finish pages say what happens next.
 */
import type { z } from 'zod';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDefinitionInput } from '@assay/client';
import type { TestDefinition } from '@assay/domain';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible, tabTo } from './page-helpers.js';

const definition: z.input<typeof TestDefinition> = {
  testName: 'Support screening',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Basics',
      sectionType: 'general',
      duration: 10,
      questions: [
        {
          type: 'single_choice',
          text: 'Which status code means "Not Found"?',
          marks: 1,
          options: [
            { text: '404', correct: true },
            { text: '500', correct: false },
          ],
        },
      ],
    },
  ],
};

/** A display name with markup in it: the pages must show these characters, never make elements of them. */
const MARKUP_NAME = '<b>Acme</b> Hiring & "Co" <img src=x onerror=alert(1)>';
const CONTACT = 'Contact Talent team at talent@acme.example';

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The banner names the org as text: no element made of the name's markup. */
const expectNamed = async (page: Page, displayName: string) => {
  expect(await text(page, 'asking-org')).toBe(`Assessment from ${displayName}`);
  expect(await page.locator('[data-testid="asking-org"] b, [data-testid="asking-org"] img').count()).toBe(0);
};

describe('candidate pages name who is asking (Chromium, keyboard only)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(definition as TestDefinitionInput));
  }, 120_000);
  afterAll(() => b?.close(), 60_000);

  it("shows the org's own name when it chose nothing, and the email or job posting that brought the candidate (decision 666)", async () => {
    const { context, page, errors } = await b.openPage();
    try {
      const registration = await b.client.invitations.register(testId, { emailId: 'default@example.com', fullName: 'Ada Lovelace' });
      await page.goto(registration.takeTestURL);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      await expectNamed(page, 'Acme');
      expect(await text(page, 'org-contact')).toBe('Questions? Contact Acme through the email or job posting that brought you here.');
      await expectAccessible(page, 'landing of an org that chose nothing');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    it(`at ${viewport.width}px: landing, question, finish, an expired invitation and an expired link name the org and its contact`, async () => {
      await b.client.candidatePage.update({ displayName: MARKUP_NAME, contactName: 'Talent team', contactEmail: 'talent@acme.example' });
      const phone = viewport.width < 600;
      const { context, page, errors } = await b.openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      try {
        // --- The landing.
        const registration = await b.client.invitations.register(testId, { emailId: `ada.${viewport.width}@example.com`, fullName: 'Ada Lovelace' });
        await page.goto(registration.takeTestURL);
        await page.getByTestId('start-button').waitFor({ state: 'visible' });
        await expectNamed(page, MARKUP_NAME);
        expect(await text(page, 'org-contact')).toBe(`Questions? ${CONTACT}.`);
        expect(await page.getByTestId('org-contact').locator('a').getAttribute('href')).toBe('mailto:talent@acme.example');
        await expectAccessible(page, `landing at ${viewport.width}px`);

        // --- A question page, started from the keyboard.
        await tabTo(page, 'start-button');
        await page.keyboard.press('Enter');
        await page.getByTestId('submit-button').waitFor({ state: 'visible' });
        await expectNamed(page, MARKUP_NAME);
        expect(await text(page, 'org-contact')).toBe(`Questions? ${CONTACT}.`);
        await expectAccessible(page, `question at ${viewport.width}px`);

        // --- Submitted: where the answers are, what happens next, whom to ask.
        await tabTo(page, 'submit-button', { back: true });
        await page.keyboard.press('Enter');
        await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
        await tabTo(page, 'confirm-submit');
        await page.keyboard.press('Enter');
        await page.getByTestId('thank-you').waitFor({ state: 'visible' });
        await expectNamed(page, MARKUP_NAME);
        expect(await text(page, 'next-steps')).toBe(`Your answers are with ${MARKUP_NAME}. They will be in touch with you about what happens next.`);
        expect(await page.getByTestId('thank-you').textContent()).toContain('You can close this page now.');
        expect(await text(page, 'org-contact')).toBe(`Questions? ${CONTACT}.`);
        await expectAccessible(page, `finish at ${viewport.width}px`);

        // --- An invitation whose link's period has ended: what happened, and whom to ask for a new one.
        const link = await b.client.testLinks.create(testId, { testLinkName: `Ended ${viewport.width}`, accessTime: 0 });
        const late = await b.client.testLinks.register(testId, link.testLinkId, { emailId: `late.${viewport.width}@example.com`, fullName: 'Late Comer' });
        await b.client.testLinks.update(testId, link.testLinkId, {
          testLinkName: `Ended ${viewport.width}`,
          accessTime: 1,
          timeZoneId: 1720,
          startDateTime: '2020-01-01T09:00:00',
          endDateTime: '2020-01-31T18:00:00',
        });
        await page.goto(late.testUrl);
        await page.getByTestId('next-steps').waitFor({ state: 'visible' });
        await expect.poll(() => text(page, 'access-message')).toContain('The period for taking this test has ended.');
        await expectNamed(page, MARKUP_NAME);
        expect(await text(page, 'next-steps')).toBe(
          `If you still want to take this test, ask ${MARKUP_NAME} for a new invitation: contact Talent team at talent@acme.example.`,
        );
        expect(await text(page, 'org-contact')).toBe(`Questions? ${CONTACT}.`);
        await expectAccessible(page, `expired invitation at ${viewport.width}px`);

        // --- The same link's public page: ask for a new link.
        await page.goto(`${b.baseUrl}/l/${link.testLinkAccessKey}`);
        await page.getByTestId('next-steps').waitFor({ state: 'visible' });
        await expectNamed(page, MARKUP_NAME);
        expect(await text(page, 'next-steps')).toBe(
          `If you still want to take this test, ask ${MARKUP_NAME} for a new link: contact Talent team at talent@acme.example.`,
        );
        expect(await text(page, 'org-contact')).toBe(`Questions? ${CONTACT}.`);
        await expectAccessible(page, `expired link at ${viewport.width}px`);

        expect(dialogs).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
