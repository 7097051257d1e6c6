import type { TestDetails, TestLink } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, unreachableClient, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { LinksScreen } from './LinksScreen.js';

describe('LinksScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let spring: TestLink;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Links');
    test = await importExample(org.client, 'sql-and-data-modelling');
    spring = await org.client.testLinks.create(test.testId, {
      testLinkName: 'Spring hiring',
      accessTime: 1,
      timeZoneId: 1720,
      startDateTime: '2026-04-01T09:00:00',
      endDateTime: '2036-04-30T18:00:00',
    });
    await org.client.testLinks.create(test.testId, { testLinkName: 'Open day', accessTime: 0, inviteCandidateOnly: 1 });
  });
  afterEach(() => screen?.unmount());

  it('lists the links with the highlighted one in words', async () => {
    screen = renderScreen(<LinksScreen testId={test.testId} testName={test.testName} />, { client: org.client, baseUrl: 'http://assay.example' });
    const frame = await screen.waitFor('Open day');
    expect(frame).toContain('Spring hiring');
    expect(frame).toContain('Time bound');
    expect(frame).toContain('Valid from 01 Apr 2026, 14:30');
    expect(frame).toContain(`Public page http://assay.example/l/${spring.testLinkAccessKey}`);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen.press(KEYS.down);
    await screen.waitFor('Invite only yes');
  });

  it('opens the form to create or edit, and registration through the link', async () => {
    screen = renderScreen(<LinksScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    await screen.waitFor('Spring hiring');
    await screen.press('n', KEYS.enter, 'c');
    expect(screen.opened).toEqual([
      { screen: 'linkForm', testId: test.testId, link: null },
      { screen: 'linkForm', testId: test.testId, link: spring },
      { screen: 'register', testId: test.testId, testName: test.testName, link: spring },
    ]);
  });

  it('deactivates a link with s after a confirmation, and reactivates it with s at once', async () => {
    screen = renderScreen(<LinksScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    await screen.waitFor('Spring hiring');
    await screen.press('s');
    // Issue 48, item 11: the question says the link's invited candidates are locked out too (it wraps at 80 columns).
    await screen.waitFor(/Deactivate “Spring hiring”\? No one can register through it, and candidates it\s+invited who have not started cannot start/);
    await screen.expectChrome({ modal: true });
    // No (n, or Esc) leaves it live.
    await screen.press('n');
    await screen.waitFor((frame) => !frame.includes('Deactivate “'));
    expect((await org.client.testLinks.get(test.testId, spring.testLinkId)).testLinkStatus).toBe(1);
    await screen.press('s');
    await screen.waitFor('Deactivate “Spring hiring”?');
    await screen.press('y');
    await screen.waitFor('is now Inactive');
    expect((await org.client.testLinks.get(test.testId, spring.testLinkId)).testLinkStatus).toBe(3);
    await screen.waitFor((frame) => /Spring hiring\s+Inactive/.test(frame));
    await screen.press('s');
    await screen.waitFor('is now Active');
    const back = await org.client.testLinks.get(test.testId, spring.testLinkId);
    // Only the status changed: the window and the zone are as they were.
    expect(back).toEqual(spring);
  });

  it('reloads when it comes back on top', async () => {
    screen = renderScreen(<LinksScreen testId={test.testId} testName={test.testName} />, { client: org.client });
    await screen.waitFor('Spring hiring');
    screen.setActive(false);
    await org.client.testLinks.create(test.testId, { testLinkName: 'Added elsewhere', accessTime: 0 });
    screen.setActive(true);
    await screen.waitFor('Added elsewhere');
  });

  it('shows failures inline', async () => {
    screen = renderScreen(<LinksScreen testId={test.testId} testName={test.testName} />, { client: unreachableClient() });
    await screen.waitFor('✗ unreachable');
  });
});
