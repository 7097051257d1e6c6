import { displayLine, parseWireDateTime } from '@assay/domain';

/** What the completion notice to a test link's `emailToStakeholder` shows. */
export interface StakeholderEmailData {
  orgName: string;
  candidateName: string;
  candidateEmail: string;
  testName: string;
  /** Already formatted, e.g. `42.5`. */
  score: string;
  totalScore: string;
  /** Wire format, `YYYY-MM-DDTHH:MM:SS` in UTC; null when the attempt has no start recorded. */
  attemptedOn: string | null;
  /** Whole minutes (decision 38, "`timeTaken`"). */
  timeTaken: number;
  windowViolations: number;
  reportUrl: string;
  testInvitationId: number;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders the notice as a subject, a plain-text body and an HTML body. Every name in it is typed by a person
 * (candidates included), so the HTML escapes all of it and every line-shaped field is flattened to one line.
 */
export const renderStakeholderEmail = (data: StakeholderEmailData): RenderedEmail => {
  const org = oneLine(data.orgName);
  const email = oneLine(data.candidateEmail);
  const candidate = oneLine(data.candidateName) || email;
  const test = oneLine(data.testName);
  const score = `${oneLine(data.score)} / ${oneLine(data.totalScore)}`;
  const rows: [string, string][] = [
    ['Candidate', email && email !== candidate ? `${candidate} <${email}>` : candidate],
    ['Test', test],
    ['Score', score],
    ['Time taken', formatMinutes(data.timeTaken)],
    ['Window violations', String(data.windowViolations)],
    ['Attempted on', formatAttemptedOn(data.attemptedOn)],
  ];
  const why = `You receive this because a test link of ${org} sends completion notices to this address.`;

  const subject = `Completed: ${candidate} \u2014 ${test} (${oneLine(data.score)}/${oneLine(data.totalScore)})`;

  const text = [
    `${candidate} has completed "${test}".`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(LABEL_WIDTH)}${value}`),
    '',
    `View the report (PDF): ${data.reportUrl}`,
    '',
    '--',
    `Invitation ${data.testInvitationId} \u00b7 ${org}`,
    why,
    '',
  ].join('\n');

  const html = renderHtml({ subject, org, candidate, test, rows, reportUrl: data.reportUrl, invitationId: data.testInvitationId, why });

  return { subject, text, html };
};

const LABEL_WIDTH = 'Window violations:'.length + 2;

/**
 * Collapses newlines, control characters and runs of spaces, and drops bidi controls (`displayLine`): a name must
 * not start a fake line or header, nor read backwards.
 */
export const oneLine = (value: string): string => displayLine(value).replace(/\s+/g, ' ').trim();

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `2026-05-01T10:20:30` → `2026-05-01 10:20:30 UTC`; text that is not the wire format is shown as given. */
export const formatAttemptedOn = (attemptedOn: string | null): string => {
  if (attemptedOn === null) return 'Not recorded';
  const text = oneLine(attemptedOn);
  return parseWireDateTime(text) === undefined ? text : `${text.replace('T', ' ')} UTC`;
};

/** `37 min`, `1 h`, `2 h 5 min`. */
export const formatMinutes = (minutes: number): string => {
  if (!Number.isFinite(minutes) || minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

/** Only web links become anchors: the URL is ours, but a `javascript:` one must never be clickable. */
const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url);

// Mail clients drop <style> blocks and most CSS, so the layout is nested tables with inline styles only. The candidate's
// name sits in a sentence, so it is isolated (<bdi>): a right-to-left name cannot reorder the words around it; a client
// that does not know the element shows its text as it is.
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const ACCENT = '#1d4ed8';

interface HtmlParts {
  subject: string;
  org: string;
  candidate: string;
  test: string;
  rows: [string, string][];
  reportUrl: string;
  invitationId: number;
  why: string;
}

const renderHtml = (p: HtmlParts): string => {
  const e = escapeHtml;
  const rows = p.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:8px 16px 8px 0;border-top:1px solid ${RULE};color:${MUTED};white-space:nowrap;vertical-align:top;">${e(label)}</td>` +
        `<td style="padding:8px 0;border-top:1px solid ${RULE};color:${INK};vertical-align:top;">${e(value)}</td></tr>`,
    )
    .join('\n');
  const url = p.reportUrl.trim();
  const link = isWebUrl(url)
    ? `<a href="${e(url)}" style="display:inline-block;background-color:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;font-size:14px;padding:10px 18px;border-radius:4px;">View the report (PDF)</a>`
    : `View the report (PDF): ${e(url)}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(p.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:560px;background-color:#ffffff;border:1px solid ${RULE};border-radius:6px;font-family:${FONT};color:${INK};">
<tr><td style="padding:24px 28px 4px;font-size:13px;color:${MUTED};">${e(p.org)}</td></tr>
<tr><td style="padding:0 28px;font-size:20px;font-weight:600;line-height:1.3;">Test completed</td></tr>
<tr><td style="padding:12px 28px 16px;font-size:15px;line-height:1.5;"><strong><bdi>${e(p.candidate)}</bdi></strong> has completed <strong>${e(p.test)}</strong>.</td></tr>
<tr><td style="padding:0 28px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-size:14px;line-height:1.4;">
${rows}
</table>
</td></tr>
<tr><td style="padding:24px 28px;font-size:14px;">${link}</td></tr>
<tr><td style="padding:0 28px 24px;font-size:12px;line-height:1.5;color:${MUTED};">Invitation ${p.invitationId} &middot; ${e(p.org)}<br>${e(p.why)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
};
