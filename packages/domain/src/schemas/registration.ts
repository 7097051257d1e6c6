import { z } from 'zod';
import { Id } from '../ids.js';
import { InvitationStatus } from '../invitation-status.js';
import { personName, plainText, unionError } from './text-fields.js';

/**
 * A URL stored on the candidate. Left out stays `undefined` (keep the stored one, `decideReRegistration`); `null` and
 * `""` both mean "none" and clear it.
 */
export const HttpUrl = (name: string, purpose: string) =>
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
    .transform((value) => (value === undefined ? undefined : value || null))
    .meta({
      description: `${purpose} Registering the same candidate again: left out keeps the stored value; null or "" clears it; a URL replaces it.`,
    });

/** Body of register (4.7) and register by test link (4.8). */
export const RegisterCandidateInput = z
  .object({
    emailId: z
      .email({ error: 'emailId must be a valid email address' })
      .max(254, { error: 'emailId must be at most 254 characters' })
      .check(plainText('emailId')),
    fullName: personName('fullName', 200),
    callbackURL: HttpUrl('callbackURL', 'Receives the completion callback (absolute http(s) URL).'),
    redirectURL: HttpUrl('redirectURL', 'Where the candidate goes after completing the test (absolute http(s) URL).'),
    submittedCallbackURL: HttpUrl(
      'submittedCallbackURL',
      'Assay extension, opt-in: receives the signed "submitted" event as soon as the attempt is scored, before any grading ends; the completion callback still goes to callbackURL (absolute http(s) URL).',
    ),
    /** An accommodation (Assay extension): this candidate's time is the test's duration plus this share of it. */
    extraTimePercent: z
      .int({ error: 'extraTimePercent must be a whole number from 0 to 100' })
      .min(0, { error: 'extraTimePercent must be a whole number from 0 to 100' })
      .max(100, { error: 'extraTimePercent must be a whole number from 0 to 100' })
      .optional()
      .meta({
        description:
          "Assay extension: the candidate's extra time, as a percentage of the test's duration. Registering again: changes an invitation not started yet (Pending or Reset); left out keeps it.",
      }),
    /** Opt-in (like iMocha v3's sendEmail): left out, as the org's default says, off unless an admin set it (decisions 780, 815). */
    sendEmail: z.boolean({ error: 'sendEmail must be true or false' }).optional().meta({
      description:
        "Assay extension, opt-in: true emails the candidate their invitation (who invites them, until when, whom to ask) through the outbox; false sends nothing; left out, the org's default applies (PUT /v2/org/invitation-settings), which is off until an admin sets it: nothing is sent, as before. At most one such email per invitation per minute.",
    }),
  })
  .meta({
    id: 'RegisterCandidateBody',
    description:
      'The same email (any letter case) registered again for the same test updates that candidate: fullName and the address as typed are replaced, callbackURL, redirectURL and submittedCallbackURL as their descriptions say.',
  });
export type RegisterCandidateInput = z.infer<typeof RegisterCandidateInput>;

/**
 * Assay's additions to a registration's answer: whether the invitation answered existed before (the candidate was
 * registered already) and its state, so a client can tell "already completed" from "invited" and offer a reattempt.
 * Assay always sends both; they are optional because other v2 servers send neither.
 */
const RegistrationStanding = {
  emailQueued: z.boolean().optional().meta({
    description:
      'Assay extension, sent only when the request had sendEmail or the org emails by default: true when the invitation email was queued for the candidate, false when it was not (one went to them within the last minute, or the invitation is cancelled or finished).',
  }),
  alreadyRegistered: z.boolean().optional().meta({
    description:
      'Assay extension, always sent: true when the candidate already had this invitation, which is answered as it is (same id and URL); false for a new one.',
  }),
  testStatus: InvitationStatus.optional().meta({
    description:
      'Assay extension, always sent: the state of the invitation answered (Pending for a new one). Completed: its URL only shows the end, reattempt (4.10) for another try.',
  }),
};

export const Registration = z.object({ testInvitationId: Id, takeTestURL: z.string(), ...RegistrationStanding }).meta({ id: 'Registration' });
export type Registration = z.infer<typeof Registration>;

export const LinkRegistration = z
  .object({ testInvitationId: Id, testUrl: z.string(), testAccessTime: z.string(), ...RegistrationStanding })
  .meta({ id: 'LinkRegistration' });
export type LinkRegistration = z.infer<typeof LinkRegistration>;

/** Emails compare case-insensitively; the address is stored as given. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
