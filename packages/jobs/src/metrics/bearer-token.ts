import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>` (decision 868). Compared as digests in constant time, so
 * neither the token's length nor its first differing character shows in the answer's timing.
 */
export const bearerMatches = (header: string | undefined, token: string): boolean => {
  const [scheme, given, ...rest] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !given || rest.length > 0) return false;
  return timingSafeEqual(digest(given), digest(token));
};
