import { resolveAccessWindow, wireDatesOf } from './access-time.js';
import { ok, refuse, type Result } from './result.js';
import type { AccessTime, TestLinkInput, TestLinkStatus } from './schemas/test-link.js';
import { moveTestLink, testLinkStateOf, testLinkStatusOf } from './test-link-status.js';
import { findTimeZone } from './time-zones.js';

/** Everything about a link an org controls; the id and access key are issued by the service. */
export interface TestLinkSettings {
  testLinkName: string;
  accessTime: AccessTime;
  startDateTime: string | null;
  endDateTime: string | null;
  timeZoneId: number;
  inviteCandidateOnly: 0 | 1;
  imageProctoring: 0 | 1;
  emailToStakeholder: string | null;
  testLinkStatus: TestLinkStatus;
}

export interface OrgDefaults {
  timeZoneId: number;
  email: string;
}

/**
 * Create (no `current`) or update a link's settings. Omitted optional fields take the spec's defaults on
 * create and keep their stored values on update (decision 16, "Update semantics").
 */
export const resolveTestLinkSettings = (input: TestLinkInput, defaults: OrgDefaults, current?: TestLinkSettings): Result<TestLinkSettings> => {
  const window = resolveAccessWindow(input);
  if (window.err) return window;

  const timeZoneId = input.timeZoneId ?? current?.timeZoneId ?? defaults.timeZoneId;
  if (!findTimeZone(timeZoneId)) {
    return refuse('unknown-time-zone', `timeZoneId ${timeZoneId} is not in the time zone table (GET /v2/timezones)`);
  }

  const state = current ? testLinkStateOf(current.testLinkStatus) : 'Active';
  return ok({
    testLinkName: input.testLinkName,
    accessTime: input.accessTime,
    ...wireDatesOf(window.val),
    timeZoneId,
    inviteCandidateOnly: input.inviteCandidateOnly ?? current?.inviteCandidateOnly ?? 0,
    imageProctoring: input.imageProctoring ?? current?.imageProctoring ?? 0,
    emailToStakeholder: resolveStakeholder(input.emailToStakeholder, current, defaults),
    testLinkStatus: testLinkStatusOf(moveTestLink(state, input.testLinkStatus)),
  });
};

/** Omitted: the account's email on create, unchanged on update. Null or "": nobody is emailed. */
const resolveStakeholder = (given: string | null | undefined, current: TestLinkSettings | undefined, defaults: OrgDefaults): string | null => {
  if (given === undefined) return current ? current.emailToStakeholder : defaults.email;
  return given === '' ? null : given;
};
