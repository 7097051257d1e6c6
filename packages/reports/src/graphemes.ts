const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The user-perceived characters of `text`: a line is only ever cut between two of them. */
export const graphemesOf = (text: string): string[] => Array.from(graphemes.segment(text), (segment) => segment.segment);
