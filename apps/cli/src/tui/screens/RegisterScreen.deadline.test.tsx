import type { TestDetails } from '@assay/domain/schemas';
import { parseWireDateTime } from '@assay/domain/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { RegisterScreen } from './RegisterScreen.js';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 61 (items 5 and 7): the invite form's deadline, prefilled from the org's default, reaches the invitation. */
describe('RegisterScreen: the deadline', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Register deadline');
    test = await importExample(org.client, 'javascript-fundamentals');
    await org.client.invitationSettings.set({ defaultDeadlineDays: 7 });
  });
  afterEach(() => screen?.unmount());

  const expiryOf = async (email: string) => {
    const row = (await org.client.invitations.list(test.testId, { q: email })).invitations[0];
    return row?.expiresAt ? parseWireDateTime(row.expiresAt) : null;
  };
  const register = async (email: string, name: string, ...deadlineKeys: string[]) => {
    screen = renderScreen(<RegisterScreen testId={test.testId} testName={test.testName} link={null} />, { client: org.client });
    const form = await screen.waitFor((frame) => /Deadline days\s+7/.test(frame));
    expect(widestLine(form)).toBeLessThanOrEqual(80);
    await screen.burst(email, KEYS.tab, name, ...deadlineKeys, KEYS.ctrlS);
    await screen.waitFor('Registered: invitation');
  };

  it('shows the org’s default and gives the invitation that deadline', async () => {
    const before = Date.now();
    await register('seven@example.com', 'Seven Days');
    const expiry = await expiryOf('seven@example.com');
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7 * DAY - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * DAY);
  });

  it('gives the days typed instead, and none when the field is emptied', async () => {
    // The deadline is the last field: five tabs from the name; Ctrl+U clears it.
    const toDeadline = [KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab];
    await register('three@example.com', 'Three Days', ...toDeadline, KEYS.ctrlU, '3');
    const expiry = await expiryOf('three@example.com');
    expect(expiry).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    expect(expiry).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
    screen?.unmount();
    await register('never@example.com', 'No Deadline', ...toDeadline, KEYS.ctrlU);
    expect(await expiryOf('never@example.com')).toBeNull();
  });
});
