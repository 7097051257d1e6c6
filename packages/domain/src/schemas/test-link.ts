import { z } from 'zod';
import { Id } from '../ids.js';
import { wireDateTimeFormat } from './documented-formats.js';
import { plainText, singleLineText, unionError } from './text-fields.js';

export const AccessTime = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'accessTime must be 0 (anytime), 1 (time bound) or 2 (slot wise)',
});
export type AccessTime = z.infer<typeof AccessTime>;

export const TestLinkStatus = z.union([z.literal(1), z.literal(3)], {
  error: 'testLinkStatus must be 1 (active) or 3 (inactive)',
});
export type TestLinkStatus = z.infer<typeof TestLinkStatus>;

/** 0 is the default and 1 the set value (sample); nothing else is accepted (decision 13). */
const Flag = (name: string) => z.union([z.literal(0), z.literal(1)], { error: `${name} must be 0 or 1` });

/** Dates may come as text, null or, for accessTime 0, empty strings (the update sample). */
const WireDateTimeInput = (field: string) =>
  z.union([z.string().check(plainText(field)), z.null()], { error: unionError('must be a string in the format YYYY-MM-DDTHH:MM:SS or null') }).meta({
    pattern: '^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2})?$',
    description: 'UTC, YYYY-MM-DDTHH:MM:SS (no zone suffix). Required for accessTime 1 and 2; null or "" for accessTime 0, where any value is ignored.',
  });
const WireDateTime = (description: string) => z.string().nullable().meta(wireDateTimeFormat(description));

/** Body of create (4.3) and update (4.4). Date rules are checked by `resolveAccessWindow`. */
export const TestLinkInput = z
  .object({
    testLinkName: singleLineText('testLinkName', 200),
    accessTime: AccessTime,
    timeZoneId: z.int({ error: 'timeZoneId must be an integer from the time zone table' }).optional(),
    inviteCandidateOnly: Flag('inviteCandidateOnly').optional(),
    imageProctoring: Flag('imageProctoring').optional(),
    emailToStakeholder: z
      .union([z.email().check(plainText('emailToStakeholder')), z.literal(''), z.null()], { error: unionError('emailToStakeholder must be an email address') })
      .optional(),
    testLinkStatus: TestLinkStatus.optional(),
    startDateTime: WireDateTimeInput('startDateTime').optional(),
    endDateTime: WireDateTimeInput('endDateTime').optional(),
  })
  .meta({ id: 'TestLinkBody' });
export type TestLinkInput = z.infer<typeof TestLinkInput>;

export const TestLink = z
  .object({
    testLinkId: Id,
    testId: Id,
    testLinkName: z.string(),
    testLinkAccessKey: z.string(),
    accessTime: AccessTime,
    startDateTime: WireDateTime('Start of the access period; null for accessTime 0.'),
    endDateTime: WireDateTime('End of the access period; null for accessTime 0.'),
    timeZoneId: z.int(),
    inviteCandidateOnly: z.int(),
    imageProctoring: z.int(),
    emailToStakeholder: z.string().nullable(),
    testLinkStatus: TestLinkStatus,
  })
  .meta({ id: 'TestLink' });
export type TestLink = z.infer<typeof TestLink>;

export const TestLinkList = z.object({ testLinks: z.array(TestLink) }).meta({ id: 'TestLinkList' });
export type TestLinkList = z.infer<typeof TestLinkList>;
