import { z } from 'zod';
import { plainText, unionError } from '../schemas/text-fields.js';

/**
 * The value types iMocha's v3 reference documents, read beside Assay's own (decision 1020): an integration written
 * from iMocha's pages sends `0`/`1` switches and `"yes"`/`"no"`, and one written against Assay sends booleans. Each
 * reads as the one value Assay acts on; anything else is refused naming the field, never read as "off".
 */

/** `hideInstruction`, `disableMandatoryFields` and every test setting: iMocha's integer 0/1, or a boolean. */
export const v3Switch = (name: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: `${name} must be 0 or 1 (true or false are read too)` })
    .transform((value) => value === true || value === 1);

/** iMocha's two words, as its reference writes them and as integrations capitalise them. */
const YES_NO = ['yes', 'no', 'Yes', 'No', 'YES', 'NO'] as const;

/** `sendEmail`: iMocha's string "yes"/"no" (Yes, YES… too), or a boolean. */
export const v3YesNo = (name: string) =>
  z
    .union([z.boolean(), z.enum(YES_NO)], { error: `${name} must be "yes" or "no" (true or false are read too)` })
    .transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'yes'));

/** What iMocha documents to stop the stakeholder emails: `stakeholderEmails: "disable"`. */
const DISABLE = 'disable';
export const MAX_STAKEHOLDER_EMAILS = 20;

/** One string of addresses split on commas and semicolons (iMocha's form), or a list (Assay's); "disable" and "" are none. */
const addressesOf = (value: string | readonly string[]): string[] => {
  if (typeof value !== 'string') return [...value];
  if (value.trim().toLowerCase() === DISABLE) return [];
  return value
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
};

/**
 * `stakeholderEmails`: "a@x.com, b@y.com" (comma or semicolon separated), "disable", or a list of addresses. The
 * string's addresses are checked as a refinement (JSON Schema cannot say "addresses separated by commas"), with the
 * same words as the list's.
 */
export const v3AddressList = (name: string) => {
  const address = z
    .email({ error: `${name} must be email addresses` })
    .max(254, { error: `${name}: an address is at most 254 characters` })
    .check(plainText(name));
  const addresses = z.array(address).max(MAX_STAKEHOLDER_EMAILS, { error: `${name} holds at most ${MAX_STAKEHOLDER_EMAILS} addresses` });
  const oneString = z
    .string()
    .max(6_000, { error: `${name} is too long` })
    .superRefine((text, ctx) => {
      for (const issue of addresses.safeParse(addressesOf(text)).error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
    });
  // Split after the union, not in its branch: a branch that transforms hides its own words behind the union's.
  return z
    .union([oneString, addresses], { error: unionError(`${name} must be a list of email addresses or one string of them separated by commas`) })
    .transform(addressesOf);
};

/**
 * A field v3 spells several ways (`callbackURL` in iMocha's samples, `callbackUrl` in its tables, `CallbackUrl` in its
 * reattempt): the value sent, and when two spellings were sent with different values the sentence that refuses them,
 * so that neither is kept silently (decisions 901, 1020).
 */
export const sentSpelling = <T>(spellings: readonly (readonly [name: string, value: T | undefined])[]): { value: T | undefined; conflict: string | null } => {
  const sent = spellings.filter(([, value]) => value !== undefined);
  const disagree = sent.some(([, value]) => value !== sent[0]?.[1]);
  return { value: sent[0]?.[1], conflict: disagree ? `${sent.map(([name]) => name).join(' and ')} are the same field: send one` : null };
};
