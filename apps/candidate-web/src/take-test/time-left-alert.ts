const WARN_AT_MS = 5 * 60_000;
const URGENT_AT_MS = 60_000;

/** Which time-left warning the remaining time calls for: none, the five-minute one, or the last-minute one. */
export type TimeLeftAlert = 'none' | 'warn' | 'urgent';

/**
 * The warning for `remainingMs` as the timer shows it (the server's clock carried on the monotonic one). Computed
 * afresh on every tick, never latched: when the remaining time is corrected upwards (the server's answer after this
 * machine's clock jumped, extra time) the warning the candidate sees goes with it (issue 59).
 */
export const timeLeftAlertOf = (remainingMs: number): TimeLeftAlert => (remainingMs <= URGENT_AT_MS ? 'urgent' : remainingMs <= WARN_AT_MS ? 'warn' : 'none');
