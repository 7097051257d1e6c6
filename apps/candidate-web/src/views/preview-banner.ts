import { h } from '../lib/dom.js';

const BANNER_ID = 'preview-banner';

export const PREVIEW_BANNER_TITLE = 'Preview — nothing you do here is recorded';

/**
 * The banner of a preview link's page (issue 62 item 3, decision 1492), above every stage: a landmark of its own, so a
 * screen reader lists it, and outside the page's root, which each stage redraws. Shown once, kept to the end.
 */
export function showPreviewBanner(root: HTMLElement): void {
  if (document.getElementById(BANNER_ID)) return;
  root.before(
    h(
      'aside',
      { id: BANNER_ID, class: 'preview-banner', 'aria-labelledby': `${BANNER_ID}-title` },
      h('p', { id: `${BANNER_ID}-title`, class: 'preview-banner-title' }, PREVIEW_BANNER_TITLE),
      h(
        'p',
        null,
        'This is the page your candidates see, with the questions drawn and timed as for them, and your code run as theirs is. No invitation, answer, run or score is kept and no email is sent. Reloading the page starts over at the landing.',
      ),
    ),
  );
}
