import stringWidth from 'string-width';

/** Splits a word wider than `width` cells into pieces that fit. */
const piecesOf = (word: string, width: number): string[] => {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece !== '' && stringWidth(piece + character) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece === '' ? pieces : [...pieces, piece];
};

/**
 * A text as the lines it takes at `width` terminal cells: its own line breaks kept (a blank line stays blank), each
 * paragraph wrapped at spaces, a word wider than the line cut. The TUI scrolls a long answer by these lines, so it
 * must know them before Ink draws (Ink's own wrapping cannot be counted).
 */
export const wrapLines = (text: string, width: number): string[] => {
  const cells = Math.max(1, width);
  return text.split(/\r\n|\r|\n/).flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter((each) => each !== '')) {
      const joined = line === '' ? word : `${line} ${word}`;
      if (stringWidth(joined) <= cells) {
        line = joined;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = piecesOf(word, cells);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    return [...lines, line];
  });
};
