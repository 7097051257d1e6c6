import { Lexer, type Token, type Tokens } from 'marked';

/**
 * The one text format of questions and options: a Markdown subset (docs/question-text.md). The author writes
 * Markdown; this parse is the only place that reads it, and every medium (the candidate page, the PDF, the
 * workbook, the report's JSON) renders the tree it returns, so what is bold on the page is bold in the PDF.
 *
 * In the subset: paragraphs (a single line break is kept as a line break), **bold**, *italic*, `code`, fenced (and
 * indented) code blocks, bulleted and numbered lists (nested), and links to http:, https: and mailto: addresses
 * (`[text](https://…)`, `<https://…>` or a bare https://… address). Everything else is text, shown as written:
 * HTML (`<b>`, `<script>`), character references (`&amp;`), headings, quotes, tables, images, strikethrough, a link
 * to any other scheme (`javascript:`). No input throws: what the parser cannot read is one paragraph of its text.
 */
export type QuestionInline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly QuestionInline[] }
  | { readonly type: 'emphasis'; readonly children: readonly QuestionInline[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly QuestionInline[] }
  | { readonly type: 'break' };

export type QuestionBlock =
  | { readonly type: 'paragraph'; readonly children: readonly QuestionInline[] }
  | { readonly type: 'codeBlock'; readonly language: string; readonly text: string }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly (readonly QuestionBlock[])[] };

/** A question's (or an option's) text, read: its blocks in order. */
export type QuestionText = readonly QuestionBlock[];

/** The schemes a link may have; any other link is its text as written. */
const LINK_SCHEME = /^(?:https?:\/\/|mailto:)/i;

/** Deeper nesting (lists in lists, emphasis in emphasis) is text as written: no medium needs more, and no renderer recurses without end. */
const MAX_DEPTH = 8;

/**
 * A line opening more than MAX_DEPTH lists or quotes at once (`- - - - …`, `> > > …`): the parser recurses once per
 * level and takes seconds, then overflows its stack, on a few thousand; such text is read as lines of text.
 */
const TOO_DEEP = new RegExp(`^(?:[ \\t]*(?:[-*+][ \\t]+|>[ \\t]*|\\d{1,9}[.)][ \\t]+)){${MAX_DEPTH + 1},}`, 'm');

/** GitHub comments' flavour: a line break within a paragraph stays a line break, as in the plain text questions were before. */
const lexerOptions = { gfm: true, breaks: true } as const;

/** True for an href the subset links to. */
export const isLinkable = (href: string): boolean => LINK_SCHEME.test(href.trim());

const text = (value: string): QuestionInline => ({ type: 'text', text: value });

/** Adjacent text runs as one, and no empty ones: every renderer sees the fewest nodes. */
const merged = (inlines: readonly QuestionInline[]): QuestionInline[] => {
  const out: QuestionInline[] = [];
  for (const inline of inlines) {
    const last = out.at(-1);
    if (inline.type === 'text' && inline.text === '') continue;
    if (inline.type === 'text' && last?.type === 'text') out[out.length - 1] = text(last.text + inline.text);
    else out.push(inline);
  }
  return out;
};

const inlinesOf = (tokens: readonly Token[] | undefined, depth: number): QuestionInline[] => merged((tokens ?? []).flatMap((token) => inlineOf(token, depth)));

const inlineOf = (token: Token, depth: number): QuestionInline[] => {
  if (depth > MAX_DEPTH) return [text(token.raw)];
  switch (token.type) {
    case 'strong':
      return [{ type: 'strong', children: inlinesOf((token as Tokens.Strong).tokens, depth + 1) }];
    case 'em':
      return [{ type: 'emphasis', children: inlinesOf((token as Tokens.Em).tokens, depth + 1) }];
    case 'codespan':
      return [{ type: 'code', text: (token as Tokens.Codespan).text }];
    case 'br':
      return [{ type: 'break' }];
    case 'escape':
      return [text((token as Tokens.Escape).text)];
    case 'link': {
      const link = token as Tokens.Link;
      return isLinkable(link.href) ? [{ type: 'link', href: link.href.trim(), children: inlinesOf(link.tokens, depth + 1) }] : [text(link.raw)];
    }
    case 'text': {
      const run = token as Tokens.Text;
      return run.tokens ? inlinesOf(run.tokens, depth) : [text(run.text)];
    }
    default:
      // HTML, images, strikethrough, a task list's box and anything a later parser adds: the author's characters.
      return [text(token.raw)];
  }
};

/** A paragraph of lines exactly as written, line breaks kept. */
const linesAsWritten = (source: string): QuestionBlock => {
  const lines = source.replace(/\n+$/, '').split('\n');
  return { type: 'paragraph', children: merged(lines.flatMap((line, index) => (index === 0 ? [text(line)] : [{ type: 'break' as const }, text(line)]))) };
};

const blocksOf = (tokens: readonly Token[], depth: number): QuestionBlock[] => {
  const blocks: QuestionBlock[] = [];
  for (const token of tokens) {
    const block = blockOf(token, depth);
    if (!block) continue;
    const last = blocks.at(-1);
    // Two runs of a tight list item's text (around a nested list's end): one paragraph, as written.
    if (block.type === 'paragraph' && last?.type === 'paragraph' && token.type === 'text') {
      blocks[blocks.length - 1] = { type: 'paragraph', children: merged([...last.children, { type: 'break' }, ...block.children]) };
    } else blocks.push(block);
  }
  return blocks;
};

const blockOf = (token: Token, depth: number): QuestionBlock | undefined => {
  if (depth > MAX_DEPTH) return linesAsWritten(token.raw);
  switch (token.type) {
    case 'space':
      return undefined;
    case 'paragraph':
      return { type: 'paragraph', children: inlinesOf((token as Tokens.Paragraph).tokens, depth) };
    case 'text': {
      const run = token as Tokens.Text;
      return { type: 'paragraph', children: run.tokens ? inlinesOf(run.tokens, depth) : [text(run.text)] };
    }
    case 'code': {
      const code = token as Tokens.Code;
      return { type: 'codeBlock', language: (code.lang ?? '').trim().split(/\s+/)[0] ?? '', text: code.text };
    }
    case 'list': {
      const list = token as Tokens.List;
      const start = typeof list.start === 'number' && Number.isSafeInteger(list.start) ? list.start : 1;
      return { type: 'list', ordered: list.ordered, start, items: list.items.map((item) => blocksOf(item.tokens, depth + 1)) };
    }
    default:
      // Headings, quotes, rules, tables, HTML blocks: a paragraph of the author's lines.
      return linesAsWritten(token.raw);
  }
};

/** Reads a question's or an option's text in the subset. Never throws: text the parser fails on is one paragraph of that text. */
export const parseQuestionText = (source: string): QuestionText => {
  const normalised = source.replace(/\r\n?/g, '\n');
  if (normalised.trim() === '') return [];
  try {
    if (!TOO_DEEP.test(normalised)) return blocksOf(new Lexer(lexerOptions).lex(normalised), 0);
  } catch {
    // Below: the text as written.
  }
  return [linesAsWritten(normalised)];
};
