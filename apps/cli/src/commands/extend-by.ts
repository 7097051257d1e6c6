import { formatWireDateTime } from '@assay/domain/core';
import type { InvitationExpiry } from '@assay/domain/invitations';
import { InvalidArgumentError } from 'commander';
import { spanMsOf } from '../format/span.js';

/** `--by 3d`: a span in whole minutes, hours, days or weeks (`90m`, `12h`, `3d`, `2w`), at most a year. */
export const parseSpan = (value: string): number => {
  const span = spanMsOf(value);
  if (span === undefined) throw new InvalidArgumentError('must be a span like 90m, 12h, 3d or 2w (at most a year).');
  return span;
};

/**
 * The expiry `assay invitations extend` sets (decision 784): `--until` as given, or `--by` counted from now — the
 * server keeps no "current" expiry to add to that the CLI could read without another call, and "open for three more
 * days" is what a recruiter extending a lapsing invitation means.
 */
export const extendedExpiry = (until: string | undefined, by: number | undefined, now: number): string | undefined =>
  until ?? (by === undefined ? undefined : formatWireDateTime(Math.floor((now + by) / 1000) * 1000));

/** What `assay invitations extend` prints: the new expiry, and whether the candidate's link was emailed with it. */
export const extendedText = ({ testInvitationId, expiresAt, emailQueued }: InvitationExpiry): string =>
  `Invitation ${testInvitationId} can be started until ${expiresAt} UTC.${emailQueued ? ' The candidate’s link was emailed again (see assay deliveries).' : ''}`;
