import { z } from 'zod';
import { formatWireDateTime, parseWireDateTime } from '../date-time.js';
import type { InvitationStatus } from '../invitation-status.js';
import { ok, refuse, type Result } from '../result.js';
import { WIRE_DATE_TIME_PATTERN, wireDateTimeFormat } from '../schemas/documented-formats.js';
import { plainText, unionError } from '../schemas/text-fields.js';
import { notStarted } from './reminders-due.js';

/** Body of `PUT /v2/org/testinvitation/{testInvitationId}/expiry` (decision 518): a UTC wire date-time, or null for none. */
export const InvitationExpiryInput = z.strictObject({
  expiresAt: z
    .union([z.string().check(plainText('expiresAt')), z.null()], { error: unionError('must be a string in the format YYYY-MM-DDTHH:MM:SS or null') })
    .meta({ pattern: WIRE_DATE_TIME_PATTERN, description: 'UTC, YYYY-MM-DDTHH:MM:SS (no zone suffix); null removes the expiry.' }),
  resend: z.boolean({ error: 'resend must be true or false' }).optional().meta({
    description:
      'true: also email the candidate their link again, in the same transaction (decision 1393): if the resend is refused (409.50, 429.50) the expiry is not changed either.',
  }),
});
export type InvitationExpiryInput = z.infer<typeof InvitationExpiryInput>;

/** What the expiry route answers. */
export const InvitationExpiry = z.object({
  testInvitationId: z.int(),
  expiresAt: z.string().nullable().meta(wireDateTimeFormat('When a start is refused from (403.7); null: no expiry of its own.')),
  emailQueued: z
    .literal(true)
    .optional()
    .meta({ description: 'Present when resend was asked: the email of the link is in the outbox (`assay deliveries ID` shows how it went).' }),
});
export type InvitationExpiry = z.infer<typeof InvitationExpiry>;

/**
 * Whether an invitation may be given this expiry now: only while not started (a started attempt runs to its deadline,
 * so an expiry would change nothing: 403.4), and only in the future (400.22); the format is the link dates' (400.5).
 */
export const decideInvitationExpiry = (status: InvitationStatus, expiresAt: string | null, now: number): Result<number | null> => {
  if (!notStarted(status)) return refuse('operation-not-allowed', `An invitation that is ${status} cannot be given an expiry: it applies to a start only.`);
  if (expiresAt === null) return ok(null);
  const at = parseWireDateTime(expiresAt);
  if (at === undefined) return refuse('malformed-date-time', `expiresAt must be a real UTC date-time in the format YYYY-MM-DDTHH:MM:SS, got "${expiresAt}"`);
  if (at <= now) return refuse('expiry-not-in-future', `expiresAt must be after now (${formatWireDateTime(now)} UTC), got ${expiresAt}.`);
  return ok(at);
};
