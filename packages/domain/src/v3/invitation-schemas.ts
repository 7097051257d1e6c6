import { z } from 'zod';
import { Id } from '../ids.js';
import { HttpUrl } from '../schemas/registration.js';
import { personName, plainText } from '../schemas/text-fields.js';
import { V3InvitationStatus } from './v3-status.js';

const flag = (name: string, description: string) =>
  z
    .boolean({ error: `${name} must be true or false` })
    .optional()
    .meta({ description });
const dateTime = (name: string) =>
  z
    .string({ error: `${name} must be a date-time string` })
    .max(40, { error: `${name} must be a date-time like 2026-12-01T09:00:00` })
    .check(plainText(name))
    .optional()
    .meta({ description: `${name.replace(/^./, (c) => c.toLowerCase())}: 2026-12-01T09:00:00 read in the time zone, or with Z or an offset (decision 898).` });
const zoneId = (name: string) =>
  z
    .int({ error: `${name} must be a time zone id (GET /v2/timezones)` })
    .positive()
    .optional()
    .meta({ description: "One of Assay's time zone ids (GET /v2/timezones); left out, the org's." });

/** `POST /v3/tests/{testId}/invite` and `…/testlinks/{testLinkId}/invite` (iMocha v3's invite body). */
export const V3InviteInput = z
  .object({
    email: z.email({ error: 'email must be a valid email address' }).max(254, { error: 'email must be at most 254 characters' }).check(plainText('email')),
    name: personName('name', 200),
    callbackUrl: HttpUrl('callbackUrl', 'Receives the signed callbacks (absolute http(s) URL), through the same SSRF guard and outbox as v2.'),
    redirectUrl: HttpUrl('redirectUrl', 'Where the candidate goes after the test (absolute http(s) URL).'),
    sendEmail: flag('sendEmail', 'true emails the candidate the invitation; left out or false, nothing is sent (v3: no email unless asked).'),
    disableMandatoryFields: flag(
      'disableMandatoryFields',
      'Accepted for compatibility: Assay asks the candidate for nothing but their consent, so there is no mandatory field to drop (decision 902).',
    ),
    hideInstruction: flag(
      'hideInstruction',
      'true: the landing leaves out the rules list and the practice question (the test’s facts, the data notice and the deadline stay); false shows them again; left out keeps (decision 986).',
    ),
    stakeholderEmails: z
      .array(z.email({ error: 'stakeholderEmails must be email addresses' }).max(254).check(plainText('stakeholderEmails')), {
        error: 'stakeholderEmails must be a list of email addresses',
      })
      .max(20, { error: 'stakeholderEmails holds at most 20 addresses' })
      .optional()
      .meta({
        description:
          "Told of the completion with the report link, like the test link's stakeholder (each address once); [] clears, left out keeps (decision 985).",
      }),
    startDateTime: dateTime('startDateTime'),
    endDateTime: dateTime('endDateTime'),
    timeZoneId: zoneId('timeZoneId'),
  })
  .meta({ id: 'V3InviteBody' });
export type V3InviteInput = z.infer<typeof V3InviteInput>;

/** v3's invite answer: the invitation, its URL and its state in v3's words. */
export const V3Invitation = z
  .object({
    testInvitationId: Id,
    testUrl: z.string(),
    status: V3InvitationStatus.meta({ description: "The invitation's state in v3's words: Pending for a new or renewed invitation." }),
  })
  .meta({ id: 'V3Invitation' });
export type V3Invitation = z.infer<typeof V3Invitation>;

/** Two spellings of one field: the one sent, and its name when both were sent and disagree (decision 901). */
const oneOf = <T>(conflicts: string[], pascal: string, camel: string, first: T | undefined, second: T | undefined): T | undefined => {
  if (first !== undefined && second !== undefined && first !== second) conflicts.push(`${pascal} and ${camel} are the same field: send one`);
  return first ?? second;
};

/**
 * `POST /v3/invitations/{testInvitationId}/reattempt`: v3 documents PascalCase (`StartDateTime`, `CallbackUrl`…); the
 * camelCase of its invite body is taken too, and the two must agree (decision 901).
 */
export const V3ReattemptInput = z
  .object({
    StartDateTime: dateTime('StartDateTime'),
    EndDateTime: dateTime('EndDateTime'),
    TimeZoneId: zoneId('TimeZoneId'),
    CallbackUrl: HttpUrl('CallbackUrl', 'Receives the new attempt’s callbacks; left out, the candidate’s stored one applies.'),
    RedirectUrl: HttpUrl('RedirectUrl', 'Where the candidate goes after the new attempt; left out, the stored one applies.'),
    startDateTime: dateTime('startDateTime'),
    endDateTime: dateTime('endDateTime'),
    timeZoneId: zoneId('timeZoneId'),
    callbackUrl: HttpUrl('callbackUrl', 'The camelCase spelling of CallbackUrl.'),
    redirectUrl: HttpUrl('redirectUrl', 'The camelCase spelling of RedirectUrl.'),
    hideInstruction: flag(
      'hideInstruction',
      'true: the new attempt’s landing leaves out the rules list and the practice question; left out keeps (decision 986).',
    ),
    sendEmail: flag('sendEmail', 'true emails the candidate the new attempt; left out or false, nothing is sent.'),
  })
  .meta({ id: 'V3ReattemptBody' })
  .transform((body) => {
    // Judged by the route after the invitation is found, so another org's id still answers 404 first.
    const conflicts: string[] = [];
    return {
      startDateTime: oneOf(conflicts, 'StartDateTime', 'startDateTime', body.StartDateTime, body.startDateTime),
      endDateTime: oneOf(conflicts, 'EndDateTime', 'endDateTime', body.EndDateTime, body.endDateTime),
      timeZoneId: oneOf(conflicts, 'TimeZoneId', 'timeZoneId', body.TimeZoneId, body.timeZoneId),
      callbackUrl: oneOf(conflicts, 'CallbackUrl', 'callbackUrl', body.CallbackUrl, body.callbackUrl),
      redirectUrl: oneOf(conflicts, 'RedirectUrl', 'redirectUrl', body.RedirectUrl, body.redirectUrl),
      sendEmail: body.sendEmail,
      hideInstruction: body.hideInstruction,
      conflicts,
    };
  });
export type V3ReattemptInput = z.infer<typeof V3ReattemptInput>;

/** v3's reattempt answer: the new invitation, and whether this request registered its callback and redirect URLs. */
export const V3Reattempt = z
  .object({ testInvitationId: Id, testUrl: z.string(), callbackUrlRegistered: z.boolean(), redirectUrlRegistered: z.boolean() })
  .meta({ id: 'V3Reattempt' });
export type V3Reattempt = z.infer<typeof V3Reattempt>;

/** v3's cancel answer. */
export const V3CancelledInvitation = z.object({ testInvitationId: Id, status: z.literal('cancelled') }).meta({ id: 'V3CancelledInvitation' });
export type V3CancelledInvitation = z.infer<typeof V3CancelledInvitation>;
