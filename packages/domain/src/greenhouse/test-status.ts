import { match } from 'ts-pattern';
import type { InvitationStatus } from '../invitation-status.js';
import { REPORT_STATUS } from '../invitation-status-names.js';
import { formatScore, type CandidateReport, type ReportStatus, type SectionReportEntry } from '../schemas/report.js';
import type { GreenhouseMetadata, GreenhousePartnerStatus, GreenhouseTestStatus } from './greenhouse-wire.js';

/**
 * Where an interview stands for Greenhouse (decision 451). "complete" only once the report is Generated: a Completed
 * attempt whose report is Pending (scoring) or In progress (scoring, or answers awaiting a person's grade, issue 32)
 * is "submitted", so Greenhouse never records a score that a grade would still change.
 */
export const greenhousePartnerStatus = (status: InvitationStatus, reportStatus: ReportStatus): GreenhousePartnerStatus =>
  match<InvitationStatus, GreenhousePartnerStatus>(status)
    .with('Pending', 'Reset', () => 'invited')
    .with('In progress', () => 'in_progress')
    .with('Completed', () => (reportStatus === REPORT_STATUS.generated ? 'complete' : 'submitted'))
    .with('Cancelled', () => 'cancelled')
    .exhaustive();

/** What test_status is built from: the v2 report and its sections, the attempt's instants, and a signer of the report link. */
export interface GreenhouseStatusFacts {
  readonly report: CandidateReport;
  readonly sections: readonly SectionReportEntry[];
  readonly startedAt: number | null;
  readonly completedAt: number | null;
  /** Signs a link to the report PDF; asked only when the interview is complete (the shell holds the key). */
  readonly signReportLink: () => string;
}

const iso = (at: number | null) => (at === null ? undefined : new Date(at).toISOString());

/** "Section: Algorithms", and "Section: Algorithms (2)" for a second section of the same name: keys must differ. */
const sectionKeys = (sections: readonly SectionReportEntry[]): string[] => {
  const seen = new Map<string, number>();
  return sections.map(({ sectionName }) => {
    const count = (seen.get(sectionName) ?? 0) + 1;
    seen.set(sectionName, count);
    return count === 1 ? `Section: ${sectionName}` : `Section: ${sectionName} (${count})`;
  });
};

/**
 * The flat metadata Greenhouse shows beside the score (decision 453): the total, the percentage, the time taken, the
 * instants, the integrity count, and each section as "score / marks". Values are strings and numbers only.
 */
export const greenhouseMetadata = (facts: Omit<GreenhouseStatusFacts, 'signReportLink'>): GreenhouseMetadata => {
  const { report, sections } = facts;
  const score = Number(report.score);
  const total = Number(report.totalScore);
  const metadata: GreenhouseMetadata = { 'Test Name': report.testName, Score: `${report.score} / ${report.totalScore}` };
  if (total > 0) metadata.Percentage = Math.round((score / total) * 10_000) / 100;
  metadata['Time Taken (minutes)'] = report.timeTaken;
  const started = iso(facts.startedAt);
  const completed = iso(facts.completedAt);
  if (started) metadata['Started At'] = started;
  if (completed) metadata['Completed At'] = completed;
  metadata['Window Violations'] = report.wv;
  const keys = sectionKeys(sections);
  sections.forEach((section, index) => {
    metadata[keys[index]!] = `${formatScore(section.candidateScore)} / ${formatScore(section.sectionScore)}`;
  });
  return metadata;
};

/**
 * The test_status answer. Before "complete" every other property is null (the docs: properties without a value are
 * null); once complete, the score is the v2 report's score as a number and `partner_profile_url` a signed report link.
 */
export const greenhouseTestStatus = (facts: GreenhouseStatusFacts): GreenhouseTestStatus => {
  const partnerStatus = greenhousePartnerStatus(facts.report.testStatus, facts.report.reportStatus);
  if (partnerStatus !== 'complete') return { partner_status: partnerStatus, partner_profile_url: null, partner_score: null, metadata: null };
  return {
    partner_status: partnerStatus,
    partner_profile_url: facts.signReportLink(),
    partner_score: Number(facts.report.score),
    metadata: greenhouseMetadata(facts),
  };
};
