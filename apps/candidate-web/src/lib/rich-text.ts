import { h } from './dom.js';
import { keyboardScrollable } from './scrollable.js';

/**
 * Question text is plain text; authors often mark code the Markdown way, so ```fenced blocks``` become
 * <pre> and `spans` become <code>. Everything stays text nodes: nothing in the text is ever HTML. A block
 * wider than the column scrolls, and can be scrolled from the keyboard.
 */
export function richText(text: string): Node[] {
  const nodes: Node[] = [];
  const parts = text.split(/```[^\n`]*\n?([\s\S]*?)```/g);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      nodes.push(keyboardScrollable(h('pre', { class: 'code-block' }, h('code', null, part.replace(/\n$/, ''))), 'Code'));
      return;
    }
    const spans = part.split(/`([^`\n]+)`/g);
    spans.forEach((span, spanIndex) => {
      if (spanIndex % 2 === 1) nodes.push(h('code', null, span));
      else if (span) nodes.push(document.createTextNode(span));
    });
  });
  return nodes;
}
