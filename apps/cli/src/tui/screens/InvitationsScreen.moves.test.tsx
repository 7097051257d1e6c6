import type { AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importExample, newOrg, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { InvitationsScreen } from './InvitationsScreen.js';
import { ReportScreen } from './ReportScreen.js';

/** Resend and extend (issue 50 item 4) on a row of the list and on the report, against a real server. */
describe('InvitationsScreen and ReportScreen: resend and extend', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let graceId: number;
  let linusId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Resend and extend');
    test = await importExample(org.client, 'sql-and-data-modelling');
    graceId = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
    // Through a link in Berlin's zone: a date typed for its invitation is Berlin's wall clock.
    const link = await org.client.testLinks.create(test.testId, { testLinkName: 'Berlin day', accessTime: 0, timeZoneId: 1110 });
    linusId = (await org.client.testLinks.register(test.testId, link.testLinkId, { emailId: 'linus@example.com', fullName: 'Linus Torvalds' }))
      .testInvitationId;
    reviewer = await reviewerClient(org);
  });
  afterEach(() => screen?.unmount());

  const openList = async (client: AssayClient = org.client) => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={test.testId} testName={test.testName} />
      </CapabilitiesProvider>,
      { client },
    );
    return screen.waitFor((frame) => frame.includes('Grace Hopper') && frame.includes('Linus Torvalds') && frame.includes('Completion'));
  };
  /** Highlights the row of `name` (the list is in id order: Grace, then Linus). */
  const highlight = async (name: string) => {
    if (name === 'Linus Torvalds') await screen!.press(KEYS.down);
  };

  it('resends after a confirmation, and shows the server’s 429.50 plainly when asked again at once', async () => {
    await openList();
    // The screen reports its keys in an effect after its frame.
    await vi.waitFor(() => expect(screen!.chrome()?.hints.map((hint) => hint.keys)).toEqual(expect.arrayContaining(['m', 'e'])));
    await screen!.press('m');
    await screen!.waitFor(`Email invitation ${graceId}'s link to the candidate again?`);
    await screen!.expectChrome({ modal: true });
    await screen!.press('y');
    await screen!.waitFor(`Invitation ${graceId}: the candidate is emailed their link again.`);
    await screen!.press('m', 'y');
    const refused = await screen!.waitFor('429.50');
    expect(refused).toContain('less than 10 minutes ago; try again later.');
    expect(widestLine(refused)).toBeLessThanOrEqual(80);
  });

  it('cancels with x; e at the confirmation also emails the candidate the cancellation, queued in the history', async () => {
    const other = await newOrg('Cancel and email');
    const otherTest = await importExample(other.client, 'sql-and-data-modelling');
    const kept = (await other.client.invitations.register(otherTest.testId, { emailId: 'ken@example.com', fullName: 'Ken Thompson' })).testInvitationId;
    const told = (await other.client.invitations.register(otherTest.testId, { emailId: 'dmr@example.com', fullName: 'Dennis Ritchie' })).testInvitationId;
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={otherTest.testId} testName={otherTest.testName} />
      </CapabilitiesProvider>,
      { client: other.client },
    );
    await screen.waitFor((frame) => frame.includes('Ken Thompson') && frame.includes('Dennis Ritchie') && frame.includes('Completion'));
    await screen.press('x');
    expect(await screen.waitFor(`Cancel invitation ${kept}?`)).toContain('e also emails them');
    await screen.press('y');
    await screen.waitFor(`Invitation ${kept} is cancelled.`);
    await screen.press(KEYS.down, 'x');
    await screen.waitFor(`Cancel invitation ${told}?`);
    await screen.press('e');
    const done = await screen.waitFor(`Invitation ${told} is cancelled. The candidate is emailed after the undo window.`);
    expect(widestLine(done)).toBeLessThanOrEqual(80);
    const emails = async (id: number) =>
      (await other.client.invitations.history(id)).entries.flatMap((entry) =>
        entry.kind === 'decision-email' ? [`${entry.details.change} ${entry.details.email}`] : [],
      );
    expect(await emails(told)).toEqual(['queued cancelled']);
    expect(await emails(kept)).toEqual([]);
  });

  it('extends by a span from now; a bad text is refused under the prompt, kept, and Esc leaves', async () => {
    await openList();
    await screen!.press('e');
    await screen!.waitFor(`Extend Grace Hopper (${graceId}): 3d, 12h, 2w`);
    await screen!.expectChrome({ modal: true, typing: true });
    await screen!.press('soon', KEYS.enter);
    const refused = await screen!.waitFor('✗ type a span like 3d');
    expect(refused).toContain('> soon');
    await screen!.press(KEYS.escape);
    await screen!.waitFor((frame) => !frame.includes('Extend Grace'));
    const before = Date.now();
    await screen!.press('e', '3d', KEYS.enter);
    const done = await screen!.waitFor(`Invitation ${graceId} can be started until`);
    const shown = /started until (\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?) UTC/.exec(done)?.[1];
    const at = Date.parse(`${shown?.replace(' ', 'T')}Z`);
    expect(at - before).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(at - before).toBeLessThan(3 * 86_400_000 + 60_000);
  });

  it("reads a typed date in the link's zone", async () => {
    await openList();
    await highlight('Linus Torvalds');
    await screen!.press('e', '2030-12-04 18:00', KEYS.enter);
    await screen!.waitFor(`Invitation ${linusId} can be started until 2030-12-04 18:00 (Europe/Berlin).`);
    // The server holds UTC: an hour earlier in Berlin's winter.
    const again = await org.client.reminders.setInvitationExpiry(linusId, { expiresAt: '2030-12-04T17:00:00' });
    expect(again.expiresAt).toBe('2030-12-04T17:00:00');
  });

  it('offers a reviewer key neither: m and e do nothing', async () => {
    await openList(reviewer);
    const help = screen!.chrome()?.hints.map((hint) => hint.keys);
    expect(help).not.toContain('m');
    expect(help).not.toContain('e');
    await screen!.press('m', 'e');
    const frame = screen!.lastFrame() ?? '';
    expect(frame).not.toContain('Email invitation');
    expect(frame).not.toContain('Extend Grace');
  });

  it('resends and extends from the report; a date is read in the link’s zone there too', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <ReportScreen testInvitationId={linusId} />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    await screen.waitFor('SECTION');
    await screen.press('e');
    await screen.waitFor(`Extend Linus Torvalds (${linusId})`);
    await screen.press('2031-01-10 09:30', KEYS.enter);
    await screen.waitFor(`Invitation ${linusId} can be started until 2031-01-10 09:30 (Europe/Berlin).`);
    await screen.press('m');
    await screen.waitFor(`Email invitation ${linusId}'s link to the candidate again?`);
    await screen.press('y');
    await screen.waitFor(/Invitation \d+: the candidate is emailed their link again\.|429\.50/);
  });
});
