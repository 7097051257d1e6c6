import { listMarker, parseQuestionText, type QuestionBlock, type QuestionInline } from '@assay/domain/text';
import { h } from './dom.js';
import { keyboardScrollable } from './scrollable.js';

/**
 * Question and option text in the one format the domain reads (`parseQuestionText`, docs/question-text.md), as
 * elements: **bold** is <strong>, `code` is <code>, fenced code a <pre> that scrolls (from the keyboard too) when
 * wider than the column. Every character of the author's text goes in as a text node, never as HTML, and links go
 * only to the http:, https: and mailto: addresses the parse allowed, in a new tab so the test stays open.
 */
export function richText(text: string): Node[] {
  return parseQuestionText(text).map((block) => blockElement(block, false));
}

/**
 * The same for an option, which sits in a <label>: phrasing content only, so paragraphs, lists and code blocks are
 * spans shown as blocks (a list item starts with its bullet or number as text).
 */
export function richInlineText(text: string): Node[] {
  return parseQuestionText(text).map((block) => blockElement(block, true));
}

function inlineNodes(inlines: readonly QuestionInline[]): Node[] {
  return inlines.map((inline): Node => {
    switch (inline.type) {
      case 'text':
        return document.createTextNode(inline.text);
      case 'break':
        return h('br');
      case 'code':
        return h('code', null, inline.text);
      case 'strong':
        return h('strong', null, inlineNodes(inline.children));
      case 'emphasis':
        return h('em', null, inlineNodes(inline.children));
      case 'link':
        return h('a', { href: inline.href, target: '_blank', rel: 'noopener noreferrer' }, inlineNodes(inline.children));
    }
  });
}

function blockElement(block: QuestionBlock, phrasing: boolean): HTMLElement {
  switch (block.type) {
    case 'paragraph':
      return h(phrasing ? 'span' : 'p', { class: 'rich-paragraph' }, inlineNodes(block.children));
    case 'codeBlock':
      if (phrasing) return h('code', { class: 'code-block rich-block' }, block.text);
      return keyboardScrollable(h('pre', { class: 'code-block' }, h('code', null, block.text)), 'Code');
    case 'list': {
      if (phrasing) {
        const items = block.items.map((item, index) =>
          h(
            'span',
            { class: 'rich-item' },
            `${listMarker(block.ordered, block.start, index)} `,
            item.map((inner) => blockElement(inner, true)),
          ),
        );
        return h('span', { class: 'rich-list rich-block' }, items);
      }
      const items = block.items.map((item) =>
        h(
          'li',
          null,
          item.map((inner) => blockElement(inner, false)),
        ),
      );
      return block.ordered ? h('ol', { class: 'rich-list', start: block.start === 1 ? null : block.start }, items) : h('ul', { class: 'rich-list' }, items);
    }
  }
}
