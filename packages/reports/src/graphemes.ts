// Made at first use: a segmenter loads ICU's break-iteration data, which a server that renders nothing never needs.
let graphemes: Intl.Segmenter | undefined;

/** The user-perceived characters of `text`: a line is only ever cut between two of them. */
export const graphemesOf = (text: string): string[] => {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (segment) => segment.segment);
};
