/**
 * Told before start (issue 51 item 4, decision 881), in a real headless Chromium: the landing page of an invitation
 * says, in a labelled section, who holds the candidate's data (the org's candidate-page settings), what is recorded —
 * photos only when the test's link has the camera on —, for how long, and whom to ask. axe-core finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { expectAccessible } from './page-helpers.js';

describe('the data notice on the landing page (Chromium)', () => {
  let b: BrowserHarness;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness();
    ({ testId } = await b.client.tests.import(sampleDefinition));
    await b.client.candidatePage.update({ displayName: 'Acme Hiring', contactName: 'Jane Doe', contactEmail: 'privacy@acme.example' });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  }, 60_000);

  /** The notice's parts as the page shows them, found through its landmark as a screen reader finds it. */
  const noticeOf = async (url: string, camera: boolean) => {
    const { context, page, errors } = await b.openPage(camera ? { permissions: ['camera'] } : undefined);
    try {
      await page.goto(url);
      await page.getByTestId('start-button').waitFor({ state: 'visible' });
      const region = page.getByRole('region', { name: 'Your data' });
      const notice = {
        holder: await region.getByTestId('data-holder').textContent(),
        recorded: await region.getByTestId('recorded').locator('li').allTextContents(),
        retention: await region.getByTestId('data-retention').textContent(),
        rights: await region.getByTestId('data-rights').textContent(),
        mailto: await region.getByRole('link', { name: 'privacy@acme.example' }).getAttribute('href'),
      };
      await expectAccessible(page, `the data notice, camera ${camera ? 'on' : 'off'}`);
      expect(errors).toEqual([]);
      return notice;
    } finally {
      await context.close();
    }
  };

  it('names the holder, what is recorded without the camera, the retention and whom to ask', async () => {
    const registration = await b.client.invitations.register(testId, { emailId: 'notice@example.com', fullName: 'Nora Notice' });
    expect(await noticeOf(registration.takeTestURL, false)).toEqual({
      holder: 'Acme Hiring holds what this test records about you and decides what happens to it; Assay runs the test for them.',
      recorded: [
        'Your answers, each time they are saved.',
        'When you leave this tab or window, and for how long.',
        'Pastes and large insertions into your answers (their size), when you first type in each question, and the time you spend on each question and section.',
        'How your code took shape: its saved versions, which reviewers can play back.',
      ],
      // A new org's default rule (decision 849).
      retention: 'It is kept for 365 days after your invitation ends (you finish, it expires or it is cancelled), then erased.',
      rights: 'To get a copy of it, have it corrected or erased, contact Jane Doe at privacy@acme.example.',
      mailto: 'mailto:privacy@acme.example',
    });
  }, 90_000);

  it('adds the camera photos when the test’s link has the camera on', async () => {
    const link = await b.client.testLinks.create(testId, { testLinkName: 'Camera on', accessTime: 0, imageProctoring: 1 });
    const registration = await b.client.testLinks.register(testId, link.testLinkId, { emailId: 'notice.cam@example.com', fullName: 'Cam Notice' });
    const { recorded } = await noticeOf(registration.testUrl, true);
    expect(recorded.at(-1)).toBe('Photos from your camera: one when you start and one every minute.');
    expect(recorded).toHaveLength(5);
  }, 90_000);
});
