import type { TestLinkBody } from '@assay/client';
import { findTimeZone, parseWireDateTime, timeZoneTable, type TimeZone } from '@assay/domain/core';
import { resolveAccessWindow } from '@assay/domain/invitations';
import { TestLinkInput, type AccessTime, type TestLink } from '@assay/domain/schemas';
import { matchesWords } from '../input/search-words.js';
import { zonedFieldOf, zonedToWire } from './zoned-date.js';

/** What the link form edits, as typed. */
export interface LinkFields {
  name: string;
  accessTime: AccessTime;
  start: string;
  end: string;
  /** null: none chosen, so the organization's default applies (a new link; the field is left out of 4.3). */
  timeZoneId: number | null;
  inviteOnly: boolean;
  proctoring: boolean;
  stakeholder: string;
  active: boolean;
}

export type LinkField = keyof LinkFields | 'save';

export const blankLinkFields = (timeZoneId: number | null = null): LinkFields => ({
  name: '',
  accessTime: 0,
  start: '',
  end: '',
  timeZoneId,
  inviteOnly: false,
  proctoring: false,
  stakeholder: '',
  active: true,
});

/** The zone the link's dates are typed in (decision 796): the chosen one, UTC until one is chosen. */
export const zoneOfFields = (timeZoneId: number | null): string => (timeZoneId === null ? 'UTC' : (findTimeZone(timeZoneId)?.iana ?? 'UTC'));

export const linkFieldsOf = (link: TestLink): LinkFields => ({
  name: link.testLinkName,
  accessTime: link.accessTime,
  start: link.startDateTime ? zonedFieldOf(link.startDateTime, zoneOfFields(link.timeZoneId)) : '',
  end: link.endDateTime ? zonedFieldOf(link.endDateTime, zoneOfFields(link.timeZoneId)) : '',
  timeZoneId: link.timeZoneId,
  inviteOnly: link.inviteCandidateOnly === 1,
  proctoring: link.imageProctoring === 1,
  stakeholder: link.emailToStakeholder ?? '',
  active: link.testLinkStatus === 1,
});

/** The fields in keyboard order: dates only when the access time has them, the status only on edit. */
export const linkFieldOrder = (fields: LinkFields, editing: boolean): LinkField[] => [
  'name',
  'accessTime',
  ...(fields.accessTime === 0 ? [] : (['start', 'end'] as const)),
  'timeZoneId',
  'inviteOnly',
  'proctoring',
  'stakeholder',
  ...(editing ? (['active'] as const) : []),
  'save',
];

const stakeholderRule = TestLinkInput.shape.emailToStakeholder;
const nameRule = TestLinkInput.shape.testLinkName;

/** What an empty stakeholder field means: the documented default on create, nobody on edit (see linkBodyOfFields). */
export const emptyStakeholderMeans = (editing: boolean): string => (editing ? 'nobody' : "the organization's email");

/** Problems by field, checked by the domain's own rules as the user types (nothing is sent before they pass). */
export const linkFieldErrors = (fields: LinkFields, editing = false): Partial<Record<keyof LinkFields, string>> => {
  const errors: Partial<Record<keyof LinkFields, string>> = {};
  const name = nameRule.safeParse(fields.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'invalid name';
  if (fields.accessTime !== 0) {
    const zone = zoneOfFields(fields.timeZoneId);
    const startDateTime = zonedToWire(fields.start, zone);
    const endDateTime = zonedToWire(fields.end, zone);
    if (startDateTime === undefined) errors.start = `a real date-time in ${zone}, YYYY-MM-DDTHH:MM (seconds optional)`;
    if (endDateTime === undefined) errors.end = `a real date-time in ${zone}, YYYY-MM-DDTHH:MM (seconds optional)`;
    if (startDateTime !== undefined && endDateTime !== undefined) {
      const window = resolveAccessWindow({ accessTime: fields.accessTime, startDateTime, endDateTime });
      if (window.err) errors.end = window.err.message;
    }
  }
  if (fields.timeZoneId !== null && !findTimeZone(fields.timeZoneId)) errors.timeZoneId = 'not in the time zone table';
  if (fields.stakeholder.trim() !== '' && !stakeholderRule.safeParse(fields.stakeholder.trim()).success)
    errors.stakeholder = `an email address, or empty for ${emptyStakeholderMeans(editing)}`;
  return errors;
};

/** The create or update body (4.3, 4.4) of valid fields. */
export const linkBodyOfFields = (fields: LinkFields, editing: boolean): TestLinkBody => ({
  testLinkName: fields.name.trim(),
  accessTime: fields.accessTime,
  // Typed in the link's zone, sent in UTC as the API takes them (valid fields: both convert).
  ...(fields.accessTime === 0
    ? {}
    : {
        startDateTime: zonedToWire(fields.start, zoneOfFields(fields.timeZoneId)) ?? '',
        endDateTime: zonedToWire(fields.end, zoneOfFields(fields.timeZoneId)) ?? '',
      }),
  ...(fields.timeZoneId === null ? {} : { timeZoneId: fields.timeZoneId }),
  inviteCandidateOnly: fields.inviteOnly ? 1 : 0,
  imageProctoring: fields.proctoring ? 1 : 0,
  // Left empty: the organization's email on create (the documented default); nobody on edit.
  ...(fields.stakeholder.trim() === '' && !editing ? {} : { emailToStakeholder: fields.stakeholder.trim() }),
  ...(editing ? { testLinkStatus: fields.active ? 1 : 3 } : {}),
});

/** Zones whose id, IANA name or description hold every word of the filter, in any order (decision 795). */
export const zonesMatching = (filter: string): TimeZone[] =>
  timeZoneTable.filter((zone) => matchesWords([String(zone.timeZoneId), zone.iana, zone.name], filter));

/** What a typed date was understood as, beside the field: "Fri, 4 Dec 2026, 18:00 Europe/Berlin = 2026-12-04 17:00 UTC". */
export const understoodDate = (typed: string, timeZoneId: number | null): string | undefined => {
  const zone = zoneOfFields(timeZoneId);
  const wire = zonedToWire(typed, zone);
  if (wire === undefined) return undefined;
  const epochMs = parseWireDateTime(wire) ?? 0;
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
  return zone === 'UTC' ? `${local} UTC` : `${local} ${zone} = ${wire.replace('T', ' ').slice(0, 16)} UTC`;
};
