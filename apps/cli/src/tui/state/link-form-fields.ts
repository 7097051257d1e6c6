import type { TestLinkBody } from '@assay/client';
import { findTimeZone, parseWireDateTime, timeZoneTable, type TimeZone } from '@assay/domain/core';
import { resolveAccessWindow } from '@assay/domain/invitations';
import { TestLinkInput, type AccessTime, type TestLink } from '@assay/domain/schemas';
import { matchesWords } from '../input/search-words.js';

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

export const linkFieldsOf = (link: TestLink): LinkFields => ({
  name: link.testLinkName,
  accessTime: link.accessTime,
  start: link.startDateTime ?? '',
  end: link.endDateTime ?? '',
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
const UTC_ZONE = { iana: 'UTC' } as const;
const nameRule = TestLinkInput.shape.testLinkName;

/** What an empty stakeholder field means: the documented default on create, nobody on edit (see linkBodyOfFields). */
export const emptyStakeholderMeans = (editing: boolean): string => (editing ? 'nobody' : "the organization's email");

/** Problems by field, checked by the domain's own rules as the user types (nothing is sent before they pass). */
export const linkFieldErrors = (fields: LinkFields, editing = false): Partial<Record<keyof LinkFields, string>> => {
  const errors: Partial<Record<keyof LinkFields, string>> = {};
  const name = nameRule.safeParse(fields.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'invalid name';
  if (fields.accessTime !== 0) {
    if (parseWireDateTime(fields.start) === undefined) errors.start = 'a real UTC date-time, YYYY-MM-DDTHH:MM:SS';
    if (parseWireDateTime(fields.end) === undefined) errors.end = 'a real UTC date-time, YYYY-MM-DDTHH:MM:SS';
    if (!errors.start && !errors.end) {
      const window = resolveAccessWindow({ accessTime: fields.accessTime, startDateTime: fields.start, endDateTime: fields.end });
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
  ...(fields.accessTime === 0 ? {} : { startDateTime: fields.start, endDateTime: fields.end }),
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

/** A valid UTC wire date as the candidates' zone shows it (in UTC until a zone is chosen): a hint beside the field. */
export const inZone = (wire: string, timeZoneId: number | null): string | undefined => {
  const epochMs = parseWireDateTime(wire);
  const zone = timeZoneId === null ? UTC_ZONE : findTimeZone(timeZoneId);
  if (epochMs === undefined || !zone) return undefined;
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: zone.iana, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(epochMs);
  return `${text} ${zone.iana}`;
};
