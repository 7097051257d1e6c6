import { z } from 'zod';
import { SectionType } from '../schemas/test.js';
import { CandidateFacingOrg } from '../schemas/candidate-page.js';
import { personName, plainText } from '../schemas/text-fields.js';
import { AccessVerdictCode } from './candidate-api-session.js';

// A test's public link: what its page shows before anyone registers, and a candidate registering themselves through it.

export const PublicLinkView = z
  .object({
    testName: z.string(),
    duration: z.int(),
    questions: z.int(),
    sections: z.array(z.object({ sectionName: z.string(), sectionType: SectionType, questions: z.int(), duration: z.int() })),
    testAccessTime: z.string(),
    verdict: AccessVerdictCode,
    message: z.string().nullable(),
    inviteCandidateOnly: z.boolean(),
    /** Who is asking (optional: older servers send none). */
    org: CandidateFacingOrg.optional(),
  })
  .meta({ id: 'PublicLinkView' });
export type PublicLinkView = z.infer<typeof PublicLinkView>;

export const SelfRegistrationInput = z
  .object({
    fullName: personName('fullName', 200),
    emailId: z.email({ error: 'emailId must be a valid email address' }).max(254).check(plainText('emailId')),
  })
  .meta({ id: 'SelfRegistrationBody' });
export type SelfRegistrationInput = z.infer<typeof SelfRegistrationInput>;

/**
 * A new registrant gets their take-test URL. An address already registered for the test gets nothing here:
 * its owner is emailed their own link instead (`sentByEmail`), and `message` says so.
 */
export const SelfRegistration = z
  .object({ testUrl: z.string().nullable(), sentByEmail: z.boolean(), message: z.string().nullable() })
  .meta({ id: 'SelfRegistration' });
export type SelfRegistration = z.infer<typeof SelfRegistration>;

/** Said to whoever registers an address that is already registered: the same words whatever its state. */
export const ALREADY_REGISTERED_MESSAGE =
  'This email address is already registered for this test. We have emailed the link to that address: check the inbox (and the spam folder).';
