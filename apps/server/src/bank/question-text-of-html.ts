import TurndownService from 'turndown';

/** How a bank marks a text's format: Moodle's `format` attribute, GIFT's `[html]`/`[markdown]`/`[plain]`/`[moodle]`. */
export type BankTextFormat = 'html' | 'moodle_auto_format' | 'plain_text' | 'markdown';

/** A bank's text in Assay's question text format (docs/question-text.md), with what it could not carry. */
export interface QuestionText {
  readonly text: string;
  readonly notCarried: readonly string[];
}

/**
 * Moodle's HTML as the Markdown subset Assay shows: bold, italic, code, fenced code blocks (their language kept), lists
 * and links survive; scripts, styles and embedded frames are dropped; images and tables, which the format has no place
 * for, leave a trace in the text and a line in the report. Whatever HTML is left is text: the candidate page shows it
 * as written and never as markup (docs/question-text.md), so nothing here has to be trusted to be safe.
 */
export const questionTextOf = (text: string, format: BankTextFormat): QuestionText => {
  const notCarried = new Set<string>();
  const converted = match(format, text, notCarried);
  return { text: converted.replace(/\n{3,}/g, '\n\n').trim(), notCarried: [...notCarried] };
};

function match(format: BankTextFormat, text: string, notCarried: Set<string>): string {
  switch (format) {
    case 'markdown':
      return text;
    case 'plain_text':
      return plainTurndown.escape(text);
    case 'moodle_auto_format':
      return turndownOf(notCarried).turndown(text.replace(/\r?\n/g, '<br>'));
    case 'html':
      return turndownOf(notCarried).turndown(text);
  }
}

const OPTIONS: TurndownService.Options = { codeBlockStyle: 'fenced', headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '*', strongDelimiter: '**' };
const plainTurndown = new TurndownService(OPTIONS);

/** A converter per text, so the rules can note what they left behind. */
function turndownOf(notCarried: Set<string>): TurndownService {
  const service = new TurndownService(OPTIONS);
  service.remove(['script', 'style', 'noscript', 'template']);
  service.addRule('line-break', { filter: 'br', replacement: () => '\n' });
  // Headings are not in the subset (they would show as "# Title"): a bold line says the same.
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => (content.trim() === '' ? '' : `\n\n**${content.trim()}**\n\n`),
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      // The server has no DOM types: turndown's node is domino's element, read through the one method used.
      const alt = (node as unknown as { getAttribute(name: string): string | null }).getAttribute('alt')?.trim() ?? '';
      notCarried.add(alt === '' ? 'an image' : `the image "${alt}"`);
      return alt === '' ? '[image]' : `[image: ${alt}]`;
    },
  });
  service.addRule('table-cell', {
    filter: ['td', 'th'],
    replacement: (content) => ` ${content.replace(/\s+/g, ' ').trim()} |`,
  });
  service.addRule('table-row', {
    filter: 'tr',
    replacement: (content) => {
      notCarried.add('a table (kept as lines of text)');
      return `\n|${content}\n`;
    },
  });
  service.addRule('media-frame', {
    filter: (node) => ['IFRAME', 'VIDEO', 'AUDIO', 'OBJECT', 'EMBED'].includes((node as unknown as { nodeName: string }).nodeName),
    replacement: () => {
      notCarried.add('embedded media');
      return '';
    },
  });
  return service;
}
