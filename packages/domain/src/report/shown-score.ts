import { z } from 'zod';
import type { InvitationStatus } from '../invitation-status.js';
import type { ReportStatus } from '../schemas/report.js';

/**
 * Where an attempt's score stands (decision 649): `unscored` (not taken, being taken, cancelled, or submitted and not
 * yet scored by the machine), `provisional` (the machine has scored it and answers await a grader: the marks so far),
 * `final` (the report is Generated).
 */
export const ScoreStatus = z.enum(['unscored', 'provisional', 'final']).meta({ id: 'ScoreStatus' });
export type ScoreStatus = z.infer<typeof ScoreStatus>;

/** What the store keeps of an attempt's score: the final score, the marks awarded so far, and how many answers wait for a person. */
export interface ScoreFacts {
  readonly testStatus: InvitationStatus;
  readonly reportStatus: ReportStatus;
  /** The final score column: 0 until the report is Generated. */
  readonly score: number;
  /** The machine's marks plus every current grade (equal to `score` once final). */
  readonly scoreSoFar: number;
  /** Answers still awaiting a grader. */
  readonly awaitingReview: number;
}

export interface ShownScore {
  readonly scoreStatus: ScoreStatus;
  /** The score every surface shows: the final one, the marks so far while provisional, null while unscored (never a placeholder 0). */
  readonly score: number | null;
}

/** The one rule every surface (v2 report, the list of a test's invitations, the workbook, the TUI) shows a score by. */
export const shownScore = (facts: ScoreFacts): ShownScore => {
  if (facts.reportStatus === 'Generated') return { scoreStatus: 'final', score: facts.score };
  if (facts.testStatus === 'Completed' && facts.awaitingReview > 0) return { scoreStatus: 'provisional', score: facts.scoreSoFar };
  return { scoreStatus: 'unscored', score: null };
};

/** The share of the maximum, in percent with two decimals; null without a score or a maximum. */
export const percentOf = (score: number | null, maxScore: number): number | null =>
  score === null || maxScore <= 0 ? null : Math.round((score / maxScore) * 10_000) / 100;
