import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newOrg, reviewerClient, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { LibraryScreen } from './LibraryScreen.js';

/** Issue 62 item 2 on the workbench: a new org picks a ready test at 80×24 and imports it with Enter, y. */
describe('LibraryScreen against a real server', () => {
  let org: TestOrg;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Library screen');
  });
  afterEach(() => screen?.unmount());

  const render = (client = org.client) => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <LibraryScreen />
      </CapabilitiesProvider>,
      { client },
    );
    return screen;
  };

  it('lists the ready tests, describes the highlighted one, and imports it after y, opening the new test', async () => {
    const tests = await org.client.library.readyTests();
    const second = tests[1]!;
    render();
    const first = await screen!.waitFor((frame) => frame.includes(tests[0]!.role) && frame.includes(`(${tests[0]!.id})`));
    expect(first).toMatch(/ROLE\s+LEVEL\s+QUESTIONS\s+DURATION/);
    expect(widestLine(first)).toBeLessThanOrEqual(80);
    await screen!.press(KEYS.down);
    await screen!.waitFor(`${second.testName} (${second.id})`);
    await screen!.press(KEYS.enter);
    expect(await screen!.waitFor('as a new test of your organization?')).toContain(second.testName);
    await screen!.press('n');
    await screen!.waitFor((frame) => !frame.includes('as a new test'));
    expect((await org.client.tests.list()).tests).toHaveLength(0);
    await screen!.press(KEYS.enter, 'y');
    await screen!.waitFor(() => screen!.opened.length > 0);
    const [made] = (await org.client.tests.list()).tests;
    expect(made?.testName).toBe(second.testName);
    expect(screen!.opened).toEqual([{ screen: 'test', testId: made!.testId }]);
  });

  it('lets a reviewer key read the library and says who imports; Enter asks nothing', async () => {
    render(await reviewerClient(org));
    await screen!.waitFor('an admin or recruiter key imports from it');
    await screen!.press(KEYS.enter);
    expect(screen!.lastFrame()).not.toContain('as a new test');
  });
});
