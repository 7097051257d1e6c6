import { z } from 'zod';
import { Id } from '../ids.js';
import { plainText, singleLineText, unionError } from './text-fields.js';

const HttpUrl = (name: string) =>
  z
    .union(
      [
        z
          .url({ protocol: /^https?$/, error: `${name} must be an absolute http(s) URL` })
          .max(2048)
          .check(plainText(name)),
        z.literal(''),
        z.null(),
      ],
      {
        error: unionError(`${name} must be an absolute http(s) URL`),
      },
    )
    .optional()
    .transform((value) => (value ? value : null));

/** Body of register (4.7) and register by test link (4.8). Empty URLs mean "none". */
export const RegisterCandidateInput = z
  .object({
    emailId: z
      .email({ error: 'emailId must be a valid email address' })
      .max(254, { error: 'emailId must be at most 254 characters' })
      .check(plainText('emailId')),
    fullName: singleLineText('fullName', 200),
    callbackURL: HttpUrl('callbackURL'),
    redirectURL: HttpUrl('redirectURL'),
    /** An accommodation (Assay extension): this candidate's time is the test's duration plus this share of it. */
    extraTimePercent: z
      .int({ error: 'extraTimePercent must be a whole number from 0 to 100' })
      .min(0, { error: 'extraTimePercent must be a whole number from 0 to 100' })
      .max(100, { error: 'extraTimePercent must be a whole number from 0 to 100' })
      .optional(),
  })
  .meta({ id: 'RegisterCandidateBody' });
export type RegisterCandidateInput = z.infer<typeof RegisterCandidateInput>;

export const Registration = z.object({ testInvitationId: Id, takeTestURL: z.string() }).meta({ id: 'Registration' });
export type Registration = z.infer<typeof Registration>;

export const LinkRegistration = z.object({ testInvitationId: Id, testUrl: z.string(), testAccessTime: z.string() }).meta({ id: 'LinkRegistration' });
export type LinkRegistration = z.infer<typeof LinkRegistration>;

/** Emails compare case-insensitively; the address is stored as given. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
