import { ok, refuse, type Result } from './result.js';
import { findTimeZone, UTC_TIME_ZONE_ID } from './time-zones.js';

/** A new organization's time zone: the one asked for if the table has it (else 400.9), UTC when none is asked for. */
export const newOrgTimeZoneId = (requested: number | undefined): Result<number> => {
  const timeZoneId = requested ?? UTC_TIME_ZONE_ID;
  return findTimeZone(timeZoneId) ? ok(timeZoneId) : refuse('unknown-time-zone', `timeZoneId ${timeZoneId} is not in the time zone table (GET /v2/timezones).`);
};
