import type { TestDetails } from '@assay/domain/schemas';
import { createClient } from '@assay/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_NAME, HOSTILE_NAME_SHOWN, RAW_SEQUENCES } from '../../test/helpers/hostile-text.js';
import { refused, startHostileServer, succeeded, type HostileServer } from '../../test/helpers/hostile-server.js';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../../test/helpers/org.js';
import { KEYS, renderApp, renderScreen, type Rendered, type RenderedApp } from '../../test/helpers/render.js';
import { storeCandidateName, storeTestNames } from '../../test/helpers/stored-data.js';
import { RegisterScreen } from './screens/RegisterScreen.js';

/** The raw sequences of the hostile name found in anything written to the terminal (none may be). */
const rawIn = (frames: readonly string[]) => RAW_SEQUENCES.filter((sequence) => frames.some((frame) => frame.includes(sequence)));

/** The start of the hostile name as shown: the screen-clearing CSI (which Ink would drop silently) made visible. */
const SHOWN_START = HOSTILE_NAME_SHOWN.slice(0, 18);

/**
 * Issue 27, item 1, in the interactive UI: names stored with terminal controls before the API refused them, and a
 * server's messages, are drawn with every control visible and none obeyed, on every screen that shows them.
 */
describe('the UI shows text from the server, never obeys it', () => {
  let org: TestOrg;
  let test: TestDetails;
  let invitationId: number;
  let ui: RenderedApp | Rendered | undefined;

  beforeAll(async () => {
    org = await newOrg('TUI injection');
    test = await importExample(org.client, 'sql-and-data-modelling');
    const registration = await org.client.invitations.register(test.testId, { emailId: 'eve@example.com', fullName: 'Eve Placeholder' });
    invitationId = registration.testInvitationId;
    // Before the attempt reads them: the server keeps a test's sections once read (tests never change through the API).
    await storeTestNames(test.testId, HOSTILE_NAME);
    await completeAttempt(org.client, registration.takeTestURL);
    await storeCandidateName(invitationId, HOSTILE_NAME);
  });
  afterEach(() => ui?.unmount());

  it('through the test list, the test, its invitations and the report', async () => {
    const app = renderApp(org.client, serverUrl(), { columns: 120, rows: 30 });
    ui = app;
    expect(await app.waitFor(SHOWN_START)).toMatch(/›\s+\d+ Eve␛\[2J␛\]0;pwned␇/);
    await app.press(KEYS.enter);
    // The test's sections (its details are the imported definition's: its own name there).
    await app.waitFor(/Assay › Tests › SQL[\s\S]*Eve␛\[2J␛\]0;pwned␇/);
    await app.press('i');
    await app.waitFor('eve@example.com');
    await app.press(KEYS.enter);
    const report = await app.waitFor('SECTION');
    expect(report).toContain(`${SHOWN_START}`);
    expect(report).toContain('�31m�evil');
    expect(rawIn(app.frames)).toEqual([]);
  });

  describe('from a server that puts controls in its messages and URLs', () => {
    let hostile: HostileServer;
    beforeAll(async () => {
      hostile = await startHostileServer(
        { '/v2/org/tests/1/register': succeeded({ testInvitationId: 7, takeTestURL: `http://x/t/\u001B]52;c;ZXZpbA==\u0007` }) },
        refused(403, '403.4', `Refused for ${HOSTILE_NAME}`),
      );
    });
    afterAll(() => hostile?.close());

    it('shows a refusal with every control visible', async () => {
      const app = renderApp(createClient({ baseUrl: hostile.url, apiKey: 'k', retries: 0 }), hostile.url);
      ui = app;
      expect(await app.waitFor('✗ 403.4')).toContain(`Refused for ${SHOWN_START}`);
      expect(rawIn(app.frames)).toEqual([]);
    });

    it('neither shows nor copies a take-test URL that is not a plain http(s) URL', async () => {
      const screen = renderScreen(<RegisterScreen testId={1} testName="Any" link={null} />, {
        client: createClient({ baseUrl: hostile.url, apiKey: 'k', retries: 0 }),
      });
      ui = screen;
      await screen.press('eve@example.com', KEYS.enter, 'Eve', KEYS.enter);
      await screen.waitFor('✗ unreadable answer');
      await screen.press('c');
      expect(screen.frames.some((frame) => frame.includes('\u001B]52'))).toBe(false);
      expect(rawIn(screen.frames)).toEqual([]);
    });
  });
});
