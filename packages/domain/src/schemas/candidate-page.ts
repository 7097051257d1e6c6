import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';
import { clearable, plainText, singleLineText } from './text-fields.js';

/**
 * Who is asking, as every candidate page shows it ("Assessment from Acme Hiring", "Questions? Contact
 * talent@acme.example"): a page that names nobody reads as phishing. Text for strangers: the pages put it in as
 * text, never as markup.
 */
export const CandidateFacingOrg = z
  .object({
    /** The org's display name, or its own name when it chose none. */
    displayName: z.string(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactUrl: z.string().nullable(),
  })
  .meta({ id: 'CandidateFacingOrg' });
export type CandidateFacingOrg = z.infer<typeof CandidateFacingOrg>;

/** What an org chose for its candidate pages, as stored: null is "not set". */
export interface CandidatePageChoices {
  displayName: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactUrl: string | null;
}

export const DISPLAY_NAME_MAX = 100;
export const CONTACT_NAME_MAX = 100;

export const CandidatePageSettingsInput = z
  .object({
    displayName: clearable('displayName', singleLineText('displayName', DISPLAY_NAME_MAX)).meta({
      description: `The name candidate pages show ("Assessment from …"), at most ${DISPLAY_NAME_MAX} characters; null or "" shows the org's own name again.`,
    }),
    contactName: clearable('contactName', singleLineText('contactName', CONTACT_NAME_MAX)).meta({
      description: 'Who candidates may ask (a person or a team); needs contactEmail or contactUrl.',
    }),
    contactEmail: clearable(
      'contactEmail',
      z
        .email({ error: 'contactEmail must be a valid email address' })
        .max(254, { error: 'contactEmail must be at most 254 characters' })
        .check(plainText('contactEmail')),
    ).meta({ description: 'The address candidate pages give for questions.' }),
    contactUrl: clearable(
      'contactUrl',
      z
        .url({ protocol: /^https?$/, error: 'contactUrl must be an absolute http(s) URL' })
        .max(2048, { error: 'contactUrl must be at most 2048 characters' })
        .check(plainText('contactUrl')),
    ).meta({ description: 'A page candidates may open for questions (absolute http(s) URL).' }),
  })
  .strict()
  .meta({
    id: 'CandidatePageSettingsBody',
    description: 'What candidate pages say about the org. A field left out keeps its value; null or "" clears it.',
  });
export type CandidatePageSettingsInput = z.infer<typeof CandidatePageSettingsInput>;

export const CandidatePageSettings = z
  .object({
    displayName: z.string().nullable(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactUrl: z.string().nullable(),
    /** What candidate pages show now, the org's own name standing in for a display name it did not choose. */
    shown: CandidateFacingOrg,
  })
  .meta({ id: 'CandidatePageSettings' });
export type CandidatePageSettings = z.infer<typeof CandidatePageSettings>;

/** The org as candidate pages show it: its own name unless it chose a display name. */
export const candidateFacingOrg = (orgName: string, choices: CandidatePageChoices): CandidateFacingOrg => ({
  displayName: choices.displayName ?? orgName,
  contactName: choices.contactName,
  contactEmail: choices.contactEmail,
  contactUrl: choices.contactUrl,
});

export const candidatePageSettings = (orgName: string, choices: CandidatePageChoices): CandidatePageSettings => ({
  ...choices,
  shown: candidateFacingOrg(orgName, choices),
});

/**
 * The choices after an update: given fields replace (or clear) the stored ones. A contact name nobody can reach
 * ("Contact Jane" with no address or page) is refused, on the result, so clearing the last way to reach them is too.
 */
export const updateCandidatePage = (current: CandidatePageChoices, update: CandidatePageSettingsInput): Result<CandidatePageChoices> => {
  const next: CandidatePageChoices = {
    displayName: update.displayName === undefined ? current.displayName : update.displayName,
    contactName: update.contactName === undefined ? current.contactName : update.contactName,
    contactEmail: update.contactEmail === undefined ? current.contactEmail : update.contactEmail,
    contactUrl: update.contactUrl === undefined ? current.contactUrl : update.contactUrl,
  };
  if (next.contactName !== null && next.contactEmail === null && next.contactUrl === null) {
    return refuse('contact-unreachable', 'contactName needs a way to reach them: set contactEmail or contactUrl too (or clear contactName).');
  }
  return ok(next);
};
