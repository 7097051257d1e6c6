import { REPORT_STATUS, type InvitationStatus } from '@assay/domain/invitations';
import type { ReadReport } from '@assay/client';
import type { CandidateReport } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';

type ReportFacts = Pick<ReadReport, 'testStatus' | 'reportStatus' | 'score' | 'totalScore' | 'scoreStatus' | 'scoreSoFar' | 'awaitingReview'>;

/**
 * What the report can say about the score. Only a Generated report has one: before, the server's 0 is a
 * placeholder, and showing it as "0 of 15, 0%" reads as a real zero.
 */
export type ScoreView =
  | { kind: 'scored'; score: number; total: number }
  /** Scored by the machine, answers await a grader: the marks so far (decision 649), never "scoring…". */
  | { kind: 'provisional'; score: number; total: number; awaiting: number }
  /** Submitted, the score is being worked out. */
  | { kind: 'scoring' }
  /** No score, and why (not started, cancelled, being taken). */
  | { kind: 'none'; reason: string };

export const scoreViewOf = (report: ReportFacts): ScoreView =>
  match<[ReportFacts['testStatus'], ReportFacts['reportStatus']], ScoreView>([report.testStatus, report.reportStatus])
    .with([P._, 'Generated'], () => ({ kind: 'scored', score: Number(report.score), total: Number(report.totalScore) }))
    .with(['Completed', P._], () =>
      report.scoreStatus === 'provisional'
        ? { kind: 'provisional', score: Number(report.scoreSoFar), total: Number(report.totalScore), awaiting: report.awaitingReview ?? 0 }
        : { kind: 'scoring' },
    )
    .with(['In progress', P._], () => ({ kind: 'none', reason: 'the candidate is taking the test' }))
    .with(['Pending', P._], () => ({ kind: 'none', reason: 'not started yet' }))
    .with(['Reset', P._], () => ({ kind: 'none', reason: 'reset, not started again' }))
    .with(['Cancelled', P._], () => ({ kind: 'none', reason: 'cancelled' }))
    .exhaustive();

/** Whether an invitation in this state may still get a report: a cancelled one never will. */
const REPORT_MAY_COME: Record<InvitationStatus, boolean> = {
  Pending: true,
  'In progress': true,
  Completed: true,
  Reset: true,
  Cancelled: false,
};

/** A report refreshes by itself until it is Generated; a cancelled invitation will never be, so it is not asked again. */
export const reportWillChange = (report: Pick<CandidateReport, 'testStatus' | 'reportStatus'>): boolean =>
  report.reportStatus !== REPORT_STATUS.generated && REPORT_MAY_COME[report.testStatus];

export const FIRST_POLL_MS = 2_000;
export const LAST_POLL_MS = 30_000;

/**
 * The wait before refresh number `polls` (0 for the first): 2 s, then half as long again each time, at most
 * 30 s, so a report being scored shows its score within seconds and one waiting days for its candidate costs
 * two requests a minute.
 */
export const pollDelayMs = (polls: number): number => Math.min(LAST_POLL_MS, Math.round(FIRST_POLL_MS * 1.5 ** Math.max(0, polls)));
