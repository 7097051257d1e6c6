import { z } from 'zod';
import { Id } from '../ids.js';
import { ok, refuse, type Result } from '../result.js';
import { documentedInteger } from '../schemas/documented-formats.js';

/**
 * A report share (issue 61 item 4, "Share"; decisions 1433–1439): a link to one invitation's report that a manager
 * without a key can open, until it expires or the org revokes it. The link carries a random token; the store keeps
 * only its hash (decision 1434), so revoking is one row and a leaked database opens nothing.
 */

/** A share lasts 1 to 90 days; 14 when the caller says nothing (decision 1435). */
export const SHARE_DAYS = { min: 1, max: 90, default: 14 } as const;

const DAY_MS = 86_400_000;

/** The body of `POST /v2/org/testinvitation/{id}/share`: its bounds are the domain's, so their refusal is 400.127. */
export const ShareRequest = z
  .object({
    days: z
      .int({ error: 'days must be a whole number' })
      .optional()
      .meta({
        ...documentedInteger({ minimum: SHARE_DAYS.min, maximum: SHARE_DAYS.max, default: SHARE_DAYS.default }),
        description: `How long the link opens, in whole days (${SHARE_DAYS.min}–${SHARE_DAYS.max}; 400.127 otherwise); ${SHARE_DAYS.default} when absent.`,
      }),
  })
  .meta({ id: 'ShareRequest' });
export type ShareRequest = z.infer<typeof ShareRequest>;

/** When a share made at `now` for `days` stops opening, or why it may not be made (400.127). */
export const decideShareExpiry = (days: number | undefined, now: number): Result<number> => {
  const wanted = days ?? SHARE_DAYS.default;
  if (!Number.isInteger(wanted) || wanted < SHARE_DAYS.min || wanted > SHARE_DAYS.max) {
    return refuse('share-days-out-of-bounds', `days is a whole number from ${SHARE_DAYS.min} to ${SHARE_DAYS.max}; got ${wanted}.`);
  }
  return ok(now + wanted * DAY_MS);
};

/** What the store holds of a share: never the token, only when and by whom. */
export interface StoredShare {
  readonly shareId: number;
  readonly orgId: number;
  readonly testInvitationId: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
  readonly opens: number;
  readonly lastOpenedAt: number | null;
}

export type ShareStanding = 'open' | 'expired' | 'revoked';

/** A share opens until it is revoked or its expiry passes; revoked wins when both hold (the org's act is the news). */
export const shareStanding = (share: Pick<StoredShare, 'expiresAt' | 'revokedAt'>, now: number): ShareStanding =>
  share.revokedAt !== null ? 'revoked' : now >= share.expiresAt ? 'expired' : 'open';

/**
 * Whether a link opens: an unknown token is 404.125; a revoked or expired one 410.125 (decision 1436: the token is
 * unguessable, so telling "gone" from "never was" tells a holder nothing they could not know, and it tells the manager
 * to ask for a new link).
 */
export const decideShareOpen = (share: StoredShare | undefined, now: number): Result<StoredShare> => {
  if (!share) return refuse('share-not-found', 'This report link was not issued here: check that it was copied whole.');
  const standing = shareStanding(share, now);
  if (standing === 'revoked') return refuse('share-gone', 'This report link was revoked: ask whoever shared it for a new one.');
  if (standing === 'expired') return refuse('share-gone', 'This report link has expired: ask whoever shared it for a new one.');
  return ok(share);
};

const Instant = z.string().meta({ description: 'ISO 8601, UTC' });

/** A share as `GET /v2/org/shares` lists it (never its URL: the token is not kept). */
export const ReportShare = z
  .object({
    shareId: Id,
    testInvitationId: Id,
    createdAt: Instant,
    expiresAt: Instant,
    revokedAt: Instant.nullable(),
    status: z.enum(['open', 'expired', 'revoked']),
    opens: z.int().nonnegative().meta({ description: 'How many times the link was opened (HTML page or PDF).' }),
    lastOpenedAt: Instant.nullable(),
  })
  .meta({ id: 'ReportShare' });
export type ReportShare = z.infer<typeof ReportShare>;

/** What making a share answers: the URL, shown once (only its hash is kept). */
export const CreatedShare = z
  .object({ shareId: Id, url: z.string().meta({ description: 'The link to hand out; shown only now.' }), expiresAt: Instant })
  .meta({ id: 'CreatedShare' });
export type CreatedShare = z.infer<typeof CreatedShare>;

const iso = (ms: number): string => new Date(ms).toISOString();

export const reportShareOf = (share: StoredShare, now: number): ReportShare => ({
  shareId: share.shareId,
  testInvitationId: share.testInvitationId,
  createdAt: iso(share.createdAt),
  expiresAt: iso(share.expiresAt),
  revokedAt: share.revokedAt === null ? null : iso(share.revokedAt),
  status: shareStanding(share, now),
  opens: share.opens,
  lastOpenedAt: share.lastOpenedAt === null ? null : iso(share.lastOpenedAt),
});
