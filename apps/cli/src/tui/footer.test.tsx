import type { TestDetails } from '@assay/domain/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../../test/helpers/org.js';
import { KEYS, renderApp, widestLine, type RenderedApp } from '../../test/helpers/render.js';
import { footerLines } from './components/KeyHints.js';
import { frameHints, HINTS, type KeyHint } from './hints.js';
import { offeredMoves } from './state/invitation-moves.js';

/** The footer's text: the lines under its rule. */
const footerOf = (frame: string): string[] => {
  const lines = frame.split('\n');
  const rule = lines.findLastIndex((line) => /^─+$/.test(line.trim()));
  return lines.slice(rule + 1).filter((line) => line.trim() !== '');
};

const ROOT = { root: true } as const;
const NESTED = { root: false } as const;

/**
 * Every screen (and every mode with keys of its own) at 80×24: the footer shows each of the screen's keys whole,
 * with the frame's (`?` help, q/Esc back), on one line, never cut.
 */
describe('the footer at 80 columns, on every screen', () => {
  let org: TestOrg;
  let test: TestDetails;
  let ui: RenderedApp;
  beforeAll(async () => {
    org = await newOrg('Footer');
    test = await importExample(org.client, 'sql-and-data-modelling');
    await org.client.testLinks.create(test.testId, { testLinkName: 'Open day', accessTime: 0 });
    await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    ui = renderApp(org.client, serverUrl());
  });
  afterAll(() => ui?.unmount());

  const checkFooter = (frame: string, hints: readonly KeyHint[], chrome: { typing?: boolean; modal?: boolean; root: boolean }) => {
    const all = [...hints, ...frameHints({ hints, ...chrome }, chrome.root)];
    const footer = footerOf(frame);
    expect(footer, frame).toHaveLength(1);
    // A list's own keys are on its position line and in the help, not in the footer.
    for (const hint of all.filter((each) => !each.helpOnly)) expect(footer[0], frame).toContain(`${hint.keys} ${hint.label}`);
    expect(footer[0]).not.toContain('…');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(frame.split('\n').length).toBeLessThanOrEqual(23);
  };

  /**
   * Waits for the screen that shows `shown`, then for its footer: a screen reports its keys in an effect after its
   * frame is drawn, so on a busy machine the footer can lag the body by a frame.
   */
  const expectFooter = async (shown: string, hints: readonly KeyHint[], chrome: { typing?: boolean; modal?: boolean; root: boolean }) => {
    await ui.waitFor(shown);
    await vi.waitFor(() => checkFooter(ui.frame(), hints, chrome), { timeout: 10_000, interval: 50 });
    return ui.frame();
  };

  it('lists the tests, searches, opens a test and names an export', async () => {
    await expectFooter('SQL and Data Modelling', HINTS.testList, ROOT);
    await ui.press('/');
    await expectFooter('Search:', HINTS.searching, { ...ROOT, typing: true, modal: true });
    await ui.press(KEYS.escape);
    await ui.waitFor((frame) => !frame.includes('Search:'));
    await ui.press(KEYS.enter);
    await expectFooter('Data modelling', HINTS.testDetails, NESTED);
    await ui.press('x');
    await expectFooter('Save to:', HINTS.naming, { ...NESTED, typing: true, modal: true });
    await ui.press(KEYS.escape);
    await ui.waitFor((frame) => !frame.includes('Save to:'));
  });

  it('shows the links, the link form (a text field, a choice, the zone picker) and the registration', async () => {
    await ui.press('l');
    await expectFooter('Open day', HINTS.links, NESTED);
    await ui.press('n');
    await expectFooter('New link for test', HINTS.linkForm, { ...NESTED, typing: true });
    await ui.press(KEYS.down);
    await expectFooter('› Access time', HINTS.linkForm, NESTED);
    await ui.press(KEYS.down, KEYS.enter);
    await expectFooter('Time zone candidates see', HINTS.zonePicker, { ...NESTED, typing: true, modal: true });
    await ui.press(KEYS.escape);
    await ui.waitFor('› Time zone');
    await ui.press(KEYS.escape);
    await ui.waitFor('Open day');
    await ui.press('c');
    await expectFooter('› Email', HINTS.registerForm, { ...NESTED, typing: true });
    await ui.press('grace@example.com', KEYS.enter, 'Grace Hopper', KEYS.enter);
    await expectFooter('Send the candidate this URL', HINTS.registered, NESTED);
  });

  it('shows a report, a confirmation, the invitations, the recent completions and the help', async () => {
    await ui.press('o');
    const pending = offeredMoves('Pending');
    await expectFooter('SECTION', HINTS.report(pending), NESTED);
    await ui.press('x');
    await expectFooter('Cancel invitation', HINTS.confirm, { ...NESTED, modal: true });
    await ui.press('n');
    await ui.waitFor((frame) => !frame.includes('Cancel invitation'));
    await ui.press('h');
    await expectFooter('oldest first', HINTS.history, NESTED);
    await ui.press('q');
    await ui.waitFor('SECTION');
    for (let screen = 0; screen < 3; screen += 1) await ui.press('q');
    await ui.waitFor('Data modelling');
    await ui.press('i');
    await expectFooter('Ada Lovelace', HINTS.invitations(pending, { decide: true, annotate: true }), NESTED);
    await ui.press('q', 'q', 'c');
    await expectFooter('Live: completions', HINTS.completions, NESTED);
    await ui.press('?');
    const help = await ui.waitFor('Keys on “Recent completions”');
    expect(footerOf(help)).toEqual(['?/Esc close help']);
    // The help explains every key the footer shows.
    for (const hint of [...HINTS.completions, ...frameHints({ hints: HINTS.completions }, false)]) expect(help).toContain(hint.help ?? hint.label);
  });

  it('shows the review screen from a test’s `g`, with nothing to grade', async () => {
    // From the help on the recent completions: close it, back to the tests, open the test.
    await ui.press(KEYS.escape);
    await ui.waitFor((frame) => !frame.includes('Keys on'));
    await ui.press('q');
    await ui.waitFor('SQL and Data Modelling');
    await ui.press(KEYS.enter);
    await ui.waitFor('Data modelling');
    await ui.press('g');
    const empty = await expectFooter('0 of 0 graded', HINTS.review, NESTED);
    expect(empty).toContain('Nothing to grade');
    await ui.press('q');
    await expectFooter('Data modelling', HINTS.testDetails, NESTED);
  });

  it('fits every screen’s keys on one line at 80 columns, and wraps whole keys (never cuts them) when narrower', () => {
    const every = [
      HINTS.testList,
      HINTS.searching,
      HINTS.testDetails,
      HINTS.naming,
      HINTS.links,
      HINTS.linkForm,
      HINTS.zonePicker,
      HINTS.registerForm,
      HINTS.registered,
      HINTS.invitations(['cancel', 'reattempt'], { decide: true, annotate: true }),
      HINTS.pipelinePrompt,
      HINTS.pipelineChoice,
      HINTS.report(['cancel', 'reattempt']),
      HINTS.report(['reattempt'], true),
      HINTS.evidenceNote,
      HINTS.confirm,
      HINTS.completions,
      HINTS.review,
      HINTS.reviewComment,
    ];
    for (const hints of every) {
      const all = [...hints, ...frameHints({ hints }, true)];
      expect(footerLines(all, 80), all.map((hint) => `${hint.keys} ${hint.label}`).join('  ')).toHaveLength(1);
      const narrow = footerLines(all, 40);
      expect(narrow.flat()).toEqual(all.filter((hint) => !hint.helpOnly));
      for (const line of narrow) expect(line.map((hint) => `${hint.keys} ${hint.label}`).join('  ').length).toBeLessThanOrEqual(40);
    }
  });
});
