import { formatWireDateTime } from '@assay/domain';

/**
 * Reads a report score string (spec 2.5: `score` and `totalScore` are Strings, `score` may be negative) as a number.
 * Undefined when the text is blank or not a finite decimal number, so callers can keep the original text.
 */
export const parseScore = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
};

/** `YYYY-MM-DDTHH:MM:SS` (the wire format, UTC) as `YYYY-MM-DD HH:MM:SS UTC` for people. */
export const displayWireDateTime = (wire: string): string => `${wire.replace('T', ' ')} UTC`;

/** An instant (epoch ms) as `YYYY-MM-DD HH:MM:SS UTC`. */
export const displayInstant = (epochMs: number): string => displayWireDateTime(formatWireDateTime(epochMs));

/** An ISO 8601 instant (as ReportDetails carries them) as `YYYY-MM-DD HH:MM:SS UTC`. */
export const displayIso = (iso: string): string => displayInstant(Date.parse(iso));

/** Seconds as people read a duration: `35 s`, `4 min 10 s`, `1 h 5 min`. */
export const displayDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 === 0 ? `${minutes} min` : `${minutes} min ${whole % 60} s`;
  return minutes % 60 === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/** Seconds in minutes, as a time allowed reads beside minutes taken: `60 min`, `37 min 30 s`. */
export const displayMinutes = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return whole % 60 === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
};

/** 1 → `1st`, 22 → `22nd`, 13 → `13th`. */
export const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};
