import type { AssayClient } from '@assay/client';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { KEYS, renderApp, renderScreen, widestLine, type Rendered, type RenderedApp } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { RetentionScreen } from './RetentionScreen.js';

describe('RetentionScreen against a real server (issue 51)', () => {
  let org: TestOrg;
  let reviewer: AssayClient;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Retention');
    reviewer = await reviewerClient(org);
  });
  let app: RenderedApp | undefined;
  afterEach(() => {
    screen?.unmount();
    app?.unmount();
    screen = app = undefined;
  });

  const render = (element: ReactElement, client: AssayClient) => {
    screen = renderScreen(<CapabilitiesProvider>{element}</CapabilitiesProvider>, { client });
    return screen;
  };

  it('shows the periods, sets them (s), refuses a bad text in place and the server’s refusal below', async () => {
    render(<RetentionScreen />, org.client);
    const first = await screen!.waitFor('365 days after they ended');
    expect(widestLine(first)).toBeLessThanOrEqual(80);
    // One line a period, drawn as lines (a newline inside a text would be shown as ␊).
    expect(first).not.toContain('␊');
    expect(first).toMatch(/^Snapshots and playback deleted: 60 days/m);
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 's') === true);
    await screen!.press('s');
    await screen!.waitFor('Ended, media, unstarted days');
    await screen!.expectChrome({ typing: true, modal: true });
    await screen!.press('soon', KEYS.enter);
    await screen!.waitFor('✗ type ended, media and unstarted days');
    await screen!.press('\u0015', '730,,keep', KEYS.enter);
    await screen!.waitFor('730 days after they ended');
    expect(await org.client.retentionSettings.get()).toEqual({ endedDays: 730, mediaDays: 60, unstartedDays: null });
    await screen!.press('s', ',900', KEYS.enter);
    await screen!.waitFor('mediaDays (900) must not be more than endedDays (730)');
    expect((await org.client.retentionSettings.get()).mediaDays).toBe(60);
  });

  it('lets a reviewer key read the periods but offers no s', async () => {
    render(<RetentionScreen />, reviewer);
    await screen!.waitFor('days after they ended');
    await screen!.waitFor(() => screen!.chrome()?.hints.some((hint) => hint.keys === 'r') === true);
    expect(screen!.chrome()?.hints.map((hint) => hint.keys)).not.toContain('s');
    await screen!.press('s');
    expect(screen!.lastFrame()).not.toContain('Ended, media, unstarted days');
  });

  it('is d on the test list for an admin key, and not for a reviewer’s', async () => {
    app = renderApp(org.client, serverUrl());
    await app.waitFor('No tests yet');
    await app.press('?');
    await app.waitFor(/d\s+how long candidates' data is kept/);
    await app.press(KEYS.escape, 'd');
    const shown = await app.waitFor('Ended invitations erased');
    expect(shown.split('\n')[0]).toMatch(/^Assay › Tests › Retention/);
    app.unmount();
    app = renderApp(reviewer, serverUrl());
    await app.waitFor('No tests yet');
    await app.press('d');
    await app.press('?');
    const help = await app.waitFor('recent completions, live');
    expect(help).not.toContain("how long candidates' data is kept");
    expect(app.frame()).not.toContain('Ended invitations erased');
  });
});
