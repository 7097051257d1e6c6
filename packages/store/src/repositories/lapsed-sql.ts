import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { formatWireDateTime, LAPSABLE_STATUSES, type InvitationStanding, type InvitationStatus } from '@assay/domain';
import type { Database } from '../database.js';

/**
 * The domain's `invitationStanding` reading Expired, as SQL for the list's filter and the summary's counts (decision
 * 1390): a Pending or Reset invitation whose own expiry or whose time-bound link's end is at or before `now`. The link's
 * end is stored as the wire's UTC text, which orders as its instants do.
 */
export const lapsedAt = (now: number) =>
  sql<SqlBool>`(invitations.status in (${sql.join([...LAPSABLE_STATUSES])}) and (
    (invitations.expires_at is not null and invitations.expires_at <= ${now})
    or exists (select 1 from test_links where test_links.id = invitations.test_link_id and test_links.access_time <> 0
      and test_links.end_date_time is not null and test_links.end_date_time <= ${formatWireDateTime(now)})))`;

/** Invitations that stand at `standing` now: a stored Pending or Reset one only while its window is open. */
export const standingIs = (eb: ExpressionBuilder<Database, 'invitations'>, standings: readonly InvitationStanding[], now: number): Expression<SqlBool> => {
  const stored = standings.filter((standing): standing is InvitationStatus => standing !== 'Expired');
  const either: Expression<SqlBool>[] = [];
  if (stored.length > 0) either.push(eb.and([eb('invitations.status', 'in', stored), sql<SqlBool>`not ${lapsedAt(now)}`]));
  if (standings.includes('Expired')) either.push(lapsedAt(now));
  return eb.or(either);
};
