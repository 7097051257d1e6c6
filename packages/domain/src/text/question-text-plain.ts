import { parseQuestionText, type QuestionBlock, type QuestionInline, type QuestionText } from './question-text.js';

/**
 * A question's text as plain text, for where no styling reaches (a workbook heading, a terminal, the report JSON's
 * `textPlain`): the words without Markdown's marks, a link's address after its text, code as written, list items
 * with a bullet or their number, blocks a blank line apart.
 */
export const questionTextPlain = (source: string | QuestionText): string =>
  blocksPlain(typeof source === 'string' ? parseQuestionText(source) : source, '\n\n');

export const inlinesPlain = (inlines: readonly QuestionInline[]): string => inlines.map(inlinePlain).join('');

const inlinePlain = (inline: QuestionInline): string => {
  switch (inline.type) {
    case 'text':
    case 'code':
      return inline.text;
    case 'break':
      return '\n';
    case 'strong':
    case 'emphasis':
      return inlinesPlain(inline.children);
    case 'link': {
      const label = inlinesPlain(inline.children);
      const address = inline.href.replace(/^mailto:/i, '');
      return label === address || label === inline.href ? label : `${label} (${address})`;
    }
  }
};

/** Where a list item's number or bullet starts: every line after its first is indented as far as its text. */
export const listMarker = (ordered: boolean, start: number, index: number): string => (ordered ? `${start + index}.` : '•');

const blockPlain = (block: QuestionBlock): string => {
  switch (block.type) {
    case 'paragraph':
      return inlinesPlain(block.children);
    case 'codeBlock':
      return block.text;
    case 'list':
      return block.items
        .map((item, index) => {
          const marker = `${listMarker(block.ordered, block.start, index)} `;
          const indent = ' '.repeat(marker.length);
          return marker + blocksPlain(item, '\n').replace(/\n/g, `\n${indent}`);
        })
        .join('\n');
  }
};

const blocksPlain = (blocks: readonly QuestionBlock[], between: string): string => blocks.map(blockPlain).join(between);
