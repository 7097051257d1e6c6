/**
 * The link's access window as the page can use it: the session and the link view say it in words, in the
 * link's zone ("Valid from 01 Dec 2030, 04:30 to 05 Dec 2030, 12:30, India Standard Time (Asia/Kolkata)",
 * the domain's `describeAccessWindow`). Read back here into instants, the page can show it in the candidate's
 * own zone and knows when the test opens. Pure; a text it cannot read gives null (the page then shows the
 * words only).
 */
export interface AccessWindow {
  /** Between two instants, or every day between two times of day within them. */
  readonly kind: 'period' | 'daily';
  readonly start: number;
  readonly end: number;
  /** The link's zone (IANA). */
  readonly zone: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MS = 86_400_000;

/** Both forms name the same parts: each end's day, month, year, hour and minute, and the zone (IANA). */
const D = (n: number) => `(?<d${n}>\\d{1,2}) (?<m${n}>\\p{L}+) (?<y${n}>\\d{4})`;
const T = (n: number) => `(?<h${n}>\\d{2}):(?<i${n}>\\d{2})`;
const ZONE = ', .*\\((?<zone>[^()]+)\\)$';
const FORMS: [AccessWindow['kind'], RegExp][] = [
  ['period', new RegExp(`^Valid from ${D(1)},? ${T(1)} to ${D(2)},? ${T(2)}${ZONE}`, 'u')],
  ['daily', new RegExp(`^Valid daily from ${T(1)} to ${T(2)}, between ${D(1)} and ${D(2)}${ZONE}`, 'u')],
];

/** How far `zone` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time in `zone` (the later one in a repeated hour). */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, zone: string): number {
  const wall = Date.UTC(year, month, day, hour, minute);
  let instant = wall;
  for (let pass = 0; pass < 3; pass++) instant = wall - offsetAt(instant, zone);
  return instant;
}

const monthOf = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

const dateOf = (day: string, month: string, year: string, hour: string, minute: string, zone: string): number | null => {
  const index = monthOf(month);
  return index < 0 ? null : zonedInstant(Number(year), index, Number(day), Number(hour), Number(minute), zone);
};

export function parseAccessWindow(text: string | null | undefined): AccessWindow | null {
  if (!text) return null;
  try {
    for (const [kind, form] of FORMS) {
      const parts = form.exec(text)?.groups;
      if (!parts) continue;
      const at = (n: 1 | 2) => dateOf(parts[`d${n}`]!, parts[`m${n}`]!, parts[`y${n}`]!, parts[`h${n}`]!, parts[`i${n}`]!, parts.zone!);
      const start = at(1);
      const end = at(2);
      return start === null || end === null ? null : { kind, start, end, zone: parts.zone! };
    }
  } catch {
    // An unknown zone: the words alone.
  }
  return null;
}

/**
 * When the test next opens after `now`, or null when it will not (it has closed). A daily window opens at
 * its start's time of day (the server compares times of day in UTC, decision 19), from its first day.
 */
export function nextOpening(window: AccessWindow, now: number): number | null {
  if (now >= window.end) return null;
  if (window.kind === 'period') return Math.max(now, window.start);
  const timeOfDay = ((window.start % DAY_MS) + DAY_MS) % DAY_MS;
  let next = Math.floor(now / DAY_MS) * DAY_MS + timeOfDay;
  if (next < now) next += DAY_MS;
  next = Math.max(next, window.start);
  return next < window.end ? next : null;
}

/**
 * When the test next opens for this invitation after `now`: its own opening (a v3 invite's future start, decision
 * 1024) while still ahead, and from then the link's window; null when nothing holds it back or nothing will open it.
 */
export function nextOpeningOf(window: AccessWindow | null, invitationOpensAt: number | null, now: number): number | null {
  const from = invitationOpensAt !== null && invitationOpensAt > now ? invitationOpensAt : now;
  if (window) return from > now && openAt(window, from) ? from : nextOpening(window, from);
  return from > now ? from : null;
}

/** Whether the window lets candidates in at `at` (the server's rule: start inclusive, end exclusive, days in UTC). */
function openAt(window: AccessWindow, at: number): boolean {
  if (at < window.start || at >= window.end) return false;
  if (window.kind === 'period') return true;
  const timeOfDay = (instant: number) => ((instant % DAY_MS) + DAY_MS) % DAY_MS;
  const [from, to, time] = [timeOfDay(window.start), timeOfDay(window.end), timeOfDay(at)];
  return from < to ? time >= from && time < to : time >= from || time < to;
}

/** The browser's zone; null when it cannot say. */
export function localZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The window differs on the candidate's clock: their zone's offset is not the link's at its start or end. */
export function differsLocally(window: AccessWindow, zone: string): boolean {
  try {
    return [window.start, window.end].some((instant) => offsetAt(instant, zone) !== offsetAt(instant, window.zone));
  } catch {
    return false;
  }
}

/** The window in words on the candidate's clock: "from 30 Nov 2030, 15:00 to 4 Dec 2030, 23:00". */
export function describeLocally(window: AccessWindow, zone: string, locale?: string): string {
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });
  if (window.kind === 'period') return `from ${dateTime.format(window.start)} to ${dateTime.format(window.end)}`;
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'medium' });
  return `daily from ${time.format(window.start)} to ${time.format(window.end)}, between ${date.format(window.start)} and ${date.format(window.end)}`;
}

/** "Opens 30 Nov 2030, 15:00" on the candidate's clock. */
export const formatLocalInstant = (instant: number, zone: string, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(instant);
