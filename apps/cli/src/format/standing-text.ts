import { REPORT_STATUS } from '@assay/domain/invitations';
import { MIN_ATTEMPTS_FOR_PERCENTILE, type ReportDetails } from '@assay/domain/report';
import { formatScore } from '@assay/domain/schemas';

/**
 * The facts the PDF's cards show beside the score (issue 50, item 3): percentile, verdict and extra time, as the
 * report's `/details` computed them (the domain's buildReportDetails; nothing is worked out here again), in the words
 * of the PDF (packages/reports, pdf-cards.ts and pdf-facts.ts).
 */

/** 1 → `1st`, 22 → `22nd`, 13 → `13th`. */
const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const minutesText = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return whole % 60 === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
};

const scored = (details: ReportDetails) => details.status.reportStatus === REPORT_STATUS.generated;

/** "84th of 37 completed attempts", or why there is none. */
export const percentileText = (details: ReportDetails): string => {
  if (details.percentile)
    return `${ordinal(details.percentile.percentile)} of ${details.percentile.basedOn} completed attempt${details.percentile.basedOn === 1 ? '' : 's'}`;
  return scored(details) ? `– (under ${MIN_ATTEMPTS_FOR_PERCENTILE} attempts)` : '– (once the report is scored)';
};

/** "Strong (80% or more)", "no band" (below every band, or none set), or "–" before the score. */
export const verdictText = (details: ReportDetails): string => {
  if (details.verdict) return `${details.verdict.label} (${formatScore(details.verdict.minPercent)}% or more)`;
  return scored(details) ? 'no band' : '– (once the report is scored)';
};

/** "25% (37 min 30 s allowed)" or "none". */
export const extraTimeText = (details: ReportDetails): string => {
  const accommodation = details.integrity.accommodation;
  if (!accommodation) return 'none';
  const allowed = details.test.allowedSeconds;
  return `${accommodation.extraTimePercent}%${allowed === undefined ? '' : ` (${minutesText(allowed)} allowed)`}`;
};

/**
 * The three as one line: "Percentile 84th of 37 completed attempts · Verdict Strong (80% or more) · Extra time none".
 * Kept to one line of 80 columns where it can be: every line it wraps is one row less of evidence on the report screen.
 */
export const standingLine = (details: ReportDetails): string =>
  !scored(details) && !details.percentile && !details.verdict
    ? `Percentile and verdict once the report is scored · Extra time ${extraTimeText(details)}`
    : `Percentile ${percentileText(details)} · Verdict ${verdictText(details)} · Extra time ${extraTimeText(details)}`;

/** Each question's marks in one line: "Q1 2/2 · Q2 0/2 · Q3 –/5" (– before the attempt is scored). */
export const questionMarksLine = (details: ReportDetails): string =>
  details.questions
    .map((question) => `Q${question.number} ${question.awarded === null ? '–' : formatScore(question.awarded)}/${formatScore(question.marks)}`)
    .join(' · ');
