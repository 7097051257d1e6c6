import { refuse, ok, type Result } from '../result.js';
import type { FreeTextQuestion } from '../schemas/written-questions.js';

/**
 * The longest text answer taken, in characters (UTF-16 code units, as JavaScript and the page's textarea count):
 * about 8,000 words of English, above any word limit an author may set (MAX_WORD_LIMIT). A longer body is 400.2.
 */
export const MAX_TEXT_ANSWER_LENGTH = 50_000;

/** One segmenter for every count: the root locale, so the page and the server split text alike whatever their locale. */
let segmenter: Intl.Segmenter | undefined;

/**
 * The words of a text as the page shows them and the server enforces them: Unicode word segmentation (UAX #29, with
 * dictionaries for Chinese, Japanese and Thai) keeping word-like segments. "don't" and "3.14" are one word each;
 * punctuation and emoji are none.
 */
export const countWords = (text: string): number => {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
};

/** A text answer counts as given once it has something besides whitespace. */
export const isTextAnswerGiven = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

/**
 * A free_text answer over its word limit is refused, not cut: the candidate sees why and shortens it themselves
 * (the page counts the same words and warns before it sends).
 */
export const checkWordLimit = (question: FreeTextQuestion, text: string): Result<void> => {
  if (question.wordLimit === undefined) return ok(undefined);
  const words = countWords(text);
  if (words <= question.wordLimit) return ok(undefined);
  return refuse('answer-over-word-limit', `This answer has ${words} words; this question takes at most ${question.wordLimit}. Shorten it to save it.`);
};
