import type { AccessWindow } from '../access-time.js';

/**
 * When an invitation's window closes (decision 510): the earlier of its own expiry and, when it came through a
 * time-bound or slot-wise link, the link's endDateTime (the last moment a start is admitted); null when neither
 * exists (an anytime link or none, no expiry), and then no reminder and no expiry note ever go.
 */
export const windowClosesAt = (facts: { expiresAt: number | null; linkWindow?: AccessWindow | undefined }): number | null => {
  const linkEnd = facts.linkWindow && facts.linkWindow.accessTime !== 0 ? facts.linkWindow.end : null;
  if (linkEnd === null) return facts.expiresAt;
  if (facts.expiresAt === null) return linkEnd;
  return Math.min(linkEnd, facts.expiresAt);
};

/** Whether the invitation's own expiry has passed (start inclusive, end exclusive, like the link's window). */
export const invitationExpired = (expiresAt: number | null, now: number): boolean => expiresAt !== null && now >= expiresAt;
