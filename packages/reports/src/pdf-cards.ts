import {
  formatScore,
  INTEGRITY_LEVEL_TEXT,
  integritySummaryOfReport,
  integritySummaryText,
  MIN_ATTEMPTS_FOR_PERCENTILE,
  REPORT_STATUS,
  type IntegrityLevel,
  type ReportDetails,
} from '@assay/domain';
import { displayDuration, ordinal } from './format.js';
import {
  ACCENT,
  BOLD,
  HEAD_FILL,
  INK,
  LEFT,
  MUTED,
  NEGATIVE,
  POSITIVE,
  WARNING,
  WIDTH,
  linesOf,
  putWrapped,
  type Cursor,
  type Doc,
  type TextStyle,
} from './pdf-layout.js';

/** What one decision card says: its label, its value in large type, and the line under it. */
export interface DecisionCard {
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly color: string;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** While written answers await review (issue 32): the marks so far, said to be provisional, never as the score. */
const provisionalScoreCard = (details: ReportDetails): DecisionCard | undefined => {
  const review = details.review;
  if (!review || review.awaiting === 0) return undefined;
  return {
    label: 'Score · provisional',
    value: `${formatScore(review.scoreSoFar)} / ${formatScore(details.score.maxScore)}`,
    detail: `not final: ${plural(review.awaiting, 'answer awaits', 'answers await')} review`,
    color: WARNING,
  };
};

const scoreCard = (details: ReportDetails): DecisionCard =>
  details.status.reportStatus === REPORT_STATUS.generated
    ? {
        label: 'Score',
        value: `${formatScore(details.score.score)} / ${formatScore(details.score.maxScore)}`,
        detail: `${details.score.percent}% of the marks`,
        color: INK,
      }
    : (provisionalScoreCard(details) ?? { label: 'Score', value: 'Not scored', detail: `report ${details.status.reportStatus.toLowerCase()}`, color: MUTED });

const percentileCard = (details: ReportDetails): DecisionCard => {
  const label = 'Percentile';
  if (details.percentile) {
    return {
      label,
      value: ordinal(details.percentile.percentile),
      detail: `percentile of ${plural(details.percentile.basedOn, 'completed attempt')}`,
      color: INK,
    };
  }
  if (details.status.reportStatus !== REPORT_STATUS.generated) return { label, value: '–', detail: 'once the report is scored', color: MUTED };
  return { label, value: '–', detail: `not enough attempts yet (fewer than ${MIN_ATTEMPTS_FOR_PERCENTILE})`, color: MUTED };
};

const verdictCard = (details: ReportDetails): DecisionCard => {
  const label = 'Verdict';
  if (details.verdict) return { label, value: details.verdict.label, detail: `${formatScore(details.verdict.minPercent)}% or more`, color: ACCENT };
  if (details.status.reportStatus !== REPORT_STATUS.generated) return { label, value: '–', detail: 'once the report is scored', color: MUTED };
  return { label, value: 'No band', detail: 'below every band, or none set', color: MUTED };
};

/** A dismissed piece is never a warning and a confirmed one is never green (decision 645). */
const LEVEL_COLOR: Record<IntegrityLevel, string> = { none: POSITIVE, dismissed: INK, unreviewed: WARNING, confirmed: NEGATIVE };

/**
 * Whether the camera was required, and once the attempt ended how many photos came of those the page sends (issue 59
 * item 8, decision 1143): "camera required: 0 of 22 photos". Nothing for an attempt without a camera.
 */
const cameraText = (camera: ReportDetails['integrity']['camera']): string | undefined => {
  if (!camera) return undefined;
  if (camera.photos === undefined || camera.expectedPhotos === undefined) return 'camera required';
  return `camera required: ${camera.photos} of ${camera.expectedPhotos} ${camera.expectedPhotos === 1 ? 'photo' : 'photos'}`;
};

/**
 * The integrity summary (issue 48, item 7): its level in large type, and under it every kind of evidence with its
 * review outcomes ("1 paste or insertion, confirmed · 1 departure, dismissed"), the time away, the camera and the snapshots.
 */
const integrityCard = (details: ReportDetails): DecisionCard => {
  const { tv, snapshots, camera } = details.integrity;
  const summary = integritySummaryOfReport(details);
  const away = tv > 0 ? [`${displayDuration(tv)} away in total`] : [];
  const required = cameraText(camera);
  // Snapshots a reviewer judged are in the summary; the others are counted when there are any (the camera's line counts them).
  const unjudged = summary.snapshots.confirmed + summary.snapshots.dismissed === 0 && snapshots.length > 0;
  const shots = unjudged && camera?.photos === undefined ? [plural(snapshots.length, 'snapshot')] : [];
  return {
    label: 'Integrity',
    value: INTEGRITY_LEVEL_TEXT[summary.level],
    detail: [integritySummaryText(summary), ...away, ...(required ? [required] : []), ...shots].join(' · '),
    color: LEVEL_COLOR[summary.level],
  };
};

/** The four numbers a recruiter decides from, in the order they are read. */
export const decisionCards = (details: ReportDetails): DecisionCard[] => [
  scoreCard(details),
  percentileCard(details),
  verdictCard(details),
  integrityCard(details),
];

// "No signals" or "No departures" at 14 pt fits an A4 card on one line with these (it did not with 10 and 10).
const GAP = 8;
const PAD_X = 8;
const PAD_TOP = 8;
const PAD_BOTTOM = 6;
/** The height a card keeps however little it says (a one-line detail), so the row does not jump between reports. */
const MIN_HEIGHT = 64;

/** Each part of a card: its style, the distance from one of its lines to the next, and the space after it. */
const PARTS = [
  { part: 'label', style: { size: 8, color: MUTED }, step: 10, after: 2 },
  { part: 'value', style: { font: BOLD, size: 14 }, step: 17, after: 2 },
  { part: 'detail', style: { size: 7.5, color: MUTED }, step: 9.5, after: 0 },
] as const satisfies readonly { part: keyof DecisionCard; style: TextStyle; step: number; after: number }[];

const heightOf = (doc: Doc, card: DecisionCard, inner: number): number =>
  PARTS.reduce((sum, { part, style, step, after }) => sum + linesOf(doc, card[part], inner, style).length * step + after, PAD_TOP + PAD_BOTTOM);

/** Where the cards go: the content width of the page they are drawn on. */
export interface CardFrame {
  readonly left: number;
  readonly width: number;
}

/**
 * The decision cards in one row, each as tall as the tallest needs: every word of every card is drawn, wrapped
 * between words (or between the characters of scripts written without spaces) and never cut, in any script, so a
 * verdict band of 60 characters or a long integrity summary grows the row instead of losing its end. Returns the row's height.
 */
export const drawCards = (doc: Doc, cursor: Cursor, details: ReportDetails, frame: CardFrame = { left: LEFT, width: WIDTH }): number => {
  const cards = decisionCards(details);
  const width = (frame.width - (cards.length - 1) * GAP) / cards.length;
  const inner = width - 2 * PAD_X;
  const height = Math.max(MIN_HEIGHT, ...cards.map((card) => heightOf(doc, card, inner)));
  cursor.ensure(height);
  cards.forEach((card, index) => {
    const x = frame.left + index * (width + GAP);
    doc.save().roundedRect(x, cursor.y, width, height, 4).fill(HEAD_FILL).restore();
    let y = cursor.y + PAD_TOP;
    for (const { part, style, step, after } of PARTS) {
      y += putWrapped(doc, card[part], x + PAD_X, y, inner, { ...style, ...(part === 'value' ? { color: card.color } : {}), lineHeight: step }) + after;
    }
  });
  cursor.y += height;
  return height;
};
