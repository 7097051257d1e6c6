import { match } from 'ts-pattern';
import { formatWireDateTime, parseWireDateTime, utcTimeOfDay } from './date-time.js';
import { ok, refuse, type Result } from './result.js';
import type { AccessTime } from './schemas/test-link.js';

/** When a link lets candidates in. Instants are epoch milliseconds, always UTC. */
export type AccessWindow =
  | { readonly accessTime: 0 }
  | { readonly accessTime: 1; readonly start: number; readonly end: number }
  | { readonly accessTime: 2; readonly start: number; readonly end: number };

export interface AccessTimeInput {
  readonly accessTime: AccessTime;
  readonly startDateTime?: string | null | undefined;
  readonly endDateTime?: string | null | undefined;
}

const isBlank = (value: string | null | undefined): boolean => value === undefined || value === null || value.trim() === '';

const parseField = (name: string, text: string): Result<number> => {
  const epochMs = parseWireDateTime(text);
  return epochMs === undefined
    ? refuse('malformed-date-time', `${name} must be a real UTC date-time in the format YYYY-MM-DDTHH:MM:SS, got "${text}"`)
    : ok(epochMs);
};

/**
 * The access-time rules of 4.3: accessTime 0 needs no dates (any given are dropped and come back null);
 * 1 and 2 need both, well-formed, end after start. For 2 the daily window is the time parts: it may
 * wrap past midnight UTC but may not be empty.
 */
export const resolveAccessWindow = (input: AccessTimeInput): Result<AccessWindow> => {
  if (input.accessTime === 0) return ok({ accessTime: 0 });
  const { accessTime, startDateTime, endDateTime } = input;
  if (isBlank(startDateTime) || isBlank(endDateTime)) {
    return refuse('access-dates-required', `startDateTime and endDateTime are required when accessTime is ${accessTime}`);
  }
  const start = parseField('startDateTime', startDateTime as string);
  if (start.err) return start;
  const end = parseField('endDateTime', endDateTime as string);
  if (end.err) return end;
  if (end.val <= start.val) return refuse('end-before-start', 'endDateTime must be after startDateTime');
  if (accessTime === 2 && utcTimeOfDay(start.val) === utcTimeOfDay(end.val)) {
    return refuse('end-before-start', 'for accessTime 2 the daily end time must differ from the daily start time');
  }
  return ok({ accessTime, start: start.val, end: end.val });
};

export type AccessVerdict = 'open' | 'notYetOpen' | 'closed' | 'outsideDailyWindow';

const insideDailyWindow = (window: { start: number; end: number }, now: number): boolean => {
  const from = utcTimeOfDay(window.start);
  const to = utcTimeOfDay(window.end);
  const time = utcTimeOfDay(now);
  return from < to ? time >= from && time < to : time >= from || time < to;
};

/** Start is inclusive, end exclusive, for the period and for the daily window alike. */
export const checkAccess = (window: AccessWindow, now: number): AccessVerdict =>
  match(window)
    .with({ accessTime: 0 }, () => 'open' as const)
    .with({ accessTime: 1 }, { accessTime: 2 }, (bounded) => {
      if (now < bounded.start) return 'notYetOpen' as const;
      if (now >= bounded.end) return 'closed' as const;
      if (bounded.accessTime === 2 && !insideDailyWindow(bounded, now)) return 'outsideDailyWindow' as const;
      return 'open' as const;
    })
    .exhaustive();

/** The stored wire form: dates come back null for accessTime 0. */
export const wireDatesOf = (window: AccessWindow): { startDateTime: string | null; endDateTime: string | null } =>
  window.accessTime === 0
    ? { startDateTime: null, endDateTime: null }
    : { startDateTime: formatWireDateTime(window.start), endDateTime: formatWireDateTime(window.end) };

/** Rebuilds a window from stored wire dates (already validated when they were stored). */
export const windowFromStored = (accessTime: AccessTime, startDateTime: string | null, endDateTime: string | null): AccessWindow => {
  const resolved = resolveAccessWindow({ accessTime, startDateTime, endDateTime });
  if (resolved.err) throw new Error(`stored test link has invalid dates: ${resolved.err.message}`);
  return resolved.val;
};
