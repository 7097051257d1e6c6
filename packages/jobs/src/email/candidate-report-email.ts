import { escapeHtml, formatMinutes, oneLine, type RenderedEmail } from './stakeholder-email.js';

/** What the candidate's own score summary shows (issue 52, `sendTestReportEmailToCandidate`). */
export interface CandidateReportEmailData {
  orgName: string;
  candidateName: string;
  testName: string;
  /** Already formatted, e.g. `42.5`. */
  score: string;
  totalScore: string;
  /** Whole minutes. */
  timeTaken: number;
  testInvitationId: number;
}

/** The marks as a share, `72%`; nothing when the total is not a positive number. */
const percentOf = (score: string, total: string): string | null => {
  const points = Number(score);
  const out = Number(total);
  return Number.isFinite(points) && Number.isFinite(out) && out > 0 ? `${Math.round((points / out) * 100)}%` : null;
};

/**
 * The summary a candidate gets of their own attempt when the test's settings ask for it (decision 932): score, share
 * and time, no report link (the report holds the recruiters' notes and evidence) and no answers. Names are typed by
 * people, so every field is one line and the HTML escapes all of it.
 */
export const renderCandidateReportEmail = (data: CandidateReportEmailData): RenderedEmail => {
  const org = oneLine(data.orgName);
  const test = oneLine(data.testName);
  const candidate = oneLine(data.candidateName);
  const share = percentOf(data.score, data.totalScore);
  const score = `${oneLine(data.score)} / ${oneLine(data.totalScore)}${share === null ? '' : ` (${share})`}`;
  const rows: [string, string][] = [
    ['Test', test],
    ['Your score', score],
    ['Time taken', formatMinutes(data.timeTaken)],
  ];
  const subject = `Your result: ${test}`;
  const greeting = candidate ? `Hello ${candidate},` : 'Hello,';
  const opening = `thank you for taking "${test}" for ${org}. Here is your result.`;
  const why = `You receive this because ${org} sends candidates their result for this test.`;
  const text = [
    greeting,
    '',
    opening,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(14)}${value}`),
    '',
    '--',
    `Invitation ${data.testInvitationId} \u00b7 ${org}`,
    why,
    '',
  ].join('\n');
  const e = escapeHtml;
  const cells = rows
    .map(([label, value]) => `<tr><td style="padding:6px 16px 6px 0;color:#6b7280;">${e(label)}</td><td style="padding:6px 0;">${e(value)}</td></tr>`)
    .join('\n');
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#111827;">
<p>${e(greeting)}</p>
<p>${e(opening)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="font-size:14px;">
${cells}
</table>
<p style="font-size:12px;color:#6b7280;">Invitation ${data.testInvitationId} &middot; ${e(org)}<br>${e(why)}</p>
</body>
</html>
`;
  return { subject, text, html };
};
