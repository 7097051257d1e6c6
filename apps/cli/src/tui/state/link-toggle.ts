import type { TestLink } from '@assay/domain/schemas';
import type { ActionEvent } from './action-state.js';

/**
 * `s` on a link. Deactivating turns candidates away from a live link, so it is asked first; activating
 * harms nobody and runs at once.
 */
export const toggleRequest = (link: TestLink): ActionEvent<TestLink> => ({ type: 'ask', action: link, confirm: link.testLinkStatus === 1 });

export const toggleQuestion = (link: Pick<TestLink, 'testLinkName'>): string =>
  `Deactivate “${link.testLinkName}”? Candidates can no longer register through it.`;
