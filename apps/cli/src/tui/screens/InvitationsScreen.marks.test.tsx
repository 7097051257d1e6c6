import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { InvitationsScreen } from './InvitationsScreen.js';

/** Issue 61 item 2 on the workbench: space marks the highlighted row, A every row shown; the count and ● show at 80×24. */
describe('InvitationsScreen: marks', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Marked invitations');
    test = await importExample(org.client, 'sql-and-data-modelling');
    await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    await org.client.invitations.register(test.testId, { emailId: 'alan@example.com', fullName: 'Alan Turing' });
  });
  afterEach(() => screen?.unmount());

  it('marks and unmarks a row with space, and all shown with A', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={test.testId} testName={test.testName} />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    const first = await screen.waitFor((text) => text.includes('Ada Lovelace') && text.includes('Alan Turing'));
    expect(first).not.toContain('●');
    await screen.press(' ');
    const one = await screen.waitFor('1 marked');
    expect(one.match(/●/g)).toHaveLength(1);
    expect(widestLine(one)).toBeLessThanOrEqual(80);
    await screen.press('A');
    const both = await screen.waitFor('2 marked');
    expect(both.match(/●/g)).toHaveLength(2);
    await screen.press('A');
    const none = await screen.waitFor((text) => !text.includes('marked'));
    expect(none).not.toContain('●');
    await screen.press(KEYS.down, ' ', ' ');
    expect(await screen.waitFor((text) => !text.includes('marked'))).not.toContain('●');
  });

  it('decides the marked rows together with d, emails them when Tab asks, reloads once and clears the marks', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <InvitationsScreen testId={test.testId} testName={test.testName} />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    await screen.waitFor((text) => text.includes('Ada Lovelace') && text.includes('Alan Turing'));
    await screen.press('A');
    await screen.waitFor('2 marked');
    await screen.press('d');
    await screen.waitFor('Decide on 2 marked candidates');
    await screen.press('j');
    expect(await screen.waitFor('Tab email: off')).toContain('rejected: 2 marked candidates');
    await screen.press('\t');
    await screen.waitFor('Tab email: ON');
    // Previewed before Enter, from the org's own template: to whom and the subject.
    const preview = await screen.waitFor('“Your application with Marked');
    expect(preview).toMatch(/Email to each of 2, e\.g\. (ada|alan)@example\.com/);
    expect(widestLine(preview)).toBeLessThanOrEqual(80);
    await screen.press('\t');
    expect(await screen.waitFor('Tab email: off')).not.toContain('Email to each');
    await screen.press('\t');
    await screen.waitFor('Tab email: ON');
    await screen.press('Not this round', KEYS.enter);
    const done = await screen.waitFor('rejected: 2 decided · 0 unchanged · 0 not found. Emails after the undo window.');
    expect(done).not.toContain('●');
    expect(widestLine(done)).toBeLessThanOrEqual(80);
    const rows = (await org.client.invitations.list(test.testId, {})).invitations;
    expect(rows.map((row) => row.decision)).toEqual(['rejected', 'rejected']);
    const history = await org.client.invitations.history(rows[0]!.testInvitationId);
    expect(history.entries.some((entry) => entry.kind === 'decision-email' && entry.details.change === 'queued')).toBe(true);
  });
});
