import type { SimilarityPairDetail } from '@assay/domain/report';
import { match } from 'ts-pattern';
import { taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { type ScrollEvent, scrollKeys } from './scroll-keys.js';

/**
 * A similarity pair side by side (issue 34, item 1): for one matching region, this candidate's lines (from the
 * answer in `/details`) beside the other candidate's (the region's `otherCode`), numbered as in each answer. Rows pair
 * the two sides line by line; the shorter side has blanks under it.
 */
export interface SideBySideRow {
  left: { number: number; text: string } | null;
  right: { number: number; text: string } | null;
}

export const sideBySideRows = (code: string | null, region: SimilarityPairDetail['regions'][number]): SideBySideRow[] => {
  const mine = (code ?? '').split('\n').slice(region.lines.from - 1, region.lines.to);
  const theirs = region.otherCode.split('\n');
  return Array.from({ length: Math.max(mine.length, theirs.length) }, (_, index) => ({
    left: index < mine.length ? { number: region.lines.from + index, text: mine[index]! } : null,
    right: index < theirs.length ? { number: region.otherLines.from + index, text: theirs[index]! } : null,
  }));
};

/** Over the two columns: "Region 2 of 3 · lines 3–12 ≈ their 5–14". */
export const regionTitle = (pair: SimilarityPairDetail, index: number): string => {
  const region = pair.regions[index];
  if (!region) return 'No matching regions listed.';
  return `Region ${index + 1} of ${pair.regions.length} · lines ${region.lines.from}–${region.lines.to} ≈ their ${region.otherLines.from}–${region.otherLines.to}`;
};

/** The similarity row an `eventId` names in a report's details, if it still lists it (a reset clears pairs). */
export const pairOf = (similarity: readonly SimilarityPairDetail[] | undefined, eventId: string): SimilarityPairDetail | undefined =>
  similarity?.find((pair) => pair.eventId === eventId);

export type PairEvent = { type: 'region'; delta: number } | ScrollEvent | { type: 'reload' };

/** The pair screen's keys: ←→ the previous or next region, ↑↓ PgUp PgDn scroll a long one, `r` reloads. */
export const pairKeys = (stroke: Keystroke): KeyDecision<PairEvent> =>
  match<Keystroke, KeyDecision<PairEvent>>(stroke)
    .with(pressed('left'), () => taken({ type: 'region', delta: -1 }))
    .with(pressed('right'), () => taken({ type: 'region', delta: 1 }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => scrollKeys(stroke));
