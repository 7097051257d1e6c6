import { formatWireDateTime } from '@assay/domain/core';
import { InvalidArgumentError } from 'commander';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--by 3d`: a span in whole minutes, hours, days or weeks (`90m`, `12h`, `3d`, `2w`), at most a year. */
export const parseSpan = (value: string): number => {
  const match = /^([1-9][0-9]{0,3})([mhdw])$/.exec(value.trim());
  const span = match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN;
  if (!(span > 0 && span <= 366 * UNIT_MS.d!)) throw new InvalidArgumentError('must be a span like 90m, 12h, 3d or 2w (at most a year).');
  return span;
};

/**
 * The expiry `assay invitations extend` sets (decision 784): `--until` as given, or `--by` counted from now — the
 * server keeps no "current" expiry to add to that the CLI could read without another call, and "open for three more
 * days" is what a recruiter extending a lapsing invitation means.
 */
export const extendedExpiry = (until: string | undefined, by: number | undefined, now: number): string | undefined =>
  until ?? (by === undefined ? undefined : formatWireDateTime(Math.floor((now + by) / 1000) * 1000));
