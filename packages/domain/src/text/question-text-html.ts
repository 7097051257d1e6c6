import { parseQuestionText, type QuestionBlock, type QuestionInline, type QuestionText } from './question-text.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text: every character that could start markup is a character reference. */
const escaped = (value: string): string => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/**
 * A question's text as HTML (the report JSON's `textHtml`, for integrators who show it in a page): only the subset's
 * elements, every character of the author's text escaped, links only to http:, https: and mailto: addresses (the
 * parse made any other link text), opened without the page's referrer. Safe to put in a page as it is.
 */
export const questionTextHtml = (source: string | QuestionText): string =>
  (typeof source === 'string' ? parseQuestionText(source) : source).map(blockHtml).join('');

const inlinesHtml = (inlines: readonly QuestionInline[]): string => inlines.map(inlineHtml).join('');

const inlineHtml = (inline: QuestionInline): string => {
  switch (inline.type) {
    case 'text':
      return escaped(inline.text);
    case 'code':
      return `<code>${escaped(inline.text)}</code>`;
    case 'break':
      return '<br>';
    case 'strong':
      return `<strong>${inlinesHtml(inline.children)}</strong>`;
    case 'emphasis':
      return `<em>${inlinesHtml(inline.children)}</em>`;
    case 'link':
      return `<a href="${escaped(inline.href)}" rel="noopener noreferrer nofollow">${inlinesHtml(inline.children)}</a>`;
  }
};

const blockHtml = (block: QuestionBlock): string => {
  switch (block.type) {
    case 'paragraph':
      return `<p>${inlinesHtml(block.children)}</p>`;
    case 'codeBlock': {
      const language = /^[\w+#-]+$/.test(block.language) ? ` class="language-${block.language}"` : '';
      return `<pre><code${language}>${escaped(block.text)}</code></pre>`;
    }
    case 'list': {
      const items = block.items.map((item) => `<li>${item.map(blockHtml).join('')}</li>`).join('');
      if (!block.ordered) return `<ul>${items}</ul>`;
      return block.start === 1 ? `<ol>${items}</ol>` : `<ol start="${block.start}">${items}</ol>`;
    }
  }
};
