import type { Inviter } from '@assay/domain';
import { oneLine } from './stakeholder-email.js';

/** Who invites, one line: "Ada Lovelace of Acme" when a person of the org did (decision 825), else the org (already one-lined). */
export const invitedBy = (org: string, inviter: Inviter | null | undefined): string => (inviter ? `${oneLine(inviter.name)} of ${org}` : org);

/** The signature's lines: the inviting person above the org's name, like a letter from them; the org alone otherwise. */
export const signatureOf = (org: string, inviter: Inviter | null | undefined): string[] => (inviter ? [oneLine(inviter.name), org] : [org]);

/**
 * Whom a candidate may ask (decision 826): the org's candidate-page contact when it set one, else the person who invited
 * them when they have an address (a hiring-team member an admin added), else nobody.
 */
export const whomToAsk = (contact: string | null | undefined, inviter: Inviter | null | undefined): string | null =>
  contact || (inviter?.email ? `${inviter.name} (${inviter.email})` : null);
