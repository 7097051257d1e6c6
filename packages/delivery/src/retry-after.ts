/** A receiver may ask for a pause, but not for one longer than a day: past that the job is better dead. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A `Retry-After` header (RFC 9110 10.2.3) as milliseconds from `now`: delta-seconds or an HTTP-date,
 * capped at MAX_RETRY_AFTER_MS. A date in the past means "now" (0); anything unreadable is ignored.
 */
export const parseRetryAfter = (value: string | undefined, now: number): number | undefined => {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // Date.parse reads "1.5" or "-3" as dates; an HTTP-date always names a month or a day, so it has letters.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
};
