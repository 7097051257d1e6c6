import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';

/**
 * What a new org keeps, in days (decision 849): an invitation a year after it ended (completed, expired into
 * completion, or cancelled), camera snapshots and code playback 60 days after the attempt ended, and an invitation
 * never started 180 days after it was made or its window closed, whichever is later.
 */
export const RETENTION_DEFAULTS = { endedDays: 365, mediaDays: 60, unstartedDays: 180 } as const;

/** A period is whole days, at least one (nothing is erased the moment it ends) and at most ten years. */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;

export const DAY_MS = 86_400_000;

const days = (what: string) =>
  z
    .int()
    .nullable()
    .meta({ description: `${what}, in days (${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS}); null keeps them until erased by hand (decision 850).` });

const endedDays = days('How long an invitation is kept after it ended (completed, expired or cancelled); then it is erased');
const mediaDays = days('How long camera snapshots and code playback are kept after the attempt ended; never more than endedDays');
const unstartedDays = days('How long an invitation never started is kept after it was made or its window closed, whichever is later; then it is erased');

/** An org's retention (issue 51 item 2): what `GET`/`PUT /v2/org/retention-settings` answer. */
export const RetentionSettings = z.object({ endedDays, mediaDays, unstartedDays }).meta({ id: 'RetentionSettings' });
export type RetentionSettings = z.infer<typeof RetentionSettings>;

/** The body of `PUT /v2/org/retention-settings`: each period left out stays as it is. */
export const RetentionSettingsInput = z
  .strictObject({ endedDays: endedDays.optional(), mediaDays: mediaDays.optional(), unstartedDays: unstartedDays.optional() })
  .meta({ id: 'RetentionSettingsBody' });
export type RetentionSettingsInput = z.infer<typeof RetentionSettingsInput>;

const names = { endedDays: 'endedDays', mediaDays: 'mediaDays', unstartedDays: 'unstartedDays' } as const;

/**
 * The settings after a change, or why not (400.56): each period whole days within bounds or null, and media never
 * kept longer than the invitation they belong to (an erased invitation takes its media with it).
 */
export const decideRetention = (current: RetentionSettings, change: RetentionSettingsInput): Result<RetentionSettings> => {
  const next: RetentionSettings = {
    endedDays: change.endedDays === undefined ? current.endedDays : change.endedDays,
    mediaDays: change.mediaDays === undefined ? current.mediaDays : change.mediaDays,
    unstartedDays: change.unstartedDays === undefined ? current.unstartedDays : change.unstartedDays,
  };
  for (const key of Object.keys(names) as (keyof RetentionSettings)[]) {
    const value = next[key];
    if (value !== null && (value < MIN_RETENTION_DAYS || value > MAX_RETENTION_DAYS)) {
      return refuse('retention-out-of-bounds', `${names[key]} is ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS} days, or null to keep; got ${value}.`);
    }
  }
  if (next.endedDays !== null && next.mediaDays === null) {
    return refuse(
      'retention-out-of-bounds',
      `mediaDays cannot keep snapshots and playback forever while endedDays erases their invitation after ${next.endedDays} days; give mediaDays at most ${next.endedDays}.`,
    );
  }
  if (next.endedDays !== null && next.mediaDays !== null && next.mediaDays > next.endedDays) {
    return refuse(
      'retention-out-of-bounds',
      `mediaDays (${next.mediaDays}) must not be more than endedDays (${next.endedDays}): media go with their invitation.`,
    );
  }
  return ok(next);
};
