import { drawColouredRuns } from './fonts/document-faces.js';
import { fontCatalogue } from './fonts/font-catalogue.js';
import { graphemesOf } from './graphemes.js';
import { highlight, type Token, type TokenKind } from '@assay/domain/languages';
import { BOTTOM, LEFT, MONO, MUTED, WIDTH, put, widthOf, type Cursor, type Doc } from './pdf-layout.js';
import { TEXT_BUDGETS, codePoints, cutAfter, moreCharacters } from './pdf-text-budget.js';

const SIZE = 8;
const LINE = 10.5;
const PAD = 6;
const BACKGROUND = '#f6f8fa';
const GUTTER_RULE = '#d0d7de';

/** Colours of the tokens (GitHub's light theme, dark enough for paper). */
const COLOURS: Record<TokenKind, string> = {
  plain: '#1f2328',
  keyword: '#cf222e',
  string: '#0a3069',
  number: '#0550ae',
  comment: '#6e7781',
};

const style = { font: MONO, size: SIZE } as const;

/** A token list cut into visual lines no wider than `room` (between graphemes); the first is the source line's start. */
const wrapTokens = (doc: Doc, tokens: readonly Token[], room: number): Token[][] => {
  const lines: Token[][] = [[]];
  let used = 0;
  for (const token of tokens) {
    const width = widthOf(doc, token.text, style);
    if (used + width <= room) {
      lines.at(-1)!.push(token);
      used += width;
      continue;
    }
    let part = '';
    // The mono face has no kerning: a part's width is the sum of its graphemes', measured one by one (measuring every
    // prefix again made a long token quadratic).
    let partWidth = 0;
    for (const grapheme of graphemesOf(token.text)) {
      const width = widthOf(doc, grapheme, style);
      if (used + partWidth + width > room && (part !== '' || used > 0)) {
        if (part !== '') lines.at(-1)!.push({ text: part, kind: token.kind });
        lines.push([]);
        used = 0;
        part = grapheme;
        partWidth = width;
      } else {
        part += grapheme;
        partWidth += width;
      }
    }
    if (part !== '') {
      lines.at(-1)!.push({ text: part, kind: token.kind });
      used += widthOf(doc, part, style);
    }
  }
  return lines;
};

/** A source line's tokens, and the marker of what its cut left out. */
const marked = (tokens: readonly Token[], more: number): Token[] => [
  ...tokens,
  { text: `${tokens.length > 0 ? ' ' : ''}${moreCharacters(more)}`, kind: 'comment' },
];

/**
 * The code's tokens by source line within its budget (decision 639): a line past `word` characters is cut, and the code
 * stops where `chars` are drawn, each cut followed by what it left out ("… N more characters, see /details", in the
 * comment colour). Highlighted after the cut: nothing past the budget is read at all.
 */
const budgetedSource = (code: string, language: string): Token[][] => {
  const { chars, word } = TEXT_BUDGETS.code;
  const kept: { text: string; more: number }[] = [];
  const lines = /[^\r\n]*(\r\n?|\n|$)/y;
  let drawn = 0;
  for (let line = lines.exec(code); line !== null && line.index < code.length; line = lines.exec(code)) {
    const text = line[0].slice(0, line[0].length - (line[1]?.length ?? 0));
    const room = chars - drawn;
    const cut = cutAfter(text, Math.min(word, room));
    if (cut.more > 0 && room <= word) {
      kept.push({ text: cut.kept, more: codePoints(code.slice(line.index + cut.kept.length)) });
      break;
    }
    kept.push({ text: cut.kept, more: cut.more });
    drawn += cut.kept.length + (line[1]?.length ?? 0);
  }
  const source = highlight(kept.map((line) => line.text).join('\n'), language);
  return source.map((tokens, index) => ((kept[index]?.more ?? 0) > 0 ? marked(tokens, kept[index]!.more) : tokens));
};

/**
 * Submitted code in the mono face on a shaded block: line numbers in a gutter, tokens coloured by kind, long lines
 * wrapped (the continuation without a number), the block continuing on the next page when it does not fit.
 */
export const drawCode = (doc: Doc, cursor: Cursor, code: string, language: string): void => {
  const source = budgetedSource(code.replace(/\t/g, '  ').replace(/\s+$/, ''), language);
  const digits = String(source.length).length;
  const gutter = widthOf(doc, '0'.repeat(digits), style) + 2 * PAD;
  const textLeft = LEFT + gutter + PAD;
  const room = WIDTH - gutter - 2 * PAD;
  const band = (top: number, height: number): void => {
    doc.save().rect(LEFT, top, WIDTH, height).fill(BACKGROUND).restore();
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(GUTTER_RULE)
      .moveTo(LEFT + gutter, top)
      .lineTo(LEFT + gutter, top + height)
      .stroke()
      .restore();
  };
  const lines = source.flatMap((tokens, index) => wrapTokens(doc, tokens, room).map((line, part) => ({ number: part === 0 ? String(index + 1) : '', line })));
  const mono = fontCatalogue.latin(MONO);
  cursor.ensure(PAD + 3 * LINE);
  band(cursor.y, PAD / 2);
  cursor.y += PAD / 2;
  // One shaded band per page the block covers, then its lines: a line is one text object (its number and its tokens).
  for (let from = 0; from < lines.length; ) {
    cursor.ensure(LINE);
    const count = Math.max(1, Math.min(lines.length - from, Math.floor((BOTTOM - cursor.y) / LINE)));
    band(cursor.y, count * LINE);
    for (const { number, line } of lines.slice(from, from + count)) {
      const numberX = LEFT + gutter - PAD - widthOf(doc, number, style);
      const runs = [
        { text: number, color: MUTED, x: numberX },
        ...line.map((token, index) => ({ text: token.text, color: COLOURS[token.kind], ...(index === 0 ? { x: textLeft } : {}) })),
      ];
      if (line.length === 0) runs.push({ text: '', color: MUTED, x: textLeft });
      if (!drawColouredRuns(doc, mono, SIZE, numberX, cursor.y + 1.5, runs)) {
        put(doc, number, LEFT, cursor.y + 1.5, gutter - PAD, { ...style, color: MUTED, align: 'right' });
        let x = textLeft;
        for (const token of line) {
          const width = widthOf(doc, token.text, style);
          if (token.text.trim() !== '') put(doc, token.text, x, cursor.y + 1.5, width + 2, { ...style, color: COLOURS[token.kind] });
          x += width;
        }
      }
      cursor.y += LINE;
    }
    from += count;
  }
  band(cursor.y, PAD / 2);
  cursor.y += PAD / 2;
};
