import { parseQuestionText, type QuestionBlock, type QuestionInline } from '../text/question-text.js';

/**
 * How much of a question's prose a text repeats word for word (the AI-use rule "copying the question's text",
 * decision 1201): the longest run of consecutive words the two share, compared without case or punctuation. Only the
 * question's prose counts — its code spans and code blocks (a function's signature, an example call, sample data)
 * are left out, because an honest answer to a coding question repeats exactly those.
 */

/** A word: letters (any script) and digits, with inner apostrophes ("don't"); everything else separates words. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text, in order, as written (compare them with `sameWord`). */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

const inlineProse = (inline: QuestionInline): string => {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'code':
      // A code span ends the run of prose around it: the words on either side are not consecutive.
      return '\u0000';
    case 'break':
      return '\n';
    case 'strong':
    case 'emphasis':
    case 'link':
      return inline.children.map(inlineProse).join('');
  }
};

const blockProse = (block: QuestionBlock): string[] => {
  switch (block.type) {
    case 'paragraph':
      return [block.children.map(inlineProse).join('')];
    case 'codeBlock':
      return [];
    case 'list':
      return block.items.flatMap((item) => item.flatMap(blockProse));
  }
};

/**
 * The question's prose as runs of words: each run is words that follow each other in the text (a code span or block
 * splits them), so a shared run never joins words the question does not put side by side.
 */
export const questionProse = (questionText: string): string[][] =>
  parseQuestionText(questionText)
    .flatMap(blockProse)
    .flatMap((paragraph) => paragraph.split('\u0000'))
    .map(wordsOf)
    .filter((run) => run.length > 0);

/** The number of words in a question's prose. */
export const proseWordCount = (prose: readonly (readonly string[])[]): number => prose.reduce((sum, run) => sum + run.length, 0);

export interface SharedRun {
  /** How many consecutive words of the prose the text repeats; 0 when none. */
  readonly words: number;
  /** Those words as the question writes them (the first `excerptWords` of them), for a reviewer to find. */
  readonly excerpt: string;
}

/** Words of a shared run a report quotes: enough to find the passage in the question. */
const EXCERPT_WORDS = 12;

const NONE: SharedRun = { words: 0, excerpt: '' };

/**
 * The longest run of consecutive words of `prose` that `text` also has consecutively (case aside). A sparse dynamic
 * programme over the text's words: for each, the prose positions holding the same word extend the run that ended one
 * word before on both sides; linear in the text for prose of ordinary length.
 */
export const longestSharedRun = (prose: readonly (readonly string[])[], text: string): SharedRun => {
  const positions = new Map<string, { run: number; index: number }[]>();
  prose.forEach((run, runIndex) =>
    run.forEach((word, index) => {
      const key = word.toLowerCase();
      const list = positions.get(key) ?? [];
      list.push({ run: runIndex, index });
      positions.set(key, list);
    }),
  );
  let best = { words: 0, run: 0, end: 0 };
  let previous = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const current = new Map<string, number>();
    for (const { run, index } of positions.get(word.toLowerCase()) ?? []) {
      const length = (previous.get(`${run}:${index - 1}`) ?? 0) + 1;
      current.set(`${run}:${index}`, length);
      if (length > best.words) best = { words: length, run, end: index };
    }
    previous = current;
  }
  if (best.words === 0) return NONE;
  const words = prose[best.run]!.slice(best.end - best.words + 1, best.end + 1);
  const excerpt = words.slice(0, EXCERPT_WORDS).join(' ') + (words.length > EXCERPT_WORDS ? ' …' : '');
  return { words: best.words, excerpt };
};
