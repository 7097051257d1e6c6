import { z } from 'zod';

/**
 * The `timeZoneId` table: the spec does not show it, so Assay ships its own (docs/time-zones.md).
 * 1720 is Asia/Kolkata as in public v2 samples; the rest are Assay's numbering and never change.
 */
export const timeZoneTable = [
  { timeZoneId: 1000, iana: 'UTC', name: 'Coordinated Universal Time' },
  { timeZoneId: 1010, iana: 'Europe/London', name: 'United Kingdom' },
  { timeZoneId: 1020, iana: 'Europe/Dublin', name: 'Ireland' },
  { timeZoneId: 1030, iana: 'Europe/Lisbon', name: 'Portugal' },
  { timeZoneId: 1100, iana: 'Europe/Paris', name: 'Central European Time (Paris)' },
  { timeZoneId: 1110, iana: 'Europe/Berlin', name: 'Central European Time (Berlin)' },
  { timeZoneId: 1120, iana: 'Europe/Madrid', name: 'Central European Time (Madrid)' },
  { timeZoneId: 1130, iana: 'Europe/Amsterdam', name: 'Central European Time (Amsterdam)' },
  { timeZoneId: 1140, iana: 'Europe/Warsaw', name: 'Central European Time (Warsaw)' },
  { timeZoneId: 1200, iana: 'Europe/Athens', name: 'Eastern European Time (Athens)' },
  { timeZoneId: 1210, iana: 'Europe/Kyiv', name: 'Eastern European Time (Kyiv)' },
  { timeZoneId: 1220, iana: 'Africa/Cairo', name: 'Egypt' },
  { timeZoneId: 1230, iana: 'Africa/Johannesburg', name: 'South Africa' },
  { timeZoneId: 1240, iana: 'Africa/Lagos', name: 'West Africa' },
  { timeZoneId: 1250, iana: 'Africa/Nairobi', name: 'East Africa' },
  { timeZoneId: 1300, iana: 'Europe/Istanbul', name: 'Turkey' },
  { timeZoneId: 1310, iana: 'Europe/Moscow', name: 'Moscow' },
  { timeZoneId: 1320, iana: 'Asia/Riyadh', name: 'Arabia' },
  { timeZoneId: 1400, iana: 'Asia/Dubai', name: 'Gulf' },
  { timeZoneId: 1500, iana: 'Asia/Karachi', name: 'Pakistan' },
  { timeZoneId: 1720, iana: 'Asia/Kolkata', name: 'India Standard Time' },
  { timeZoneId: 1730, iana: 'Asia/Colombo', name: 'Sri Lanka' },
  { timeZoneId: 1745, iana: 'Asia/Kathmandu', name: 'Nepal' },
  { timeZoneId: 1760, iana: 'Asia/Dhaka', name: 'Bangladesh' },
  { timeZoneId: 1800, iana: 'Asia/Bangkok', name: 'Indochina' },
  { timeZoneId: 1810, iana: 'Asia/Jakarta', name: 'Western Indonesia' },
  { timeZoneId: 1900, iana: 'Asia/Singapore', name: 'Singapore' },
  { timeZoneId: 1910, iana: 'Asia/Shanghai', name: 'China' },
  { timeZoneId: 1920, iana: 'Asia/Hong_Kong', name: 'Hong Kong' },
  { timeZoneId: 1930, iana: 'Asia/Manila', name: 'Philippines' },
  { timeZoneId: 1940, iana: 'Australia/Perth', name: 'Australian Western' },
  { timeZoneId: 2000, iana: 'Asia/Tokyo', name: 'Japan' },
  { timeZoneId: 2010, iana: 'Asia/Seoul', name: 'Korea' },
  { timeZoneId: 2030, iana: 'Australia/Adelaide', name: 'Australian Central' },
  { timeZoneId: 2100, iana: 'Australia/Sydney', name: 'Australian Eastern' },
  { timeZoneId: 2200, iana: 'Pacific/Auckland', name: 'New Zealand' },
  { timeZoneId: 2400, iana: 'Pacific/Honolulu', name: 'Hawaii' },
  { timeZoneId: 2410, iana: 'America/Anchorage', name: 'Alaska' },
  { timeZoneId: 2500, iana: 'America/Los_Angeles', name: 'US Pacific' },
  { timeZoneId: 2510, iana: 'America/Denver', name: 'US Mountain' },
  { timeZoneId: 2520, iana: 'America/Phoenix', name: 'Arizona' },
  { timeZoneId: 2600, iana: 'America/Chicago', name: 'US Central' },
  { timeZoneId: 2610, iana: 'America/Mexico_City', name: 'Mexico City' },
  { timeZoneId: 2700, iana: 'America/New_York', name: 'US Eastern' },
  { timeZoneId: 2710, iana: 'America/Toronto', name: 'Canada Eastern' },
  { timeZoneId: 2720, iana: 'America/Bogota', name: 'Colombia' },
  { timeZoneId: 2800, iana: 'America/Sao_Paulo', name: 'Brasilia' },
  { timeZoneId: 2810, iana: 'America/Argentina/Buenos_Aires', name: 'Argentina' },
  { timeZoneId: 2820, iana: 'America/Santiago', name: 'Chile' },
] as const;

export const TimeZone = z.object({ timeZoneId: z.int(), iana: z.string(), name: z.string() });
export type TimeZone = z.infer<typeof TimeZone>;

/** `GET /v2/timezones`. */
export const TimeZoneList = z.object({ timeZones: z.array(TimeZone) });
export type TimeZoneList = z.infer<typeof TimeZoneList>;

const byId = new Map<number, TimeZone>(timeZoneTable.map((zone) => [zone.timeZoneId, zone]));

export const findTimeZone = (timeZoneId: number): TimeZone | undefined => byId.get(timeZoneId);

export const UTC_TIME_ZONE_ID = 1000;
