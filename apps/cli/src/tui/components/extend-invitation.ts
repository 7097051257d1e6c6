import type { AssayClient } from '@assay/client';
import { parseWireDateTime } from '@assay/domain/core';
import { expiryOf } from '../state/extend-input.js';
import type { LinkOfInvitation, MoveRequest } from '../state/invitation-moves.js';
import { zoneOfFields } from '../state/link-form-fields.js';
import { zonedFieldOf } from '../state/zoned-date.js';

/** The link the invitation came through: as the row said, or found by the request's lookup (the report's case). */
const linkOf = async (client: AssayClient, request: MoveRequest, signal: AbortSignal): Promise<LinkOfInvitation | null> => {
  if (request.link !== undefined || !request.lookup) return request.link ?? null;
  const { testId, q } = request.lookup;
  const page = await client.invitations.list(testId, { q }, { signal });
  const row = page.invitations.find((each) => each.testInvitationId === request.testInvitationId);
  return row?.testLinkId ? { testId, testLinkId: row.testLinkId } : null;
};

/** The zone a typed date is read in: the invitation's link's (read now, so a zone changed since is the one used); UTC without a link. */
const zoneOf = async (client: AssayClient, request: MoveRequest, signal: AbortSignal): Promise<string> => {
  if (request.extend?.kind !== 'date') return 'UTC';
  const link = await linkOf(client, request, signal);
  return link ? zoneOfFields((await client.testLinks.get(link.testId, link.testLinkId, { signal })).timeZoneId) : 'UTC';
};

/**
 * Gives the invitation the expiry typed in the extend prompt (`PUT …/expiry`, as `assay invitations extend`), and on a
 * renew emails its link in the same call (decision 1393); answers the outcome line, in the zone the date was read in. A date that zone skips is refused here, before any call.
 */
export const extendInvitation = async (client: AssayClient, request: MoveRequest, now: number, signal: AbortSignal): Promise<string> => {
  if (!request.extend) throw new Error('nothing typed to extend by');
  const zone = await zoneOf(client, request, signal);
  const expiresAt = expiryOf(request.extend, zone, now);
  if (expiresAt === undefined) throw new Error(`${request.extend.kind === 'date' ? request.extend.typed : 'That time'} does not exist in ${zone}.`);
  const resend = request.move === 'renew';
  const extended = await client.reminders.setInvitationExpiry(request.testInvitationId, { expiresAt, ...(resend ? { resend } : {}) }, { signal });
  const until = extended.expiresAt ?? expiresAt;
  const wall = parseWireDateTime(until) === undefined ? until : zonedFieldOf(until, zone).replace('T', ' ');
  const emailed = extended.emailQueued ? ' The link was emailed again.' : '';
  return `Invitation ${extended.testInvitationId} can be started until ${wall} ${zone === 'UTC' ? 'UTC' : `(${zone})`}.${emailed}`;
};
