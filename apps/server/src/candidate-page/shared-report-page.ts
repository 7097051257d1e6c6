import type { ReportDetails } from '@assay/domain';
import { CANDIDATE_PAGE_CSP, escapeHtml, staticPage } from './pages.js';

/**
 * The page a report share opens (issue 61 item 4, docs/compare-and-share.md "Share"): the report's summary — who,
 * which test, status, score, sections and questions — rendered here, no script, under the candidate pages' CSP, and a
 * link to the full PDF. A revoked, expired or unknown link shows a page that says so and nothing of the report.
 */
export type SharedReportPage =
  | { readonly kind: 'report'; readonly details: ReportDetails; readonly pdfPath: string; readonly expiresAt: number }
  | { readonly kind: 'gone'; readonly message: string }
  | { readonly kind: 'unknown'; readonly message: string };

const e = escapeHtml;

const points = (score: number, max: number): string => `${e(String(score))} / ${e(String(max))}`;

const reportMain = ({ details, pdfPath, expiresAt }: Extract<SharedReportPage, { kind: 'report' }>): string => {
  const sections = details.sections
    .map((section) => `<tr><td>${e(section.sectionName)}</td><td>${points(section.score, section.maxScore)}</td></tr>`)
    .join('\n');
  const questions = details.questions
    .map(
      (question) =>
        `<tr><td>${question.number}</td><td>${e(question.sectionName)}</td><td>${e(question.type)}</td><td>${question.answered ? 'yes' : 'no'}</td><td>${question.awarded === null ? '—' : points(question.awarded, question.marks)}</td></tr>`,
    )
    .join('\n');
  return `<h1>${e(details.candidate.fullName)} — ${e(details.test.testName)}</h1>
<p>Status: ${e(details.status.testStatus)}; report ${e(details.status.reportStatus)}. Completed: ${e(details.completedAt ?? 'not yet')}.</p>
<p>Score: ${points(details.score.score, details.score.maxScore)} (${e(String(details.score.percent))}%)${details.test.practiceTest ? ' — a practice test' : ''}.</p>
<p><a href="${e(pdfPath)}" rel="noreferrer">The full report (PDF)</a></p>
<h2>Sections</h2>
<table><thead><tr><th>Section</th><th>Score</th></tr></thead><tbody>
${sections}
</tbody></table>
<h2>Questions</h2>
<table><thead><tr><th>#</th><th>Section</th><th>Type</th><th>Answered</th><th>Marks</th></tr></thead><tbody>
${questions}
</tbody></table>
<p><small>Shared with you through a link that works until ${e(new Date(expiresAt).toISOString())}; each opening is recorded.</small></p>`;
};

export const renderSharedReportPage = (page: SharedReportPage): string => {
  switch (page.kind) {
    case 'report':
      return staticPage(`${page.details.candidate.fullName} — report · Assay`, reportMain(page));
    case 'gone':
      return staticPage('Link no longer works · Assay', `<h1>This report link no longer works</h1>\n<p>${e(page.message)}</p>`);
    case 'unknown':
      return staticPage('Link not valid · Assay', `<h1>This report link is not valid</h1>\n<p>${e(page.message)}</p>`);
  }
};

/** As the other public pages: never kept, never indexed, never framed, and no Referer that would carry the token. */
export const SHARED_REPORT_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CANDIDATE_PAGE_CSP,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
} as const;
