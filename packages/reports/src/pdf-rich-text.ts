import { listMarker, parseQuestionText, type QuestionBlock, type QuestionInline } from '@assay/domain';
import type { FontStyle } from './fonts/font-catalogue.js';
import { graphemesOf } from './graphemes.js';
import { ThreadCaches } from './thread-cache.js';
import { ACCENT, BOLD, INK, ITALIC, MONO, linesOf, put, widthOf, type Cursor, type Doc } from './pdf-layout.js';
import { TEXT_BUDGETS, withinBudget } from './pdf-text-budget.js';

/**
 * Question and option text in the PDF, from the same parse as the candidate page (docs/question-text.md): **bold**
 * in the bold face, *italic* in the italic one, `code` in the mono face, code blocks in mono on a tinted band,
 * list items after their bullet or number, links in the accent colour and clickable. Laid out into lines first (an
 * option's check marks sit beside its first line), then drawn, a question's text flowing over pages.
 */

const CODE_SIZE_RATIO = 0.86;
const CODE_BAND = '#f3f4f6';
const BLOCK_GAP = 4;
const LIST_INDENT = 14;

export interface RichTextStyle {
  /** The face of text without emphasis (an option the candidate chose is bold). */
  readonly font?: FontStyle;
  readonly size: number;
  readonly lineHeight: number;
}

interface Segment {
  readonly text: string;
  readonly x: number;
  readonly width: number;
  readonly font: FontStyle;
  readonly size: number;
  readonly color: string;
  readonly href?: string | undefined;
}

/** One line of laid-out text: its segments (x from the text's left edge), its height, and whether it sits on a code band. */
export interface RichLine {
  readonly segments: Segment[];
  readonly height: number;
  readonly band?: { readonly x: number; readonly width: number } | undefined;
}

interface Run {
  readonly text: string;
  readonly font: FontStyle;
  readonly color: string;
  readonly href?: string | undefined;
}

type Mark = { font: FontStyle; color: string; href?: string | undefined };

/** The runs of a paragraph, a line break as '\n'; strong wins over emphasis (the report has no bold italic face). */
const runsOf = (inlines: readonly QuestionInline[], mark: Mark): Run[] =>
  inlines.flatMap((inline): Run[] => {
    switch (inline.type) {
      case 'text':
        return [{ text: inline.text, ...mark }];
      case 'break':
        return [{ text: '\n', ...mark }];
      case 'code':
        return [{ text: inline.text, ...mark, font: MONO }];
      case 'strong':
        return runsOf(inline.children, { ...mark, font: BOLD });
      case 'emphasis':
        return runsOf(inline.children, { ...mark, font: mark.font === BOLD ? BOLD : ITALIC });
      case 'link':
        return runsOf(inline.children, { ...mark, color: ACCENT, href: inline.href });
    }
  });

const sizeOf = (font: FontStyle, style: RichTextStyle): number => (font === MONO ? style.size * CODE_SIZE_RATIO : style.size);

/** A paragraph in one face and colour: the report's own wrapping (scripts, bidi), exactly as plain text always was. */
const uniformLines = (doc: Doc, runs: readonly Run[], width: number, style: RichTextStyle): RichLine[] => {
  const { font, color, href } = runs[0]!;
  const size = sizeOf(font, style);
  return linesOf(doc, runs.map((run) => run.text).join(''), width, { font, size, budget: TEXT_BUDGETS.questionText }).map((text) => ({
    height: style.lineHeight,
    segments: text === '' ? [] : [{ text, x: 0, width: widthOf(doc, text, { font, size }), font, size, color, href }],
  }));
};

/** A paragraph of several faces: word by word, a word wider than the line broken between graphemes. */
const mixedLines = (doc: Doc, runs: readonly Run[], width: number, style: RichTextStyle): RichLine[] => {
  const lines: RichLine[] = [];
  let segments: Segment[] = [];
  let used = 0;
  const newLine = (): void => {
    lines.push({ segments, height: style.lineHeight });
    segments = [];
    used = 0;
  };
  const place = (text: string, run: Run): void => {
    const size = sizeOf(run.font, style);
    const measured = widthOf(doc, text, { font: run.font, size });
    const last = segments.at(-1);
    if (last && last.font === run.font && last.color === run.color && last.href === run.href) {
      segments[segments.length - 1] = { ...last, text: last.text + text, width: widthOf(doc, last.text + text, { font: run.font, size }) };
    } else segments.push({ text, x: used, width: measured, font: run.font, size, color: run.color, href: run.href });
    used += measured;
  };
  for (const run of runs) {
    if (run.text === '\n') {
      newLine();
      continue;
    }
    for (const unit of run.text.match(/\S+|\s+/g) ?? []) {
      const size = sizeOf(run.font, style);
      if (/^\s/.test(unit)) {
        if (used > 0) place(unit, run);
        continue;
      }
      const wide = widthOf(doc, unit, { font: run.font, size });
      if (used + wide > width && used > 0) {
        // The space that ended the line is not part of it.
        const last = segments.at(-1);
        if (last?.text.endsWith(' ')) segments[segments.length - 1] = { ...last, text: last.text.trimEnd() };
        newLine();
      }
      if (wide <= width) {
        place(unit, run);
        continue;
      }
      for (const grapheme of graphemesOf(unit)) {
        if (used > 0 && used + widthOf(doc, grapheme, { font: run.font, size }) > width) newLine();
        place(grapheme, run);
      }
    }
  }
  newLine();
  return lines;
};

