import type { Inviter } from '@assay/domain';
import { invitedBy, signatureOf } from './inviter-lines.js';
import { escapeHtml, oneLine, type RenderedEmail } from './stakeholder-email.js';

/**
 * A reminder to a candidate who has not started (issue 33 item 3). Like the link email it holds nothing typed by
 * anyone but the org (no candidate name: a public link's registrant typed it): the org's and the test's names, the
 * org's person who invited them (decision 825), when the window closes, whom to ask (decision 826), Assay's own
 * take-test link, and the unsubscribe link the `List-Unsubscribe` header names too.
 */
export interface ReminderEmailData {
  orgName: string;
  testName: string;
  takeTestUrl: string;
  unsubscribeUrl: string;
  /** When the window closes, as the email states it (UTC); null: it never closes (the org's `remindAfterDays`, decision 1396). */
  closesAt: number | null;
  /** The reminder's own offset, for the subject ("closes in 48 hours"); unused when the window never closes. */
  hours: number;
  /** The org's person who invited them (`inviterOf`); left out or null: the org alone, as before. */
  inviter?: Inviter | null;
  /** Whom the candidate may ask (`whomToAsk`); left out or null: no line. */
  ask?: string | null;
}

/** `Tuesday, 1 December 2026, 17:00 UTC`: one reading for every candidate, whatever their zone. */
export const utcMoment = (epochMs: number): string =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(epochMs)} UTC`;

const inHours = (hours: number): string => (hours % 24 === 0 && hours >= 48 ? `${hours / 24} days` : hours === 1 ? '1 hour' : `${hours} hours`);

export const renderReminderEmail = (data: ReminderEmailData): RenderedEmail => {
  const org = oneLine(data.orgName);
  const test = oneLine(data.testName);
  const subject = data.closesAt === null ? `Reminder: ${test} is waiting for you` : `Reminder: ${test} closes in ${inHours(data.hours)}`;
  const lead =
    data.closesAt === null
      ? `You have not started "${test}" yet. Open your test here:`
      : `You have not started "${test}" yet. It can be started until ${utcMoment(data.closesAt)}. Open your test here:`;
  const from = invitedBy(org, data.inviter);
  const ask = data.ask ? `Questions? Ask ${oneLine(data.ask)}.` : null;
  const signature = signatureOf(org, data.inviter);
  const because = `You receive this because ${from} invited you to this test. To get no more reminders about it, open:`;
  const text = ['Hello,', '', lead, data.takeTestUrl, ...(ask ? [ask] : []), '', '--', ...signature, because, data.unsubscribeUrl, ''].join('\n');
  const e = escapeHtml;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#111827;line-height:1.5;">
<p>Hello,</p>
<p>${e(lead)}</p>
<p><a href="${e(data.takeTestUrl)}">${e(data.takeTestUrl)}</a></p>
${ask ? `<p>${e(ask)}</p>` : ''}
<p style="color:#6b7280;font-size:12px;">${signature.map(e).join('<br>')}<br>You receive this because ${e(from)} invited you to this test.
<a href="${e(data.unsubscribeUrl)}">Stop reminders about this test</a>.</p>
</body></html>
`;
  return { subject, text, html };
};

/** The note to the stakeholder when an invitation's window closed and the candidate never started. */
export interface ExpiryNoteData {
  orgName: string;
  testName: string;
  candidateName: string;
  candidateEmail: string;
  testInvitationId: number;
  closedAt: number;
}

export const renderExpiryNote = (data: ExpiryNoteData): RenderedEmail => {
  const test = oneLine(data.testName);
  const name = oneLine(data.candidateName);
  const email = oneLine(data.candidateEmail);
  const when = utcMoment(data.closedAt);
  const subject = `Not started: ${name} did not take ${test}`;
  const lines = [
    `${name} <${email}> did not start "${test}" before their invitation's window closed (${when}).`,
    `Test invitation ${data.testInvitationId}. To give them another chance, extend the link's end date or the invitation's expiry.`,
  ];
  const text = ['Hello,', '', ...lines, '', '--', oneLine(data.orgName), ''].join('\n');
  const e = escapeHtml;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#111827;line-height:1.5;">
<p>Hello,</p>
${lines.map((line) => `<p>${e(line)}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px;">${e(oneLine(data.orgName))}</p>
</body></html>
`;
  return { subject, text, html };
};
