import { linkEmailNamesInviter, sessionPhase, type InvitationStatus, type Inviter, type LinkEmailReason, type SessionPhase } from '@assay/domain';
import { invitedBy, signatureOf, whomToAsk } from './inviter-lines.js';
import { utcMoment } from './reminder-email.js';
import { escapeHtml, oneLine, type RenderedEmail } from './stakeholder-email.js';

/**
 * A candidate's own link, at their own address only: to one who registered again on a public link, to one the org
 * sent the test from Greenhouse, or to one the org's bulk upload invited (with the window's end when it has one). Anyone may cause the first by typing an address on the link's page, so neither holds
 * anything typed by anyone but the org: no candidate's name (the stored one may be a stranger's words, "URGENT: verify
 * at http://…"), only the org's and the test's names, the name of the org's person who invited them (an admin entered
 * it: decision 825) and Assay's own link.
 */
export interface CandidateLinkEmailData {
  orgName: string;
  testName: string;
  status: InvitationStatus;
  takeTestUrl: string;
  /** Why they get it (the job's payload); a public link's registration when left out. */
  reason?: LinkEmailReason;
  /** When the invitation's window closes (`windowClosesAt`), said when known; null or left out: no deadline. */
  closesAt?: number | null;
  /** The IANA zone the deadline is said in: the link's, else the org's; UTC when left out. */
  zone?: string;
  /** Whom the candidate may ask (the org's contact, `assay org show`); left out: the inviter's address, else no line. */
  contact?: string | null;
  /** The org's person who invited them (`inviterOf`); named only on the org's own invitations (`linkEmailNamesInviter`). */
  inviter?: Inviter | null;
}

/** `Tuesday, 6 January 2099 at 18:30 (Europe/Berlin)`; in UTC as the reminders say it. */
export const zonedMoment = (epochMs: number, zone: string | undefined): string =>
  zone === undefined || zone === 'UTC'
    ? utcMoment(epochMs)
    : `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(epochMs)} (${zone})`;

/** The org's contact line: a name with an address or page, whichever the org set. */
export const contactLine = (org: { contactName: string | null; contactEmail: string | null; contactUrl: string | null }): string | null => {
  const where = org.contactEmail ?? org.contactUrl;
  if (!where) return null;
  return org.contactName ? `${org.contactName} (${where})` : where;
};

/** Why they receive it, `org` being who invites (`invitedBy`): the org, or a person of it. */
const becauseOf: Record<LinkEmailReason, (org: string) => string> = {
  'self-registration': () =>
    'You receive this because your address was entered on the public registration page of this test. ' +
    'If that was not you, ignore this email: nobody else was given your link.',
  greenhouse: (org) => `You receive this because ${org} sent you this test with your application. If you did not apply to ${org}, ignore this email.`,
  bulk: (org) => `You receive this because ${org} invited you to this test. If you did not expect it, ignore this email.`,
  invitation: (org) => `You receive this because ${org} invited you to this test. If you did not expect it, ignore this email.`,
  reattempt: (org) => `You receive this because ${org} gave you another attempt at this test. If you did not expect it, ignore this email.`,
};

/** What each phase of the invitation (`sessionPhase`) says, `org` being who invites (`invitedBy`): only a live one carries its link. */
const leadFor: Record<SessionPhase, (test: string, org: string, reason: LinkEmailReason) => { lead: string; link: boolean }> = {
  landing: (test, org, reason) => ({
    lead: {
      'self-registration': `You are registered for "${test}". Open your test here:`,
      greenhouse: `You are invited to take "${test}". Open your test here:`,
      bulk: `${org} invites you to take "${test}". Open your test here:`,
      invitation: `${org} invites you to take "${test}". Open your test here:`,
      reattempt: `${org} gives you another attempt at "${test}". Open your new test here:`,
    }[reason],
    link: true,
  }),
  attempt: (test) => ({ lead: `Your attempt at "${test}" is under way. Continue it here:`, link: true }),
  finished: (test) => ({ lead: `You have already completed "${test}". There is nothing more to do.`, link: false }),
  cancelled: (test, org) => ({ lead: `Your invitation to "${test}" was cancelled. If you think this is a mistake, contact ${org}.`, link: false }),
};

export const renderCandidateLinkEmail = (data: CandidateLinkEmailData): RenderedEmail => {
  const org = oneLine(data.orgName);
  const test = oneLine(data.testName);
  const greeting = 'Hello,';
  const reason = data.reason ?? 'self-registration';
  const inviter = linkEmailNamesInviter(reason) ? (data.inviter ?? null) : null;
  const from = invitedBy(org, inviter);
  const { lead, link } = leadFor[sessionPhase(data.status)](test, from, reason);
  const because = becauseOf[reason](from);
  const subject = `Your link for ${test}`;
  // Until when: in the link's zone, else the org's (decision 782); UTC when neither is known.
  const until = link && data.closesAt != null ? `It can be started until ${zonedMoment(data.closesAt, data.zone)}.` : null;
  // Whom to ask: the org's contact, else its inviting person's address, never anything a registrant typed.
  const asked = whomToAsk(data.contact, inviter);
  const ask = asked ? `Questions? Ask ${oneLine(asked)}.` : null;
  const signature = signatureOf(org, inviter);
  const text = [
    greeting,
    '',
    lead,
    ...(link ? [data.takeTestUrl] : []),
    ...(until ? [until] : []),
    ...(ask ? [ask] : []),
    '',
    '--',
    ...signature,
    because,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#111827;line-height:1.5;">
<p>${e(greeting)}</p>
<p>${e(lead)}</p>
${link ? `<p><a href="${e(data.takeTestUrl)}">${e(data.takeTestUrl)}</a></p>` : ''}
${until ? `<p>${e(until)}</p>` : ''}
${ask ? `<p>${e(ask)}</p>` : ''}
<p style="color:#6b7280;font-size:12px;">${signature.map(e).join('<br>')}<br>${e(because)}</p>
</body></html>
`;
  return { subject, text, html };
};
