import type { PoolExposure, PoolQuestionExposure } from '@assay/domain/report';

const LABEL_WIDTH = 36;
const labelOf = (label: string): string => (label.length > LABEL_WIDTH ? `${label.slice(0, LABEL_WIDTH - 1)}…` : label);
/** "2026-11-29 11:40 UTC": when a question was retired, to the minute. */
const whenOf = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const questionLine = (question: PoolQuestionExposure): string | undefined => {
  const shown = `shown ${question.exposures}`;
  if (question.state === 'retired') return `  retired ${labelOf(question.label)} (${shown}) on ${whenOf(question.retiredAt ?? '')}`;
  if (question.state === 'retiring') return `  ${labelOf(question.label)} (${shown}): cap reached, retired at the next start`;
  if (question.state === 'cap-reached-still-asked') return `  ${labelOf(question.label)} (${shown}): cap reached, still asked`;
  return undefined;
};

/**
 * A pool's exposure cap as the CLI and the TUI say it (issue 62 item 5): "Pool SQL: draw 2 · cap 500 · 2 retired",
 * then each retired question with when, and each at its cap still asked, with why once under them. Questions under their cap are not
 * listed (the item analysis table has their exposures).
 */
export const poolExposureLines = (pools: readonly PoolExposure[]): string[] =>
  pools.flatMap((pool) => [
    `Pool ${pool.sectionName}: draw ${pool.draw} · cap ${pool.exposureCap} · ${pool.retired} retired`,
    ...pool.questions.flatMap((question) => questionLine(question) ?? []),
    // Said once under the pool, so the author knows to add questions.
    ...(pool.note === null ? [] : [`  ${pool.note}`]),
  ]);
