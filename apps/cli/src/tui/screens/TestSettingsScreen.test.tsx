import type { AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { testDetailsKeys } from '../state/screen-keys.js';
import { TestSettingsScreen } from './TestSettingsScreen.js';

describe('TestSettingsScreen against a real server (issue 52)', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Test settings');
    test = await importExample(org.client, 'sql-and-data-modelling');
    reviewer = await reviewerClient(org);
  });
  afterEach(() => screen?.unmount());

  const render = (element: ReactElement, client: AssayClient) => {
    screen = renderScreen(<CapabilitiesProvider>{element}</CapabilitiesProvider>, { client });
    return screen;
  };

  it('shows every setting within 80×24, changes one (s key=value), refuses a bad one in place and the server’s refusal below', async () => {
    render(<TestSettingsScreen testId={test.testId} testName={test.testName} />, org.client);
    const first = await screen!.waitFor('windowViolationCount: 0');
    expect(widestLine(first)).toBeLessThanOrEqual(80);
    expect(first.split('\n').length).toBeLessThanOrEqual(24);
    expect(first).toContain('showQuestionScore: on');
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 's') === true);
    await screen!.press('s');
    await screen!.waitFor('One setting as key=value');
    await screen!.expectChrome({ typing: true, modal: true });
    await screen!.press('shuffle=on', KEYS.enter);
    await screen!.waitFor('✗ no setting "shuffle"');
    await screen!.press('\u0015', 'showQuestionScore=off', KEYS.enter);
    await screen!.waitFor('showQuestionScore: off');
    expect((await org.client.testSettings.get(test.testId)).questionSettings.showQuestionScore).toBe(false);
    await screen!.press('s', 'imageViolationCount=500', KEYS.enter);
    await screen!.waitFor('400.2');
    expect((await org.client.testSettings.get(test.testId)).imageProctoringSettings.terminateTestAfterViolationCount).toBe(0);
  });

  it('shows and edits the AI group (issue 60): follow-ups need no model, a policy offering the assistant is refused plainly (400.31) without one', async () => {
    render(<TestSettingsScreen testId={test.testId} testName={test.testName} />, org.client);
    const first = await screen!.waitFor('aiPolicy: none');
    expect(first).toContain('assistantTokens: 40000');
    expect(first.split('\n').length).toBeLessThanOrEqual(24);
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 's') === true);
    await screen!.press('s', 'followUps=2', KEYS.enter);
    await screen!.waitFor('followUps: 2');
    expect((await org.client.testSettings.get(test.testId)).aiSettings?.followUps).toBe(2);
    await screen!.press('s', 'aiPolicy=guarded', KEYS.enter);
    const refused = await screen!.waitFor('400.31');
    expect(refused).toMatch(/no model is configured/);
    expect((await org.client.testSettings.get(test.testId)).aiSettings?.aiPolicy).toBe('none');
  });

  it('lets a reviewer key read the settings but offers no s', async () => {
    render(<TestSettingsScreen testId={test.testId} testName={test.testName} />, reviewer);
    await screen!.waitFor('showQuestionScore:');
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 'r') === true);
    expect(screen!.chrome()?.hints.map((hint) => hint.keys)).not.toContain('s');
    await screen!.press('s');
    expect(screen!.lastFrame()).not.toContain('One setting as key=value');
  });

  it('is t on a test’s details', () => {
    const loaded = { phase: 'ready', value: test } as unknown as Parameters<typeof testDetailsKeys>[0];
    expect(testDetailsKeys(loaded, test.testId, { type: 'char', char: 't' })).toMatchObject({
      effect: { open: { screen: 'testSettings', testId: test.testId, testName: test.testName } },
    });
  });
});
