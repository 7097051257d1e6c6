import { INTEGRITY_KINDS, type EvidenceCounts, type IntegrityKind, type IntegrityLevel, type IntegritySummary } from './integrity-summary.js';

/**
 * The integrity summary in words, the same on every surface (the PDF's first page, the workbook, the TUI): the level
 * as one word or two, and each kind as "1 departure, dismissed" or "3 pastes or insertions: 1 confirmed, 2 not
 * reviewed" (decision 646).
 */
export const INTEGRITY_LEVEL_TEXT: Record<IntegrityLevel, string> = {
  none: 'No signals',
  dismissed: 'Dismissed',
  unreviewed: 'To review',
  confirmed: 'Confirmed',
};

const NOUNS: Record<IntegrityKind, readonly [one: string, many: string]> = {
  departures: ['departure', 'departures'],
  pastes: ['paste or insertion', 'pastes or insertions'],
  similarAnswers: ['similar answer', 'similar answers'],
  snapshots: ['snapshot', 'snapshots'],
};

/** The workbook's heading of a kind's column, e.g. `departures (confirmed/dismissed/unreviewed)`. */
export const integrityColumnHeading = (kind: IntegrityKind): string => `${NOUNS[kind][1]} (confirmed/dismissed/unreviewed)`;

/** The workbook's cell of a kind: `confirmed/dismissed/unreviewed`, e.g. `1/0/2`. */
export const integrityCountsCell = (counts: EvidenceCounts): string => `${counts.confirmed}/${counts.dismissed}/${counts.unreviewed}`;

/** One kind in words, or null when there is nothing to say (none at all; snapshots nobody reviewed). */
export const integrityKindText = (kind: IntegrityKind, counts: EvidenceCounts): string | null => {
  if (kind === 'snapshots' && counts.confirmed + counts.dismissed === 0) return null;
  return kindText(counts, NOUNS[kind]);
};

const kindText = (counts: EvidenceCounts, [one, many]: readonly [one: string, many: string]): string | null => {
  if (counts.total === 0) return null;
  const head = `${counts.total} ${counts.total === 1 ? one : many}`;
  const parts = [
    [counts.confirmed, 'confirmed'],
    [counts.dismissed, 'dismissed'],
    [counts.unreviewed, 'not reviewed'],
  ] as const;
  const present = parts.filter(([count]) => count > 0);
  if (present.length === 1) return `${head}, ${present[0]![1]}`;
  return `${head}: ${present.map(([count, word]) => `${count} ${word}`).join(', ')}`;
};

/** The image violations in words, or null for none: what was observed, never a judgement of the person (decision 975). */
const imageViolationsText = (count: number): string | null =>
  count > 0 ? `${count} ${count === 1 ? 'image violation' : 'image violations'} (camera lost or blank)` : null;

/** The AI-use findings in words, as a kind is: "2 AI-use signals: 1 confirmed, 1 not reviewed"; null for none. */
const aiUseText = (counts: EvidenceCounts | undefined): string | null => (counts ? kindText(counts, ['AI-use signal', 'AI-use signals']) : null);

/** A stretch without photos in words, or null for none: what the camera did not send (decision 1143). */
const cameraGapText = (minutes: number | undefined): string | null =>
  minutes === undefined ? null : `camera on, no photos received for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * Every kind with something to say, in a fixed order — the image violations and a stretch without photos right after
 * the departures, the other counts of what the proctoring saw (decisions 989, 1143), the AI-use findings after the
 * pastes (decision 1207) — joined by " · "; "No departures, pastes or similar answers" otherwise.
 */
export const integritySummaryText = (summary: IntegritySummary): string => {
  const parts = INTEGRITY_KINDS.flatMap((kind) => {
    const text = integrityKindText(kind, summary[kind]);
    if (kind === 'departures') return [text, imageViolationsText(summary.imageViolations ?? 0), cameraGapText(summary.cameraGapMinutes)];
    return kind === 'pastes' ? [text, aiUseText(summary.aiUse)] : [text];
  }).filter((text) => text !== null);
  return parts.length === 0 ? 'No departures, pastes or similar answers' : parts.join(' · ');
};
