/**
 * A scored attempt's question results as one text (`attempt_results`, migration 021): `questionId:marks:cases` joined
 * by `;`, cases being question_results' JSON verdicts or empty when no hidden tests ran. One row per attempt instead of
 * one per question: the Excel export reads 100,000 attempts of a 36-question test, 3.6 M results. Marks are written
 * as JavaScript's shortest exact text here, and as 17 significant digits by the migration's backfill on SQLite: both
 * read back as the same number.
 */
export const resultsTextOf = (questions: readonly { questionId: number; marks: number; cases: readonly boolean[] | null }[]): string =>
  questions.map(({ questionId, marks, cases }) => `${questionId}:${marks}:${cases === null ? '' : JSON.stringify(cases)}`).join(';');

/** Reads an attempt's results text into `marks` and `cases` at each question's position (unknown questions are skipped). */
export const readResultsText = (
  text: string | null,
  positionOf: ReadonlyMap<number, number>,
  marks: (number | null)[],
  cases: (readonly boolean[] | null)[],
): void => {
  if (!text) return;
  for (let start = 0; start < text.length; ) {
    const separator = text.indexOf(';', start);
    const end = separator === -1 ? text.length : separator;
    const idEnd = text.indexOf(':', start);
    const marksEnd = text.indexOf(':', idEnd + 1);
    const position = positionOf.get(Number(text.slice(start, idEnd)));
    if (position !== undefined) {
      marks[position] = Number(text.slice(idEnd + 1, marksEnd));
      if (marksEnd + 1 < end) cases[position] = JSON.parse(text.slice(marksEnd + 1, end)) as boolean[];
    }
    start = end + 1;
  }
};
