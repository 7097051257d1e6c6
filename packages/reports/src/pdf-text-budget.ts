/**
 * How much of a text the report PDF draws (issue 48 item 3, decision 639). A candidate's one 100,000-character line
 * took 18 pages and 17 s of the export pool every org shares; the PDF is read by a person, and the whole text is in
 * `GET /v2/org/report/{id}/details`. So every text has a budget by kind: `chars` for the whole text, `word` for one
 * word (for code: one source line). What is cut is said where it was cut: "… N more characters, see /details".
 */
export interface TextBudget {
  /** Characters (code points) of the whole text. */
  readonly chars: number;
  /** Characters of one word (a run without spaces), or of one source line of code. */
  readonly word: number;
}

export const TEXT_BUDGETS = {
  /** Submitted code: a line beyond ~4 wrapped lines is cut; the whole answer fits ~8 pages of ordinary code. */
  code: { chars: 20_000, word: 400 },
  /** A written answer: several thousand words; no word of prose (a URL included) is longer than 200 characters. */
  essay: { chars: 30_000, word: 200 },
  /** A grader's comment, a reviewer's note. */
  comment: { chars: 4_000, word: 200 },
  /** One entry of the history appendix. */
  history: { chars: 1_000, word: 200 },
  /** A hidden test's input, as JSON. */
  testInput: { chars: 300, word: 300 },
  /** A question's or an option's text, written by the test's author (a word may be a long link). */
  questionText: { chars: 20_000, word: 1_000 },
  /** Any other wrapped text: names, labels, notes, table cells. */
  wrapped: { chars: 5_000, word: 200 },
} as const satisfies Record<string, TextBudget>;

/** A line drawn by `put` is cut to its width anyway; no line of the page shows more than this many characters. */
export const LINE_CHARS = 1_000;

/** What stands where a text was cut. */
export const moreCharacters = (more: number): string => `\u2026 ${more} more character${more === 1 ? '' : 's'}, see /details`;

/** The UTF-16 offset after the first `count` code points of `text` (a surrogate pair is never split). */
const offsetAfter = (text: string, count: number): number => {
  let offset = 0;
  for (let seen = 0; seen < count && offset < text.length; seen += 1) offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  return offset;
};

export const codePoints = (text: string): number => {
  let count = 0;
  for (let offset = 0; offset < text.length; count += 1) offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  return count;
};

/** `text` cut after `count` characters, and how many were cut (0 when it is within). */
export const cutAfter = (text: string, count: number): { kept: string; more: number } => {
  if (text.length <= count) return { kept: text, more: 0 };
  const offset = offsetAfter(text, count);
  return offset >= text.length ? { kept: text, more: 0 } : { kept: text.slice(0, offset), more: codePoints(text.slice(offset)) };
};

/**
 * `text` within `budget`, word by word: a word past the word budget is cut and marked, and the text stops where the
 * whole budget is spent (in a word or between two), marked with everything it left out: one marker per cut.
 */
export const withinBudget = (text: string, budget: TextBudget): string => {
  if (text.length <= Math.min(budget.chars, budget.word)) return text;
  const units = /\S+|\s+/gy;
  let kept = '';
  let drawn = 0;
  for (let unit = units.exec(text); unit !== null; unit = units.exec(text)) {
    const [part] = unit;
    const room = budget.chars - drawn;
    const allowed = /^\s/.test(part) ? room : Math.min(budget.word, room);
    const cut = cutAfter(part, allowed);
    if (cut.more === 0) {
      kept += part;
      drawn += part.length;
      continue;
    }
    if (allowed === room) return `${kept}${cut.kept} ${moreCharacters(codePoints(text.slice(unit.index + cut.kept.length)))}`;
    kept += `${cut.kept} ${moreCharacters(cut.more)}`;
    drawn += cut.kept.length;
  }
  return kept;
};
