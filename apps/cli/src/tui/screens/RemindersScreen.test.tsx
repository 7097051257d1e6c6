import type { AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { RemindersScreen } from './RemindersScreen.js';

describe('RemindersScreen against a real server (issue 50)', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Reminders');
    test = await importExample(org.client, 'sql-and-data-modelling');
    reviewer = await reviewerClient(org);
  });
  afterEach(() => screen?.unmount());

  const render = (element: ReactElement, client: AssayClient) => {
    screen = renderScreen(<CapabilitiesProvider>{element}</CapabilitiesProvider>, { client });
    return screen;
  };

  it('shows the test’s hours, sets them (s), refuses a bad text in place, and goes back to the default', async () => {
    render(<RemindersScreen testId={test.testId} testName={test.testName} />, org.client);
    const first = await screen!.waitFor("(the service's default)");
    expect(widestLine(first)).toBeLessThanOrEqual(80);
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 's') === true);
    await screen!.press('s');
    await screen!.waitFor('Hours before the window closes');
    await screen!.expectChrome({ typing: true, modal: true });
    await screen!.press('soon', KEYS.enter);
    await screen!.waitFor('✗ type whole hours');
    await screen!.press('\u0015', '48,4', KEYS.enter);
    await screen!.waitFor("reminders 48 h, 4 h before the window closes (the test's choice).");
    expect((await org.client.reminders.ofTest(test.testId)).reminderHours).toEqual([48, 4]);
    await screen!.press('s', 'default', KEYS.enter);
    await screen!.waitFor("(the service's default)");
    expect((await org.client.reminders.ofTest(test.testId)).reminderHours).toBeNull();
  });

  it('lets a reviewer key read the hours but offers no s', async () => {
    render(<RemindersScreen testId={test.testId} testName={test.testName} />, reviewer);
    await screen!.waitFor("(the service's default)");
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 'r') === true);
    expect(screen!.chrome()?.hints.map((hint) => hint.keys)).not.toContain('s');
    await screen!.press('s');
    expect(screen!.lastFrame()).not.toContain('Hours before the window closes');
  });
});
