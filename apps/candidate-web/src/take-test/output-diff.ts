import { diffArrays } from 'diff';

/**
 * A failing stdin/stdout sample's output against the expected one, line by line (decision 1102). Pure. Lines are
 * compared as the stdio rule reads them (`\r\n` as `\n`, each line's trailing whitespace and the trailing blank lines
 * forgiven), so the difference shown is never only a space the verdict forgave; numbers within the rule's tolerance
 * (`0.30000000000000004` for `0.3`) may still show as a changed line beside the line that failed.
 */

/** One line of the difference: in both, only in the expected output, or only in the candidate's. */
export interface DiffLine {
  readonly kind: 'same' | 'missing' | 'extra';
  readonly text: string;
}

/** Past this many changed lines the outputs are too different to compare line by line (and the diff would be slow). */
const MOST_CHANGES = 400;

export function linesOf(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trimEnd() === '') lines.pop();
  return lines;
}

/** The lines of both outputs in order, each marked; null when they are too different to compare line by line. */
export function outputDiff(expected: string, actual: string): DiffLine[] | null {
  const changes = diffArrays(linesOf(expected), linesOf(actual), {
    comparator: (left, right) => left.trimEnd() === right.trimEnd(),
    maxEditLength: MOST_CHANGES,
  });
  if (changes === undefined) return null;
  return changes.flatMap((change) => change.value.map((text): DiffLine => ({ kind: change.removed ? 'missing' : change.added ? 'extra' : 'same', text })));
}

/** Whether a difference has anything to show: outputs the rule reads as equal (a failed exit) have none. */
export const differs = (lines: readonly DiffLine[]): boolean => lines.some((line) => line.kind !== 'same');

const quoted = (text: string): string => `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`;

/** The first difference in words, with its line in the expected output: what a screen reader hears before the lines. */
export function firstDifference(lines: readonly DiffLine[]): string | null {
  let line = 1;
  for (let index = 0; index < lines.length; index += 1) {
    const current = lines[index]!;
    if (current.kind === 'same') {
      line += 1;
      continue;
    }
    const next = lines[index + 1];
    if (current.kind === 'missing' && next?.kind === 'extra') return `Line ${line}: expected ${quoted(current.text)}, your output has ${quoted(next.text)}.`;
    if (current.kind === 'missing') return `Line ${line}: expected ${quoted(current.text)}, missing from your output.`;
    return `Line ${line}: your output has ${quoted(current.text)}, which is not expected.`;
  }
  return null;
}
