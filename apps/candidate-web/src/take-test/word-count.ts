import { countWords } from '@assay/domain/candidate';
import { plural } from '../lib/format.js';

/** Where an essay stands against its word limit. */
export type WordLevel = 'within' | 'near' | 'over';

export interface WordTally {
  readonly words: number;
  readonly level: WordLevel;
  /** What the counter under the box shows: "120 / 300 words", "312 / 300 words: 12 over the limit". */
  readonly label: string;
}

/** "Near" is the last tenth of the limit (at least the last word): soon enough to stop, late enough not to nag. */
const nearFrom = (limit: number): number => limit - Math.max(1, Math.round(limit / 10));

/** Counts `text` as the server does (`countWords`, the one function both share). Pure. */
export function tallyWords(text: string, limit: number | null): WordTally {
  const words = countWords(text);
  if (limit === null) return { words, level: 'within', label: plural(words, 'word') };
  const level: WordLevel = words > limit ? 'over' : words >= nearFrom(limit) ? 'near' : 'within';
  const label = level === 'over' ? `${words} / ${limit} words: ${words - limit} over the limit` : `${words} / ${limit} words`;
  return { words, level, label };
}

/**
 * What a screen reader hears of the count: only when the level changes (into the last tenth, over the limit, back
 * within it), never on each keystroke. Null when there is nothing to say. Pure.
 */
export function wordNews(previous: WordLevel, now: WordTally, limit: number | null): string | null {
  if (limit === null || now.level === previous) return null;
  const count = `${now.words} of ${limit} words`;
  if (now.level === 'over') return `${count}: over the word limit. Shorten your answer to save it.`;
  if (previous === 'over') return `${count}: within the word limit again.`;
  return now.level === 'near' ? `${count}: near the word limit.` : null;
}
