/**
 * Printed text cut into what the page marks (decision 1102): each line's text, its trailing spaces and tabs, and
 * whether a newline ends it. Pure. The stdio rule forgives trailing whitespace and final newlines, but a candidate
 * reading "9 " against "9" needs to see them to know they are there.
 */
export interface PrintedLine {
  readonly text: string;
  /** Spaces and tabs at the end of the line ('' for none). */
  readonly trailing: string;
  /** A newline ends the line (the last line of text without one has none). */
  readonly newline: boolean;
}

export function printedLines(printed: string): PrintedLine[] {
  if (printed === '') return [];
  const lines = printed.split('\n');
  return lines.flatMap((line, index): PrintedLine[] => {
    const newline = index < lines.length - 1;
    if (!newline && line === '') return [];
    const text = line.replace(/[ \t\r]+$/, '');
    return [{ text, trailing: line.slice(text.length), newline }];
  });
}
