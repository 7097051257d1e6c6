import { z } from 'zod';
import { Id } from '../ids.js';
import { HttpUrl } from '../schemas/registration.js';
import { personName, plainText } from '../schemas/text-fields.js';
import { V3InvitationStatus } from './v3-status.js';
import { sentSpelling, v3AddressList, v3Switch, v3YesNo } from './v3-wire-values.js';

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

const email = (name: string) =>
  z
    .email({ error: `${name} must be a valid email address` })
    .max(254, { error: `${name} must be at most 254 characters` })
    .check(plainText(name));

/** Every field v3's invite takes, in each spelling iMocha's reference uses and Assay's own (decision 1020). */
const INVITE_FIELDS = [
  'email',
  'name',
  'callbackUrl',
  'callbackURL',
  'redirectUrl',
  'redirectURL',
  'sendEmail',
  'disableMandatoryFields',
  'hideInstruction',
  'stakeholderEmails',
  'startDateTime',
  'endDateTime',
  'timeZoneId',
];

/** A field v3's invite does not take is refused by name: a misspelt `callbackURL` once meant a candidate without callbacks. */
const unknownFields = (what: string, fields: readonly string[]) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')}: not a field of ${what}, which takes ${fields.join(', ')} (docs/v3.md)` : undefined;

/**
 * `POST /v3/tests/{testId}/invite` and `…/testlinks/{testLinkId}/invite` (iMocha v3's invite body), read as iMocha
 * documents it and as Assay did: `sendEmail` "yes"/"no" or a boolean, the switches 0/1 or booleans, `stakeholderEmails`
 * one string or a list, `callbackURL`/`callbackUrl` (decision 1020). With `disableMandatoryFields` on, `email` and
 * `name` may be left out and Assay makes them up (decision 1021).
 */
