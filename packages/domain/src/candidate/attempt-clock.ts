const MS_PER_MINUTE = 60_000;

/**
 * The time a candidate is allowed: the test's duration extended by their accommodation (`extraTimePercent`, 0-100:
 * 50 gives a 60-minute test 90 minutes). Whole milliseconds, exactly. The one rule: the deadline and every place that
 * tells the time allowed (session, page, report) derive from it.
 */
export const allowedMs = (durationMinutes: number, extraTimePercent = 0): number => (durationMinutes * MS_PER_MINUTE * (100 + extraTimePercent)) / 100;

/**
 * The time allowed in whole seconds, rounded down: what a person is told never promises a moment they do not have
 * (30 minutes + 25 % is 2250 s, "37 minutes 30 seconds"; 1 minute + 1 % is 60.6 s, told as 60 s).
 */
export const allowedSeconds = (durationMinutes: number, extraTimePercent = 0): number => Math.floor(allowedMs(durationMinutes, extraTimePercent) / 1000);

/** The server-authoritative end of an attempt: start plus the time allowed (`allowedMs`). */
export const deadlineOf = (startedAt: number, durationMinutes: number, extraTimePercent = 0): number =>
  startedAt + allowedMs(durationMinutes, extraTimePercent);

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
