import { InvitationListStatus, type TestLink } from '@assay/domain/schemas';
import { linkStateText, publicLinkUrl } from '../../format/link-text.js';
import type { InvitationRow } from '../data/invitations-of-test.js';
import type { ListView } from './list-state.js';

const byId =
  <T>(id: (row: T) => number) =>
  (a: T, b: T) =>
    id(a) - id(b);

/** What the list's status column says and `f` filters by: the test status, or "Awaiting review" for a Completed attempt whose score is provisional. */
export const listStateOf = (row: Pick<InvitationRow, 'testStatus' | 'scoreStatus'>): InvitationListStatus =>
  row.scoreStatus === 'provisional' ? 'Awaiting review' : row.testStatus;

/** The share of the maximum an invitation scored, the provisional score included (decision 649); null without a score. */
export const scoreFraction = (row: Pick<InvitationRow, 'score' | 'maxScore'>): number | null => {
  if (row.score === null) return null;
  return row.maxScore > 0 ? row.score / row.maxScore : row.score;
};

const stateRank = (row: InvitationRow) => InvitationListStatus.options.indexOf(listStateOf(row));

/** Invitations: searched by name, email and id; filtered by their state; by id, state, or score (best first, provisional among them, unscored last). */
export const INVITATIONS_VIEW: ListView<InvitationRow> = {
  searched: (row) => [row.fullName, row.emailId, String(row.testInvitationId)],
  status: listStateOf,
  statuses: InvitationListStatus.options,
  orders: [
    { name: 'id', compare: byId<InvitationRow>((row) => row.testInvitationId) },
    { name: 'status', compare: (a, b) => stateRank(a) - stateRank(b) || byId<InvitationRow>((row) => row.testInvitationId)(a, b) },
    {
      name: 'score',
      compare: (a, b) => (scoreFraction(b) ?? -Infinity) - (scoreFraction(a) ?? -Infinity) || byId<InvitationRow>((row) => row.testInvitationId)(a, b),
    },
  ],
};

/** Links: searched by name, id and public URL; filtered by Active/Inactive; by id, status or name. */
export const linksView = (baseUrl: string): ListView<TestLink> => ({
  searched: (link) => [link.testLinkName, String(link.testLinkId), publicLinkUrl(baseUrl, link)],
  status: (link) => linkStateText(link),
  statuses: ['Active', 'Inactive'],
  orders: [
    { name: 'id', compare: byId<TestLink>((link) => link.testLinkId) },
    { name: 'status', compare: (a, b) => a.testLinkStatus - b.testLinkStatus || a.testLinkId - b.testLinkId },
    { name: 'name', compare: (a, b) => a.testLinkName.localeCompare(b.testLinkName) || a.testLinkId - b.testLinkId },
  ],
});
