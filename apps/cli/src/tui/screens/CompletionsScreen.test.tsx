import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeAttempt, countingClient, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CompletionsScreen } from './CompletionsScreen.js';

describe('CompletionsScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Completions');
    test = await importExample(org.client, 'frontend-accessibility');
  });
  afterEach(() => screen?.unmount());

  it('shows completions as they happen, newest first, and opens their report', async () => {
    const earlier = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    await completeAttempt(org.client, earlier.takeTestURL);
    screen = renderScreen(<CompletionsScreen intervalMs={200} />, { client: org.client });
    await screen.waitFor('ada@example.com');
    const later = await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    await completeAttempt(org.client, later.takeTestURL);
    const frame = await screen.waitFor('grace@example.com');
    expect(frame.indexOf('grace@example.com')).toBeLessThan(frame.indexOf('ada@example.com'));
    // The test by its name, not its id.
    expect(frame).toMatch(new RegExp(`completed\\s+${later.testInvitationId}\\s+Frontend Access\\S*\\s+grace@example.com`));
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    // The highlight was on the newest row, and it followed Grace's as it arrived above Ada's.
    expect(frame).toMatch(/›\s*\S+ \S+\s+completed\s+\d+\s+Frontend Access\S*\s+grace@example\.com/);
    await screen.press(KEYS.enter, KEYS.down, KEYS.enter);
    expect(screen.opened).toEqual([
      { screen: 'report', testInvitationId: later.testInvitationId },
      { screen: 'report', testInvitationId: earlier.testInvitationId },
    ]);
  });

  it('names a test imported after the screen opened (its name is read again, once)', async () => {
    screen = renderScreen(<CompletionsScreen intervalMs={200} />, { client: org.client });
    await screen.waitFor('Frontend Access');
    const later = await importExample(org.client, 'sql-and-data-modelling');
    const { takeTestURL } = await org.client.invitations.register(later.testId, { emailId: 'edsger@example.com', fullName: 'Edsger Dijkstra' });
    await completeAttempt(org.client, takeTestURL);
    await screen.waitFor(/SQL and Data Mod\S*\s+edsger@example\.com/);
  });

  it('opens on the newest completions when the last 24 hours hold more than the screen shows', async () => {
    const registered = [];
    for (let index = 0; index < 24; index += 1) {
      registered.push(await org.client.invitations.register(test.testId, { emailId: `c${index}@example.com`, fullName: `Candidate ${index}` }));
    }
    for (const { takeTestURL } of registered) await completeAttempt(org.client, takeTestURL);
    screen = renderScreen(<CompletionsScreen intervalMs={200} />, { client: org.client });
    const frame = await screen.waitFor('c23@example.com');
    expect(frame).toMatch(/›.*c23@example\.com/);
    expect(frame).not.toContain('c0@example.com');
  });

  it('shows a failure inline and follows again with r', async () => {
    const { client, sent } = countingClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'none', retries: 0, timeoutMs: 2_000 });
    screen = renderScreen(<CompletionsScreen intervalMs={200} />, { client });
    await screen.waitFor('✗ unreachable');
    const before = sent();
    await screen.press('r');
    // The retry is a new request, failed and shown again: the frame alone could still be the first failure's.
    await vi.waitFor(() => expect(sent()).toBeGreaterThan(before), { timeout: 10_000, interval: 50 });
    await screen.waitFor('✗ unreachable');
  });
});
