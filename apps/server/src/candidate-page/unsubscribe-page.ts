import { CANDIDATE_PAGE_CSP, escapeHtml, staticPage } from './pages.js';

/**
 * The unsubscribe page of a reminder (decision 520): rendered here, no script, under the candidate pages' CSP. It
 * confirms in one keypress: the one button is focused, and Enter (or a click) POSTs to the same URL.
 */
export type UnsubscribePage =
  | { readonly kind: 'confirm'; readonly token: string; readonly testName: string; readonly orgName: string }
  | { readonly kind: 'done'; readonly testName: string; readonly orgName: string }
  | { readonly kind: 'invalid' };

export const renderUnsubscribePage = (page: UnsubscribePage): string => {
  const e = escapeHtml;
  switch (page.kind) {
    case 'confirm':
      return staticPage(
        'Stop reminders · Assay',
        `<h1>Stop reminders about “${e(page.testName)}”?</h1>
<p>${e(page.orgName)} sends reminders while you have not started this test. Your invitation stays as it is: you can still take the test.</p>
<form method="post" action="/unsubscribe/${e(page.token)}">
<button type="submit" autofocus>Stop reminders</button>
</form>`,
      );
    case 'done':
      return staticPage(
        'Reminders stopped · Assay',
        `<h1>Reminders stopped</h1>
<p role="status">You will get no more reminders about “${e(page.testName)}” from ${e(page.orgName)}. Your invitation still works until its window closes.</p>`,
      );
    case 'invalid':
      return staticPage(
        'Link not valid · Assay',
        `<h1>This link is not valid</h1>
<p>It may have been cut short when it was copied. Open the link from the reminder email again, or ignore the reminders.</p>`,
      );
  }
};

export const UNSUBSCRIBE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CANDIDATE_PAGE_CSP,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;
