import { z } from 'zod';
import { TimeZone } from '../time-zones.js';

/** `GET /v3/timezones` (decision 891): the zone table v2 serves, `timeZoneId` for v3's `TimeZoneId` fields. */
export const V3TimeZoneList = z.object({ timeZones: z.array(TimeZone) }).meta({ id: 'V3TimeZoneList' });
export type V3TimeZoneList = z.infer<typeof V3TimeZoneList>;
