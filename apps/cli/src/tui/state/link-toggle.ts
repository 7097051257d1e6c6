import type { TestLink } from '@assay/domain/schemas';
import type { ActionEvent } from './action-state.js';

/**
 * `s` on a link. Deactivating turns candidates away from a live link, so it is asked first; activating
 * harms nobody and runs at once.
 */
export const toggleRequest = (link: TestLink): ActionEvent<TestLink> => ({ type: 'ask', action: link, confirm: link.testLinkStatus === 1 });

/**
 * What deactivating does, all of it (issue 48, item 11; decision 657): no one registers through the link, and those
 * it already invited who have not started cannot start either (403.5); an attempt under way runs to its end.
 */
export const toggleQuestion = (link: Pick<TestLink, 'testLinkName'>): string =>
  `Deactivate “${link.testLinkName}”? No one can register through it, and candidates it invited who have not started cannot start (tests under way finish).`;
