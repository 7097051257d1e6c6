import { describe, expect, it } from 'vitest';
import { newOrgTimeZoneId } from './org-time-zone.js';
import { timeZoneTable, UTC_TIME_ZONE_ID } from './time-zones.js';

describe('newOrgTimeZoneId', () => {
  it('is UTC when none is asked for, and the one asked for when the table has it', () => {
    expect(newOrgTimeZoneId(undefined).val).toBe(UTC_TIME_ZONE_ID);
    const other = timeZoneTable.find((zone) => zone.timeZoneId !== UTC_TIME_ZONE_ID)!;
    expect(newOrgTimeZoneId(other.timeZoneId).val).toBe(other.timeZoneId);
  });

  it('refuses an id the table does not have with 400.9', () => {
    expect(newOrgTimeZoneId(999_999).err).toEqual({
      kind: 'unknown-time-zone',
      message: 'timeZoneId 999999 is not in the time zone table (GET /v2/timezones).',
    });
  });
});
