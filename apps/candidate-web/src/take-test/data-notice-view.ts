import type { CandidateSession } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { contactPhrase, orgName, type AskingOrg } from '../views/who-is-asking.js';
import { holderWords, retentionWords, RIGHTS_LEAD } from './data-notice-words.js';
import { recordedItems } from './landing-rules.js';

/**
 * Told before start (issue 51 item 4, decision 881): who holds the candidate's data, what the attempt records, for
 * how long, and whom to ask — a landmark of its own (a labelled section) so a screen reader lists it and jumps to it.
 * From a server older than the notice, the org and the test's facts stand in for it.
 */
export const dataNoticeSection = (session: CandidateSession): HTMLElement => {
  const notice = session.dataNotice;
  const holder = notice?.holder ?? orgName(session.org);
  const asking: AskingOrg = notice ? { displayName: notice.holder, ...notice.contact } : session.org;
  return h(
    'section',
    { class: 'data-notice', 'aria-labelledby': 'data-notice-heading', 'data-testid': 'data-notice' },
    h('h2', { id: 'data-notice-heading' }, 'Your data'),
    h('p', { 'data-testid': 'data-holder' }, holderWords(holder)),
    h('h3', null, 'What is recorded'),
    h(
      'ul',
      { class: 'recorded', 'data-testid': 'recorded' },
      recordedItems(session).map((item) => h('li', null, item)),
    ),
    h('p', { 'data-testid': 'data-retention' }, retentionWords({ holder, retentionDays: notice?.retentionDays ?? null })),
    h('p', { 'data-testid': 'data-rights' }, RIGHTS_LEAD, contactPhrase(asking), '.'),
  );
};
