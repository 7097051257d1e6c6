import { formatWireDateTime } from '@assay/domain/core';
import type { TestDetails } from '@assay/domain/schemas';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { footerLines } from '../components/KeyHints.js';
import { frameHints } from '../hints.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { InvitationsScreen } from './InvitationsScreen.js';

/** Issue 61 item 5 on the workbench: an expired invitation reads Expired, is counted so, and `m` renews it in one move. */
describe('InvitationsScreen: expired invitations', () => {
  let org: TestOrg;
  let test: TestDetails;
  let adaId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Expired invitations');
    test = await importExample(org.client, 'sql-and-data-modelling');
    adaId = (await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    await org.client.invitations.register(test.testId, { emailId: 'alan@example.com', fullName: 'Alan Turing' });
    // The shortest expiry the server takes (a whole second ahead), then a wait until it has passed.
    const expiresAt = Math.floor(Date.now() / 1000) * 1000 + 2000;
    await org.client.reminders.setInvitationExpiry(adaId, { expiresAt: formatWireDateTime(expiresAt) });
    await sleep(expiresAt - Date.now() + 50);
  });
  afterEach(() => screen?.unmount());

  it('shows the row as Expired and the pipeline’s count, at 80 columns, and renews it with m: extended, emailed, Pending again', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={test.testId} testName={test.testName} />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    const frame = await screen.waitFor((text) => text.includes('Ada Lovelace') && text.includes('Completion'));
    expect(frame).toMatch(/Ada Lovelace.*Expired/);
    expect(frame).toMatch(/Alan Turing.*Pending/);
    expect(frame).toContain('Not started 1 · expired 1 · started 0');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await vi.waitFor(() => expect(screen!.chrome()?.hints.find((hint) => hint.keys === 'm')?.label).toBe('renew'));
    // The footer with renew in it, and the frame's own keys, still fits one line at 80 columns.
    const hints = screen.chrome()!.hints;
    expect(footerLines([...hints, ...frameHints({ hints }, false)], 80)).toHaveLength(1);

    await screen.press('m');
    await screen.waitFor('and email the link: 3d, 12h, 2w from now');
    await screen.press('3', 'd', KEYS.enter);
    await screen.waitFor((text) => /can be started until .* UTC\. The link was/.test(text));
    const deliveries = await org.client.deliveries.list(adaId);
    expect(deliveries.filter((delivery) => delivery.kind === 'link_email')).toHaveLength(1);
    const after = await screen.waitFor((text) => /Ada Lovelace.*Pending/.test(text));
    expect(after).toContain('Not started 2 · started 0');
  });

  it('offers resend, not renew, on a row that has not expired', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={test.testId} testName={test.testName} />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    await screen.waitFor((text) => /Alan Turing.*Pending/.test(text));
    await screen.press(KEYS.down);
    await vi.waitFor(() => expect(screen!.chrome()?.hints.find((hint) => hint.keys === 'm')?.label).toBe('resend'));
    expect(screen.chrome()?.hints.map((hint) => hint.label)).not.toContain('renew');
  });
});
