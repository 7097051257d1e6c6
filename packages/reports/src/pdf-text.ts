/** Text for the PDF: the built-in Helvetica fonts only cover WinAnsi (Windows-1252). */

/** The non-Latin-1 code points WinAnsi has (pdfkit maps them to their 0x80-0x9F codes). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Letters that do not decompose to a base letter plus marks. */
const FALLBACK: Readonly<Record<string, string>> = {
  'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'Ħ': 'H', 'ħ': 'h', 'ı': 'i', 'Ŧ': 'T', 'ŧ': 't', 'ſ': 's',
  '\u2010': '-', '\u2011': '-', '\u2212': '-',
};

const isWinAnsi = (codePoint: number): boolean =>
  (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRA.has(codePoint);

const allWinAnsi = (text: string): boolean => [...text].every((char) => isWinAnsi(char.codePointAt(0) ?? 0));

/**
 * Makes text printable with the standard fonts: pdfkit writes any other character as a broken glyph code.
 * Accents outside Latin-1 are dropped (`Ż` -> `Z`), controls become spaces and the rest becomes `?`.
 */
export const toWinAnsi = (text: string): string => {
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (isWinAnsi(codePoint)) out += char;
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) out += ' ';
    else {
      const plain = FALLBACK[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain !== '' && allWinAnsi(plain) ? plain : '?';
    }
  }
  return out;
};

