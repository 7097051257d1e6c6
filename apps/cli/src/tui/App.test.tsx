import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../../test/helpers/org.js';
import { KEYS, renderApp, tick, widestLine, type RenderedApp } from '../../test/helpers/render.js';
import type { TerminalSize } from './shell/terminal-size.js';

describe('the whole UI: navigation, help, footer, resizing', () => {
  let org: TestOrg;
  let app: RenderedApp | undefined;
  beforeAll(async () => {
    org = await newOrg('App');
    await importExample(org.client, 'javascript-fundamentals');
    await importExample(org.client, 'sql-and-data-modelling');
  });
  afterEach(() => app?.unmount());

  const start = (size?: TerminalSize) => {
    app = renderApp(org.client, serverUrl(), size);
    return app;
  };

  it('frames every screen with a header, the keys in a footer, and fits 80×24', async () => {
    const ui = start();
    const list = await ui.waitFor('SQL and Data Modelling');
    const lines = list.split('\n');
    expect(lines[0]).toMatch(/^Assay › Tests/);
    expect(lines.at(-1)).toMatch(/↑↓ move {2}←→ page {2}Enter open/);
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(widestLine(list)).toBeLessThanOrEqual(80);

    await ui.press(KEYS.down, KEYS.enter);
    const details = await ui.waitFor('Data modelling');
    expect(details.split('\n')[0]).toMatch(/^Assay › Tests › SQL and Data Modelling/);
    expect(details).toMatch(/l links {2}i invitations {2}n invite {2}x export Excel/);
  });

  it('opens the help with ?, closes it with Esc, and goes back with q and Esc keeping the list as it was', async () => {
    const ui = start();
    await ui.waitFor('SQL and Data Modelling');
    await ui.press(KEYS.down, KEYS.enter);
    await ui.waitFor('Data modelling');
    await ui.press('?');
    const help = await ui.waitFor('Keys on “SQL and Data Modelling”');
    expect(help).toMatch(/x\s+save the test's report as an Excel workbook/);
    expect(help).toMatch(/q\/Esc\s+back/);
    await ui.press(KEYS.escape);
    await ui.waitFor('Data modelling');
    await ui.press('l');
    await ui.waitFor('Links of SQL and Data Modelling');
    await ui.press('q');
    await ui.waitFor('Data modelling');
    await ui.press(KEYS.escape);
    const list = await ui.waitFor('JavaScript Fundamentals');
    // The second row is still the highlighted one.
    await ui.press(KEYS.enter);
    await ui.waitFor(/Assay › Tests › SQL and Data Modelling/);
    expect(list).toContain('Page 1 of 1');
  });

  it('fits the help of a screen with many keys into 80×24: explanations wrapped, the rest a scroll away (issue 61)', async () => {
    const many = await newOrg('App help');
    const test = await importExample(many.client, 'sql-and-data-modelling');
    await many.client.invitations.register(test.testId, { emailId: 'helped@example.com', fullName: 'Helped Candidate' });
    app = renderApp(many.client, serverUrl());
    const ui = app;
    await ui.waitFor('SQL and Data Modelling');
    await ui.press(KEYS.enter);
    await ui.waitFor('Data modelling');
    await ui.press('i');
    await ui.waitFor('Helped Candidate');
    await ui.press('?');
    const help = await ui.waitFor('Keys on “Invitations”');
    expect(help.split('\n').length).toBeLessThanOrEqual(24);
    expect(widestLine(help)).toBeLessThanOrEqual(80);
    // Nothing cut: the decision key's whole explanation, on the lines under its key.
    expect(help).not.toContain('…');
    expect(help).toMatch(/Press \? or Esc to close the help/);
    expect(help).toMatch(/Lines 1–\d+ of \d+: ↑↓ PgUp PgDn scroll\./);
    expect(help.split('\n').at(-1)).toMatch(/\?\/Esc close help {2}↑↓ scroll/);
    expect(help).not.toMatch(/q\/Esc\s+back/);
    await ui.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    const end = await ui.waitFor(/q\/Esc\s+back/);
    expect(end.split('\n').length).toBeLessThanOrEqual(24);
    await ui.press(KEYS.escape);
    await ui.waitFor((frame) => !frame.includes('Keys on') && frame.includes('Helped Candidate'));
  });

  it('types q and ? into a form instead of leaving it', async () => {
    const ui = start();
    await ui.waitFor('SQL and Data Modelling');
    await ui.press(KEYS.enter);
    await ui.waitFor('Coding Questions');
    await ui.press('n');
    await ui.waitFor('Register a candidate for');
    await ui.press('q', '?');
    const form = await ui.waitFor('q?');
    expect(form).not.toContain('Keys on');
    expect(form.split('\n').at(-1)).not.toContain('? help');
    await ui.press(KEYS.escape);
    await ui.waitFor('Coding Questions');
  });

  it('sends the keys of a burst to the screen each one opens, in order', async () => {
    const ui = start();
    await ui.waitFor('SQL and Data Modelling');
    // `/` opens the search, so the q after it is typed, not a quit.
    await ui.burst('/', 'q');
    await ui.waitFor('Search: q');
    await ui.burst(KEYS.backspace, KEYS.enter);
    await ui.waitFor(/^Page 1 of 1 · 2 tests/m);
    await ui.burst(KEYS.down, KEYS.enter);
    await ui.waitFor('Data modelling');
    // l opens the links; n goes to the links screen (new link), not to the test's own n (invite a candidate).
    await ui.burst('l', 'n');
    const form = await ui.waitFor('New link for test');
    expect(form.split('\n')[0]).toMatch(/Links › New link/);
    // A lone Esc is told from Alt+key by a pause, as on any terminal: it goes alone.
    await ui.press(KEYS.escape);
    await ui.waitFor('No links yet');
    await ui.burst('q', 'q');
    await ui.waitFor(/^Assay › Tests\s+127\.0\.0\.1/);
  });

  it('lays itself out again when the terminal is resized', async () => {
    const ui = start();
    await ui.waitFor('SQL and Data Modelling');
    ui.rerender({ columns: 120, rows: 30 });
    await tick(100);
    const wide = ui.frame();
    expect(widestLine(wide)).toBeGreaterThan(80);
    expect(widestLine(wide)).toBeLessThanOrEqual(120);
    ui.rerender({ columns: 80, rows: 12 });
    await tick(100);
    const small = ui.frame();
    expect(widestLine(small)).toBeLessThanOrEqual(80);
    expect(small.split('\n').length).toBeLessThanOrEqual(11);
    expect(small).toContain('Assay › Tests');
  });
});
