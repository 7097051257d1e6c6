import { findTimeZone } from '../time-zones.js';
import { ok, refuse, type Result } from '../result.js';

/** What a v3 invite or reattempt says of the invitation's access time. */
export interface V3AccessTimeInput {
  readonly startDateTime?: string | undefined;
  readonly endDateTime?: string | undefined;
  readonly timeZoneId?: number | undefined;
}

/** How far ahead of Assay's clock a start may be and still count as "now": an ATS's clock is not ours (decisions 898, 1024). */
export const START_SKEW_MS = 5 * 60_000;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?$/;
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

const wallClockOf = (epochMs: number, iana: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: iana,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(epochMs);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
};

/**
 * A date-time as v3 sends it: with `Z` or an offset it is that instant; without, a wall-clock time in the zone (the
 * request's `timeZoneId`). A wall time a clock change skips or repeats takes the zone's offset just before it.
 */
export const parseV3DateTime = (text: string, iana: string): number | undefined => {
  if (ABSOLUTE.test(text)) {
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? undefined : instant;
  }
  const parts = LOCAL.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // A real calendar date only: Date.UTC rolls 2026-02-30 over to March.
  if (new Date(wall).getUTCDate() !== day || new Date(wall).getUTCMonth() !== month - 1) return undefined;
  const guess = wall - (wallClockOf(wall, iana) - wall);
  return wall - (wallClockOf(guess, iana) - guess);
};

const SHAPE = 'a date-time like 2026-12-01T09:00:00 (read in timeZoneId) or 2026-12-01T09:00:00Z';

/** An invitation's own access time: when it opens (null: at once) and when it expires (null: never). */
export interface V3AccessTime {
  readonly opensAt: number | null;
  readonly expiresAt: number | null;
}

/**
 * The invitation's own access time from a v3 request: from `startDateTime` (its opening; a start at most a few minutes
 * ahead of Assay's clock is now) until `endDateTime` (its expiry; none when left out). A start later than that is
 * honoured: the candidate cannot start before it (decision 1024, which replaced decision 898's refusal). Every refusal
 * is 400.59 and says which field and why.
 */
export const decideV3AccessTime = (input: V3AccessTimeInput, defaults: { timeZoneId: number; now: number }): Result<V3AccessTime> => {
  const timeZoneId = input.timeZoneId ?? defaults.timeZoneId;
  const zone = findTimeZone(timeZoneId);
  if (!zone) return refuse('invalid-access-time', `timeZoneId ${timeZoneId} is not one of Assay's time zones (GET /v2/timezones lists them).`);
  const read = (name: string, text: string | undefined): Result<number | undefined> => {
    if (text === undefined || text.trim() === '') return ok(undefined);
    const instant = parseV3DateTime(text.trim(), zone.iana);
    return instant === undefined ? refuse('invalid-access-time', `${name} must be ${SHAPE}, got "${text}".`) : ok(instant);
  };
  const start = read('startDateTime', input.startDateTime);
  if (start.err) return start;
  const end = read('endDateTime', input.endDateTime);
  if (end.err) return end;
  const opensAt = start.val !== undefined && start.val > defaults.now + START_SKEW_MS ? start.val : null;
  if (end.val === undefined) return ok({ opensAt, expiresAt: null });
  if (start.val !== undefined && end.val <= start.val) return refuse('invalid-access-time', 'endDateTime must be after startDateTime.');
  if (end.val <= defaults.now) return refuse('invalid-access-time', 'endDateTime has already passed.');
  return ok({ opensAt, expiresAt: end.val });
};
