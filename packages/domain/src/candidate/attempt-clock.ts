const MS_PER_MINUTE = 60_000;

/**
 * The server-authoritative end of an attempt: start plus the test's duration, extended by the candidate's
 * accommodation (`extraTimePercent`, 0-100: 50 gives a 60-minute test 90 minutes). Whole milliseconds, exactly.
 */
export const deadlineOf = (startedAt: number, durationMinutes: number, extraTimePercent = 0): number =>
  startedAt + (durationMinutes * MS_PER_MINUTE * (100 + extraTimePercent)) / 100;

/** At the deadline itself the time is up. */
export const isPastDeadline = (deadline: number, now: number): boolean => now >= deadline;

/** Whole minutes taken, rounded up (a 20-second attempt took 1 minute); never past the deadline. */
export const minutesTaken = (startedAt: number, completedAt: number, deadline: number): number =>
  Math.max(0, Math.ceil((Math.min(completedAt, deadline) - startedAt) / MS_PER_MINUTE));

/** Client clocks drift: a reported instant is trusted within this distance of server time. */
export const CLIENT_CLOCK_TOLERANCE_MS = 60_000;

/** The instant an event happened: the client's, when plausible, else the server's. */
export const eventInstant = (reported: number, now: number, startedAt: number): number => {
  const plausible = Number.isFinite(reported) && Math.abs(reported - now) <= CLIENT_CLOCK_TOLERANCE_MS;
  return Math.max(startedAt, plausible ? Math.min(reported, now) : now);
};
