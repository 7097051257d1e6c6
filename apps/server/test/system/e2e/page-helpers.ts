import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 A and AA, as the issue asks (axe's tags: 2.0, 2.1 and 2.2 levels A and AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core on the page as it is now: no violation at WCAG 2.2 A/AA, or the list says which and where. */
export const expectAccessible = async (page: Page, state: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 80)} — ${node.failureSummary ?? ''}`).join('; ')}`,
  );
  expect(found, `axe on "${state}"`).toEqual([]);
};

/**
 * What has the keyboard focus, inside shadow roots too: its own data-testid (or its shadow host's, for the
 * code editor), its tag, and whether it is the editor's text.
 */
export const focused = (page: Page) =>
  page.evaluate<{ testId: string | null; tag: string; editor: boolean }>(`(() => {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
    const editor = !!element && element.classList.contains('cm-content');
    const owner = editor ? element.getRootNode().host : element;
    return { testId: owner ? owner.getAttribute('data-testid') : null, tag: element ? element.tagName : 'NONE', editor };
  })()`);

/**
 * Presses Tab (or Shift+Tab) until `target` (a data-testid, or a test of what has the focus) has the focus.
 * In the code editor Tab indents, so it first presses Esc, as the hint under the editor says.
 */
export const tabTo = async (
  page: Page,
  target: string | ((now: Awaited<ReturnType<typeof focused>>) => boolean),
  options: { back?: boolean; limit?: number } = {},
) => {
  const matches = typeof target === 'string' ? (now: Awaited<ReturnType<typeof focused>>) => now.testId === target && !now.editor : target;
  for (let press = 0; press < (options.limit ?? 80); press += 1) {
    const now = await focused(page);
    if (matches(now)) return;
    if (now.editor) await page.keyboard.press('Escape');
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
};

/**
 * Picks `to` in a question's language toolbar from the keyboard: Tab (or Shift+Tab, `back`) to its one stop, the arrows
 * along the buttons, Enter. Switching from written code then asks in a dialog; the caller answers it.
 */
export const pickLanguage = async (page: Page, questionId: number, from: string, to: string, order: readonly string[], options: { back?: boolean } = {}) => {
  await tabTo(page, `language-${questionId}-${from}`, options);
  const steps = order.indexOf(to) - order.indexOf(from);
  for (let step = 0; step < Math.abs(steps); step++) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  expect(await focused(page)).toMatchObject({ testId: `language-${questionId}-${to}` });
  await page.keyboard.press('Enter');
};

/**
 * Submits the attempt from the keyboard: Tab (or Shift+Tab, `back`) to Submit, Enter, the dialog's Confirm, Enter; the
 * thank-you page shows.
 */
export const submitByKeyboard = async (page: Page, options: { back?: boolean } = {}) => {
  await tabTo(page, 'submit-button', options);
  await page.keyboard.press('Enter');
  await page.getByTestId('submit-dialog').waitFor({ state: 'visible' });
  await tabTo(page, 'confirm-submit');
  await page.keyboard.press('Enter');
  await page.getByTestId('thank-you').waitFor({ state: 'visible' });
};

/** Replaces the code in the editor of `questionId` from the keyboard: into it, select all, type; then Esc and Tab out. */
export const typeCode = async (page: Page, questionId: number, code: string) => {
  await tabTo(page, (now) => now.editor && now.testId === `code-editor-${questionId}`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  // One insertion: typed key by key, the editor's auto-closed brackets would double the closing ones.
  await page.keyboard.insertText(code);
  const editor = page.getByTestId(`code-editor-${questionId}`).locator('.cm-content');
  expect((await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(code.replace(/\s+/g, ' ').trim());
  // Esc, then Tab, leaves the editor, however long the candidate waits in between.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(2_500);
  await page.keyboard.press('Tab');
  expect((await focused(page)).editor).toBe(false);
};

/**
 * A paste into a question's code editor as the browser delivers one, with its text: a headless browser's clipboard is
 * not the system's (`navigator.clipboard.writeText` + Ctrl+V pastes nothing). The DOM's types through globalThis:
 * these files are type-checked without the DOM library.
 */
export const pasteInto = (page: Page, questionId: number, text: string): Promise<void> =>
  page
    .getByTestId(`code-editor-${questionId}`)
    .locator('.cm-content')
    .evaluate((element: { dispatchEvent(event: unknown): boolean }, pasted: string) => {
      const dom = globalThis as unknown as Record<
        'DataTransfer' | 'ClipboardEvent',
        new (
          ...args: unknown[]
        ) => { setData(type: string, value: string): void }
      >;
      const data = new dom.DataTransfer();
      data.setData('text/plain', pasted);
      element.dispatchEvent(new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
    }, text);

/** The organisation's own site: where the candidate is sent after the test. Records every visit. */
export const startRedirectTarget = async (): Promise<{ server: Server; url: string; hits: string[] }> => {
  const hits: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thanks</title></head><body><h1>Thanks from Acme</h1></body></html>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/after-test?candidate=ada`, hits };
};

export const closeServer = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (!server?.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
