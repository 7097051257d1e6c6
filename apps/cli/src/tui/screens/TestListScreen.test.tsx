import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countingClient, importExample, newOrg, serverUrl, unreachableClient, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { TestListScreen } from './TestListScreen.js';

describe('TestListScreen against a real server', () => {
  let org: TestOrg;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Test list');
    for (const name of ['javascript-fundamentals', 'sql-and-data-modelling', 'frontend-accessibility'] as const) await importExample(org.client, name);
  });
  afterEach(() => screen?.unmount());

  it('lists the tests at 80×24 and opens the highlighted one', async () => {
    screen = renderScreen(<TestListScreen />, { client: org.client });
    const frame = await screen.waitFor('JavaScript Fundamentals');
    expect(frame).toContain('SQL and Data Modelling');
    expect(frame).toContain('Page 1 of 1 · 3 tests');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen.press(KEYS.down, KEYS.enter);
    expect(screen.opened).toEqual([{ screen: 'test', testId: expect.any(Number) }]);
    const second = (await org.client.tests.list({ page_size: 3 })).tests[1]!;
    expect(screen.opened[0]).toEqual({ screen: 'test', testId: second.testId });
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['↑↓', '←→', 'Enter', '/', 'c', 'r', 'l']);
  });

  it('offers i to a key that may import tests: it opens the import screen (a test file or a question bank)', async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <TestListScreen />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    await screen.waitFor('JavaScript Fundamentals');
    await screen.expectChrome({ hints: expect.arrayContaining([expect.objectContaining({ keys: 'i', label: 'import a file' })]) });
    await screen.press('i');
    expect(screen.opened).toEqual([{ screen: 'importFile' }]);
  });

  it('decides a burst of keys against the state each key leaves: Down Down Enter opens the third test', async () => {
    screen = renderScreen(<TestListScreen />, { client: org.client });
    await screen.waitFor('Frontend Accessibility');
    await screen.burst(KEYS.down, KEYS.down, KEYS.enter);
    const third = (await org.client.tests.list({ page_size: 3 })).tests[2]!;
    expect(screen.opened).toEqual([{ screen: 'test', testId: third.testId }]);
  });

  it('types into the search a burst that starts it: q and ? are text there, not commands', async () => {
    screen = renderScreen(<TestListScreen />, { client: org.client });
    await screen.waitFor('Frontend Accessibility');
    await screen.burst('/', 'q', '?', KEYS.backspace, KEYS.backspace, 's', 'q', 'l');
    const found = await screen.waitFor('1 matching tests');
    expect(found).toContain('Search: sql');
    expect(screen.passed).toEqual([]);
  });

  it('pages through the server with as many rows as the terminal has', async () => {
    screen = renderScreen(<TestListScreen />, { client: org.client, size: { columns: 80, rows: 9 } });
    await screen.waitFor('Page 1 of 3');
    expect(screen.lastFrame()).toContain('JavaScript Fundamentals');
    expect(screen.lastFrame()).not.toContain('SQL and Data');
    await screen.press(KEYS.right);
    const page2 = await screen.waitFor('Page 2 of 3');
    expect(page2).toContain('SQL and Data Modelling');
    await screen.press(KEYS.left);
    await screen.waitFor((frame) => frame.includes('Page 1 of 3') && frame.includes('JavaScript'));
  });

  it('searches every test by name, and Esc clears the search', async () => {
    screen = renderScreen(<TestListScreen />, { client: org.client });
    await screen.waitFor('JavaScript Fundamentals');
    await screen.press('/');
    await screen.expectChrome({ typing: true, modal: true });
    await screen.press('s', 'q', 'l');
    const found = await screen.waitFor('1 matching tests');
    expect(found).toContain('SQL and Data Modelling');
    expect(found).not.toContain('JavaScript Fundamentals');
    await screen.press(KEYS.enter);
    await screen.expectChrome({ typing: false });
    // `/` starts a new query (decision 795), it does not add to the last one.
    await screen.press('/', 'x', 'y', 'z');
    await screen.waitFor('No test matches “xyz”');
    await screen.press(KEYS.escape);
    await screen.waitFor((frame) => frame.includes('3 tests') && frame.includes('Frontend Accessibility'));
  });

  it('shows a refused key inline and retries with r', async () => {
    const { client, sent } = countingClient({ baseUrl: serverUrl(), apiKey: 'assay_wrong', retries: 0 });
    screen = renderScreen(<TestListScreen />, { client });
    const frame = await screen.waitFor('✗ 401');
    expect(frame).toContain('(r to retry)');
    // No "Page 1 of 1 · 0 tests" above it: nothing was counted.
    expect(frame).not.toContain('Page 1');
    const before = sent();
    await screen.press('r');
    // The retry is a new request, refused and shown again: the frame alone could still be the first refusal's.
    await vi.waitFor(() => expect(sent()).toBeGreaterThan(before), { timeout: 10_000, interval: 50 });
    await screen.waitFor('✗ 401');
  });

  it('says so when the server cannot be reached', async () => {
    screen = renderScreen(<TestListScreen />, { client: unreachableClient() });
    const frame = await screen.waitFor('✗ unreachable');
    expect(frame).toMatch(/Check\s+the\s+URL/);
  });
});
