import { match } from 'ts-pattern';
import type { AccessWindow } from './access-time.js';
import type { TimeZone } from './time-zones.js';

const dateFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

const timeFormat = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });

/** `testAccessTime` of 4.8: the validity period in the link's time zone, with the zone's name. */
export const describeAccessWindow = (window: AccessWindow, zone: TimeZone): string => {
  const zoneLabel = `${zone.name} (${zone.iana})`;
  return match(window)
    .with({ accessTime: 0 }, () => `Valid anytime, ${zoneLabel}`)
    .with({ accessTime: 1 }, ({ start, end }) => {
      const format = dateFormat(zone.iana);
      return `Valid from ${format.format(start)} to ${format.format(end)}, ${zoneLabel}`;
    })
    .with({ accessTime: 2 }, ({ start, end }) => {
      const time = timeFormat(zone.iana);
      const day = dayFormat(zone.iana);
      return `Valid daily from ${time.format(start)} to ${time.format(end)}, between ${day.format(start)} and ${day.format(end)}, ${zoneLabel}`;
    })
    .exhaustive();
};