export const V3InviteInput = z
  .strictObject(
    {
      email: email('email')
        .optional()
        .meta({ description: "The candidate's address; required unless disableMandatoryFields is on (then Assay makes one up, decision 1021)." }),
      name: personName('name', 200)
        .optional()
        .meta({ description: "The candidate's full name; required unless disableMandatoryFields is on (decision 1021)." }),
      callbackUrl: HttpUrl('callbackUrl', 'Receives the signed v3 callbacks (absolute http(s) URL), through the same SSRF guard and outbox as v2.'),
      callbackURL: HttpUrl('callbackURL', "The spelling of iMocha's samples for callbackUrl: the same field (send one, or both equal)."),
      redirectUrl: HttpUrl('redirectUrl', 'Where the candidate goes after the test (absolute http(s) URL).'),
      redirectURL: HttpUrl('redirectURL', "The spelling of iMocha's samples for redirectUrl: the same field (send one, or both equal)."),
      sendEmail: v3YesNo('sendEmail')
        .optional()
        .meta({ description: '"yes" (or true) emails the candidate the invitation; left out, "no" or false, nothing is sent (v3: no email unless asked).' }),
      disableMandatoryFields: v3Switch('disableMandatoryFields').optional().meta({
        description:
          '1 (or true): email and name may be left out, and Assay makes up an address under the reserved .invalid domain and a name (Candidate and a short code); nothing is ever mailed to a made-up address (decision 1021).',
      }),
      hideInstruction: v3Switch('hideInstruction').optional().meta({
        description:
          '1 (or true): the landing leaves out the rules list and the practice question (the test’s facts, the data notice and the deadline stay); 0 shows them again; left out keeps (decision 986).',
      }),
      stakeholderEmails: v3AddressList('stakeholderEmails').optional().meta({
        description:
          'Told of the completion with the report link, like the test link\'s stakeholder (each address once): one string separated by commas or semicolons, as iMocha documents it, or a list; "disable", "" or [] clears; left out keeps (decisions 985, 1020).',
      }),
      startDateTime: dateTime('startDateTime'),
      endDateTime: dateTime('endDateTime'),
      timeZoneId: zoneId('timeZoneId'),
    },
    { error: unknownFields("v3's invite", INVITE_FIELDS) },
  )
  .meta({ id: 'V3InviteBody' })
  .superRefine((body, ctx) => {
    for (const [camel, upper] of [
      ['callbackUrl', 'callbackURL'],
      ['redirectUrl', 'redirectURL'],
    ] as const) {
      const { conflict } = sentSpelling([
        [camel, body[camel]],
        [upper, body[upper]],
      ]);
      if (conflict) ctx.addIssue({ code: 'custom', path: [upper], message: conflict });
    }
    if (body.disableMandatoryFields === true) {
      if (body.email === undefined && body.sendEmail === true)
        ctx.addIssue({
          code: 'custom',
          path: ['sendEmail'],
          message: "sendEmail needs the candidate's email: a made-up address receives nothing (decision 1021)",
        });
      return;
    }
    for (const field of ['email', 'name'] as const) {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required (unless disableMandatoryFields is 1)` });
    }
  })
  .transform(({ callbackURL, redirectURL, ...body }) => ({
    ...body,
    callbackUrl: body.callbackUrl === undefined ? callbackURL : body.callbackUrl,
    redirectUrl: body.redirectUrl === undefined ? redirectURL : body.redirectUrl,
  }));
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

/** The value of a field's spellings, noting a conflict to refuse once the invitation is known to be the org's. */
const oneOf = <T>(conflicts: string[], spellings: readonly (readonly [string, T | undefined])[]): T | undefined => {
  const { value, conflict } = sentSpelling(spellings);
  if (conflict) conflicts.push(conflict);
  return value;
};

const REATTEMPT_FIELDS = [
  'StartDateTime',
  'EndDateTime',
  'TimeZoneId',
  'CallbackUrl',
  'RedirectUrl',
  'hideInstruction',
  'sendEmail',
  'startDateTime',
  'endDateTime',
  'timeZoneId',
  'callbackUrl',
  'callbackURL',
  'redirectUrl',
  'redirectURL',
];

/**
 * `POST /v3/invitations/{testInvitationId}/reattempt`: v3 documents PascalCase (`StartDateTime`, `CallbackUrl`…) with
 * `hideInstruction` 0/1 and `sendEmail` "yes"/"no"; the camelCase of its invite body is taken too, and the spellings
 * must agree (decisions 901, 1020).
 */
export const V3ReattemptInput = z
  .strictObject(
    {
      StartDateTime: dateTime('StartDateTime'),
      EndDateTime: dateTime('EndDateTime'),
      TimeZoneId: zoneId('TimeZoneId'),
      CallbackUrl: HttpUrl('CallbackUrl', 'Receives the new attempt’s callbacks; left out, the candidate’s stored one applies.'),
      RedirectUrl: HttpUrl('RedirectUrl', 'Where the candidate goes after the new attempt; left out, the stored one applies.'),
      startDateTime: dateTime('startDateTime'),
      endDateTime: dateTime('endDateTime'),
      timeZoneId: zoneId('timeZoneId'),
      callbackUrl: HttpUrl('callbackUrl', 'The camelCase spelling of CallbackUrl.'),
      callbackURL: HttpUrl('callbackURL', "The spelling of iMocha's invite samples for CallbackUrl."),
      redirectUrl: HttpUrl('redirectUrl', 'The camelCase spelling of RedirectUrl.'),
      redirectURL: HttpUrl('redirectURL', "The spelling of iMocha's invite samples for RedirectUrl."),
      hideInstruction: v3Switch('hideInstruction')
        .optional()
        .meta({ description: '1 (or true): the new attempt’s landing leaves out the rules list and the practice question; left out keeps (decision 986).' }),
      sendEmail: v3YesNo('sendEmail')
        .optional()
        .meta({ description: '"yes" (or true) emails the candidate the attempt; left out, "no" or false, nothing is sent.' }),
    },
    { error: unknownFields("v3's reattempt", REATTEMPT_FIELDS) },
  )
  .meta({ id: 'V3ReattemptBody' })
  .transform((body) => {
    // Judged by the route after the invitation is found, so another org's id still answers 404 first.
    const conflicts: string[] = [];
    return {
      startDateTime: oneOf(conflicts, [
        ['StartDateTime', body.StartDateTime],
        ['startDateTime', body.startDateTime],
      ]),
      endDateTime: oneOf(conflicts, [
        ['EndDateTime', body.EndDateTime],
        ['endDateTime', body.endDateTime],
      ]),
      timeZoneId: oneOf(conflicts, [
        ['TimeZoneId', body.TimeZoneId],
        ['timeZoneId', body.timeZoneId],
      ]),
      callbackUrl: oneOf(conflicts, [
        ['CallbackUrl', body.CallbackUrl],
        ['callbackUrl', body.callbackUrl],
        ['callbackURL', body.callbackURL],
      ]),
      redirectUrl: oneOf(conflicts, [
        ['RedirectUrl', body.RedirectUrl],
        ['redirectUrl', body.redirectUrl],
        ['redirectURL', body.redirectURL],
      ]),
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