const paragraphLines = (doc: Doc, inlines: readonly QuestionInline[], width: number, style: RichTextStyle): RichLine[] => {
  const runs = runsOf(inlines, { font: style.font ?? 'regular', color: INK });
  if (runs.length === 0) return [];
  const uniform = runs.every((run) => run.font === runs[0]!.font && run.color === runs[0]!.color && run.href === runs[0]!.href);
  return uniform ? uniformLines(doc, runs, width, style) : mixedLines(doc, runs, width, style);
};

/** A code block: its lines in the mono face, long ones broken between graphemes, each on the tinted band. */
const codeLines = (doc: Doc, code: string, width: number, style: RichTextStyle): RichLine[] => {
  const size = sizeOf(MONO, style);
  const pad = 4;
  const lines = code.replace(/\t/g, '  ').split('\n');
  return lines.flatMap((line) => {
    const parts: string[] = [''];
    for (const grapheme of graphemesOf(line)) {
      if (parts.at(-1) !== '' && widthOf(doc, parts.at(-1)! + grapheme, { font: MONO, size }) > width - 2 * pad) parts.push('');
      parts[parts.length - 1] += grapheme;
    }
    return parts.map((text) => ({
      height: style.lineHeight,
      band: { x: 0, width },
      segments: text === '' ? [] : [{ text, x: pad, width: widthOf(doc, text, { font: MONO, size }), font: MONO, size, color: INK }],
    }));
  });
};

const shifted = (line: RichLine, by: number): RichLine => ({
  ...line,
  segments: line.segments.map((segment) => ({ ...segment, x: segment.x + by })),
  band: line.band && { x: line.band.x + by, width: line.band.width },
});

const listLines = (doc: Doc, block: Extract<QuestionBlock, { type: 'list' }>, width: number, style: RichTextStyle): RichLine[] =>
  block.items.flatMap((item, index) => {
    const marker = listMarker(block.ordered, block.start, index);
    const font = style.font ?? 'regular';
    const markerWidth = widthOf(doc, marker, { font, size: style.size });
    const indent = Math.max(LIST_INDENT, markerWidth + 5);
    const lines = blocksLines(doc, item, width - indent, style, 0).map((line) => shifted(line, indent));
    const first = lines[0] ?? { segments: [], height: style.lineHeight };
    const markerSegment: Segment = { text: marker, x: indent - 5 - markerWidth, width: markerWidth, font, size: style.size, color: INK };
    return [{ ...first, segments: [markerSegment, ...first.segments] }, ...lines.slice(1)];
  });

const blocksLines = (doc: Doc, blocks: readonly QuestionBlock[], width: number, style: RichTextStyle, gap: number): RichLine[] =>
  blocks.flatMap((block, index) => {
    const lines =
      block.type === 'paragraph'
        ? paragraphLines(doc, block.children, width, style)
        : block.type === 'codeBlock'
          ? codeLines(doc, block.text, width, style)
          : listLines(doc, block, width, style);
    return index > 0 && gap > 0 ? [{ segments: [], height: gap }, ...lines] : lines;
  });

/**
 * Laid-out lines per thread, by width, style and prefix, then source: every report of a test lays out the same stems
 * and options, and the lines depend on nothing of the document (widths are the font's). Callers only read them.
 */
const laidOut = new ThreadCaches<string, string, readonly RichLine[]>(5_000);

/** The lines a question's or an option's text takes in `width`; `prefix` (an option's letter) starts its first paragraph. */
export const richTextLines = (doc: Doc, source: string, width: number, style: RichTextStyle, prefix = ''): readonly RichLine[] =>
  laidOut.of(`${width} ${style.font ?? ''} ${style.size} ${style.lineHeight} ${prefix}`).get(source, () => layOut(doc, source, width, style, prefix));

const layOut = (doc: Doc, source: string, width: number, style: RichTextStyle, prefix: string): RichLine[] => {
  // The author's text within its budget (decision 639) before it is parsed: a cut is drawn as text, where it was made.
  const blocks = parseQuestionText(withinBudget(source, TEXT_BUDGETS.questionText));
  const [first, ...rest] = blocks;
  const withPrefix: readonly QuestionBlock[] =
    prefix === ''
      ? blocks
      : first?.type === 'paragraph'
        ? [{ type: 'paragraph', children: [{ type: 'text', text: prefix }, ...first.children] }, ...rest]
        : [{ type: 'paragraph', children: [{ type: 'text', text: prefix.trimEnd() }] }, ...blocks];
  return blocksLines(doc, withPrefix, width, style, BLOCK_GAP);
};

/** Draws one laid-out line with its top at (x, y): the code band behind it, then its segments, links clickable. */
export const drawRichLine = (doc: Doc, line: RichLine, x: number, y: number): void => {
  if (line.band)
    doc
      .save()
      .rect(x + line.band.x, y - 1.5, line.band.width, line.height)
      .fill(CODE_BAND)
      .restore();
  for (const segment of line.segments) {
    const top = y + (segment.font === MONO ? 0.8 : 0);
    put(doc, segment.text, x + segment.x, top, segment.width + 2, { font: segment.font, size: segment.size, color: segment.color });
    if (segment.href) doc.link(x + segment.x, y, segment.width, line.height, segment.href);
  }
};

/** Draws a question's text from the cursor down, a new page whenever a line does not fit. */
export const flowRichText = (doc: Doc, cursor: Cursor, lines: readonly RichLine[], x: number): void => {
  for (const line of lines) {
    cursor.ensure(line.height);
    drawRichLine(doc, line, x, cursor.y);
    cursor.y += line.height;
  }
};
