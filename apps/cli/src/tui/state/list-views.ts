import { InvitationStatus } from '@assay/domain/invitations';
import type { TestLink } from '@assay/domain/schemas';
import { linkStateText, publicLinkUrl } from '../../format/link-text.js';
import type { InvitationRow } from '../data/invitations-of-test.js';
import type { ListView } from './list-state.js';

const byId =
  <T>(id: (row: T) => number) =>
  (a: T, b: T) =>
    id(a) - id(b);

/** Whether an invitation in this state has a score: the workbook has 0 for one not taken, which is no score, not a zero. */
const HAS_SCORE: Record<InvitationStatus, boolean> = {
  Pending: false,
  'In progress': false,
  Completed: true,
  Reset: false,
  Cancelled: false,
};

/** The share of the maximum an invitation scored; null when it has no score yet. */
export const scoreFraction = (row: Pick<InvitationRow, 'testStatus' | 'score' | 'totalScore'>): number | null => {
  if (!HAS_SCORE[row.testStatus] || row.score === null || row.score === '') return null;
  const score = Number(row.score);
  const total = Number(row.totalScore);
  if (!Number.isFinite(score)) return null;
  return Number.isFinite(total) && total > 0 ? score / total : score;
};

const statusRank = (status: InvitationStatus) => InvitationStatus.options.indexOf(status);

/** Invitations: searched by name, email and id; filtered by their status; by id, status, or score (best first, unscored last). */
export const INVITATIONS_VIEW: ListView<InvitationRow> = {
  searched: (row) => [row.fullName, row.emailId, String(row.testInvitationId)],
  status: (row) => row.testStatus,
  statuses: InvitationStatus.options,
  orders: [
    { name: 'id', compare: byId<InvitationRow>((row) => row.testInvitationId) },
    { name: 'status', compare: (a, b) => statusRank(a.testStatus) - statusRank(b.testStatus) || byId<InvitationRow>((row) => row.testInvitationId)(a, b) },
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
