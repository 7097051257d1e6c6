import type { CandidateFacingOrg } from '@assay/domain/schemas';
import { h, safeHttpUrl, type Child } from '../lib/dom.js';

/**
 * Who is asking, on every candidate page: a page that names nobody reads as phishing. The org's words go in as
 * text (`h` makes text nodes), so a display name with markup in it shows that markup, never runs it. `org` is
 * undefined only from a server older than the field: the pages then say "the organisation that invited you".
 */
export type AskingOrg = CandidateFacingOrg | undefined;

/** "Acme Hiring", or who it is when the server did not say. */
export const orgName = (org: AskingOrg): string => org?.displayName ?? 'the organisation that invited you';

/** "Assessment from Acme Hiring". */
export const askingLine = (org: AskingOrg, className: string): HTMLElement | null =>
  org
    ? h('p', { class: className, 'data-testid': 'asking-org' }, h('span', { class: 'asking-lead' }, 'Assessment from '), h('strong', null, org.displayName))
    : null;

/** How to reach the contact: "Jane Doe at talent@acme.example or https://acme.example/jobs"; empty without one. */
const reachParts = (org: AskingOrg): Child[] => {
  const email = org?.contactEmail ? h('a', { href: `mailto:${org.contactEmail}` }, org.contactEmail) : null;
  const url = safeHttpUrl(org?.contactUrl);
  const page = url ? h('a', { href: url }, org!.contactUrl!) : null;
  const ways = [email, page].filter((way): way is HTMLAnchorElement => way !== null);
  if (ways.length === 0) return [];
  const joined: Child[] = ways.length === 2 ? [ways[0], ' or ', ways[1]] : [ways[0]];
  return org?.contactName ? [org.contactName, ' at ', joined] : joined;
};

/**
 * "contact Jane Doe at talent@acme.example", or, without a contact, the way the candidate came: an invitation email
 * or a job ad with a test link, so both are named (decision 666).
 */
export const contactPhrase = (org: AskingOrg): Child[] => {
  const reach = reachParts(org);
  return reach.length > 0 ? ['contact ', reach] : [`contact ${orgName(org)} through the email or job posting that brought you here`];
};

/** A top-level banner naming the org, over a page's main content. */
export const orgBanner = (org: AskingOrg): HTMLElement | null => {
  const line = askingLine(org, 'org-banner-line');
  return line ? h('header', { class: 'org-banner' }, line) : null;
};

/** The page's footer: whom to ask. */
export const contactFooter = (org: AskingOrg): HTMLElement =>
  h('footer', { class: 'contact-footer' }, h('p', { 'data-testid': 'org-contact' }, 'Questions? ', capitalised(contactPhrase(org)), '.'));

/** A whole page with the org named over it and its contact under it. */
export const framed = (org: AskingOrg, main: HTMLElement): HTMLElement => h('div', { class: 'framed' }, orgBanner(org), main, contactFooter(org));

/** What to do when the test cannot be taken any more: ask for a new invitation (or link). */
export const nextStepsWhenClosed = (org: AskingOrg, what: 'invitation' | 'link'): HTMLElement =>
  h(
    'p',
    { class: 'next-steps', 'data-testid': 'next-steps' },
    `If you still want to take this test, ask ${orgName(org)} for a new ${what}: `,
    contactPhrase(org),
    '.',
  );

const capitalised = (parts: Child[]): Child[] => {
  const [first, ...rest] = parts;
  return typeof first === 'string' ? [first.charAt(0).toUpperCase() + first.slice(1), ...rest] : parts;
};
