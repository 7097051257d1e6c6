import { z } from 'zod';
import type { EvidenceOutcome } from '../history/evidence-review.js';

/**
 * One integrity summary of an attempt (issue 48, item 7), the same on every surface a decision is made from: page 1 of
 * the PDF, the workbook's Candidates sheet, the TUI's list and report, `/details`. Per kind of evidence, how many
 * pieces a reviewer confirmed, dismissed or has not reviewed; and one level that never shows a dismissed piece as a
 * warning and never hides a confirmed one (decisions 644–646).
 */
export const EvidenceCounts = z
  .object({
    total: z.int().nonnegative(),
    confirmed: z.int().nonnegative(),
    dismissed: z.int().nonnegative(),
    unreviewed: z.int().nonnegative().meta({ description: 'Not reviewed: including those counted past what the report lists, which cannot be.' }),
  })
  .meta({ id: 'EvidenceCounts' });
export type EvidenceCounts = z.infer<typeof EvidenceCounts>;

/**
 * `confirmed`: a reviewer confirmed at least one piece; `unreviewed`: a departure, paste, large insertion, similar
 * answer or AI-use finding awaits a reviewer, none confirmed; `dismissed`: every piece was reviewed and none confirmed (neutral);
 * `none`: nothing recorded. Snapshots not reviewed do not make an attempt `unreviewed`: a camera-on attempt always has
 * them, and a snapshot is a picture, not a signal (decision 645).
 */
export const IntegrityLevel = z.enum(['none', 'dismissed', 'unreviewed', 'confirmed']);
export type IntegrityLevel = z.infer<typeof IntegrityLevel>;

export const IntegritySummary = z
  .object({
    level: IntegrityLevel,
    departures: EvidenceCounts.meta({ description: 'Departures from the test window: all of them (wv), reviewed or not.' }),
    pastes: EvidenceCounts.meta({ description: 'Pastes and large insertions into answers, all questions together.' }),
    similarAnswers: EvidenceCounts.meta({ description: "Pairs of this attempt's coding answers with another candidate's, at or above the threshold." }),
    snapshots: EvidenceCounts.meta({ description: 'Webcam snapshots; only reviewed ones change the level.' }),
    aiUse: EvidenceCounts.optional().meta({
      description:
        'AI-use findings (integrity.aiUse, issue 60): not reviewed, they make the level "to review" like the other signals, never more (decision 1207). Absent: none.',
    }),
    imageViolations: z.int().nonnegative().optional().meta({
      description:
        'Image violations (/details integrity.iv): the camera lost, or a snapshot that showed nothing. A count, never reviewed: it does not change the level (decision 989). Absent: none.',
    }),
    cameraGapMinutes: z.int().positive().optional().meta({
      description:
        'A camera-proctored attempt that received no photo for this many minutes in a row (three or more: /details integrity.camera, decision 1143). To review until a snapshot is, like imageViolations. Absent: no such stretch, or no camera.',
    }),
  })
  .meta({ id: 'IntegritySummary' });
export type IntegritySummary = z.infer<typeof IntegritySummary>;

export type IntegrityKind = 'departures' | 'pastes' | 'similarAnswers' | 'snapshots';
export const INTEGRITY_KINDS: readonly IntegrityKind[] = ['departures', 'pastes', 'similarAnswers', 'snapshots'];

/**
 * One kind's evidence as the shell or the report knows it: how many pieces there are in all, and the latest outcome
 * of each piece the report lists (null while unreviewed). `total` may exceed the listed pieces (the report lists the
 * first few; the rest are a count, never reviewable); a list longer than `total` counts as its length.
 */
export interface EvidenceTally {
  readonly total: number;
  readonly outcomes: readonly (EvidenceOutcome | null)[];
}

export const countsOf = ({ total, outcomes }: EvidenceTally): EvidenceCounts => {
  const confirmed = outcomes.filter((outcome) => outcome === 'confirmed').length;
  const dismissed = outcomes.filter((outcome) => outcome === 'dismissed').length;
  const all = Math.max(total, outcomes.length);
  return { total: all, confirmed, dismissed, unreviewed: all - confirmed - dismissed };
};

const levelOf = (
  kinds: Record<IntegrityKind, EvidenceCounts>,
  imageViolations: number,
  cameraGapMinutes: number | null,
  aiUse: EvidenceCounts | undefined,
): IntegrityLevel => {
  const counts = [...INTEGRITY_KINDS.map((kind) => kinds[kind]), ...(aiUse ? [aiUse] : [])];
  if (counts.some((count) => count.confirmed > 0)) return 'confirmed';
  const signals = [kinds.departures, kinds.pastes, kinds.similarAnswers, ...(aiUse ? [aiUse] : [])];
  if (signals.some((count) => count.unreviewed > 0)) return 'unreviewed';
  // Image violations are no pieces a reviewer judges, the snapshots are: until one of them is reviewed, an attempt whose
  // camera was lost or blank waits for a reviewer rather than reading "No signals" beside the count (decision 989).
  // A camera on that sent no photo for minutes is the same kind of fact (decision 1143): what the camera did not show.
  if ((imageViolations > 0 || cameraGapMinutes !== null) && kinds.snapshots.dismissed === 0) return 'unreviewed';
  return counts.some((count) => count.dismissed > 0) ? 'dismissed' : 'none';
};

/**
 * The summary of an attempt's evidence, kind by kind, and its image violations (`invitations.image_violations`): a
 * count beside the kinds, not a kind; it makes the level "to review" only until a snapshot is reviewed (decision 989).
 * Only a count above 0 is written, so that every other summary stays as it was (as `/details` writes `iv`, decision 974);
 * so are the AI-use findings (decision 1207), a kind the workbook has no column of (decision 820 fixes its columns).
 * `cameraGapMinutes` (`cameraGapMinutesOf`: three minutes or more without a photo, decision 1143) counts the same way.
 */
export const integritySummary = (
  tallies: Record<IntegrityKind, EvidenceTally> & { readonly aiUse?: EvidenceTally },
  imageViolations = 0,
  cameraGapMinutes: number | null = null,
): IntegritySummary => {
  const kinds = {
    departures: countsOf(tallies.departures),
    pastes: countsOf(tallies.pastes),
    similarAnswers: countsOf(tallies.similarAnswers),
    snapshots: countsOf(tallies.snapshots),
  };
  const aiUse = tallies.aiUse === undefined ? undefined : countsOf(tallies.aiUse);
  const shownAiUse = aiUse !== undefined && aiUse.total > 0 ? aiUse : undefined;
  return {
    level: levelOf(kinds, imageViolations, cameraGapMinutes, shownAiUse),
    ...kinds,
    ...(shownAiUse ? { aiUse: shownAiUse } : {}),
    ...(imageViolations > 0 ? { imageViolations } : {}),
    ...(cameraGapMinutes === null ? {} : { cameraGapMinutes }),
  };
};
