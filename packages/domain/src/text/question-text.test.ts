import { describe, expect, it } from 'vitest';
import { parseQuestionText } from './question-text.js';
import { questionTextHtml } from './question-text-html.js';
import { questionTextPlain } from './question-text-plain.js';

const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const text = (value: string) => ({ type: 'text', text: value });

describe('the question text format reads', () => {
  it('bold, italic and code within a paragraph', () => {
    expect(parseQuestionText('Answer **Not Found** or *none*, as `null`.')).toEqual([
      paragraph(
        text('Answer '),
        { type: 'strong', children: [text('Not Found')] },
        text(' or '),
        { type: 'emphasis', children: [text('none')] },
        text(', as '),
        { type: 'code', text: 'null' },
        text('.'),
      ),
    ]);
  });

  it('paragraphs apart, and a single line break as a line break', () => {
    expect(parseQuestionText('one\ntwo\n\nthree')).toEqual([paragraph(text('one'), { type: 'break' }, text('two')), paragraph(text('three'))]);
  });

  it('a fenced code block with its language, its text as written', () => {
    expect(parseQuestionText('Read:\n\n```js\nconst a = 1 < 2 && "<b>";\n```')).toEqual([
      paragraph(text('Read:')),
      { type: 'codeBlock', language: 'js', text: 'const a = 1 < 2 && "<b>";' },
    ]);
  });

  it('bulleted and numbered lists, nested', () => {
    expect(parseQuestionText('- a\n- **b**\n  1. c\n  2. d\n\n3. e\n4. f')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [paragraph(text('a'))],
          [
            paragraph({ type: 'strong', children: [text('b')] }),
            { type: 'list', ordered: true, start: 1, items: [[paragraph(text('c'))], [paragraph(text('d'))]] },
          ],
        ],
      },
      { type: 'list', ordered: true, start: 3, items: [[paragraph(text('e'))], [paragraph(text('f'))]] },
    ]);
  });

  it('links to http, https and mailto addresses', () => {
    expect(parseQuestionText('[RFC](https://www.rfc-editor.org/rfc/rfc9110) <mailto:hr@example.com>')).toEqual([
      paragraph({ type: 'link', href: 'https://www.rfc-editor.org/rfc/rfc9110', children: [text('RFC')] }, text(' '), {
        type: 'link',
        href: 'mailto:hr@example.com',
        children: [text('mailto:hr@example.com')],
      }),
    ]);
  });
});

describe('the question text format keeps as text', () => {
  it('HTML, inline and as a block', () => {
    expect(parseQuestionText('Say <script>alert(1)</script> <b>hi</b>')).toEqual([paragraph(text('Say <script>alert(1)</script> <b>hi</b>'))]);
    expect(parseQuestionText('<div onclick="x()">\nhi\n</div>')).toEqual([
      paragraph(text('<div onclick="x()">'), { type: 'break' }, text('hi'), { type: 'break' }, text('</div>')),
    ]);
  });

  it('a link to any other scheme', () => {
    expect(parseQuestionText('[click](javascript:alert(1)) [x](data:text/html,hi) <javascript:alert(1)>')).toEqual([
      paragraph(text('[click](javascript:alert(1)) [x](data:text/html,hi) <javascript:alert(1)>')),
    ]);
  });

  it('headings, images, strikethrough and character references, as written', () => {
    expect(parseQuestionText('# Title')).toEqual([paragraph(text('# Title'))]);
    expect(parseQuestionText('![cat](https://example.com/cat.png) ~~no~~ &amp;')).toEqual([
      paragraph(text('![cat](https://example.com/cat.png) ~~no~~ &amp;')),
    ]);
  });

  it('nested or malformed input, without throwing', () => {
    const hostile = [
      '**'.repeat(5000),
      `${'- '.repeat(10_000)}deep`,
      `${'>'.repeat(20_000)}`,
      `${'- '.repeat(2000)}deep`,
      `${'> '.repeat(2000)}quote`,
      `${'['.repeat(3000)}x${']('.repeat(10)}`,
      '```\nunclosed fence',
      '*a **b* c**',
      '\u0000\uFFFD\uD800',
      '',
    ];
    for (const source of hostile) {
      expect(() => questionTextHtml(source)).not.toThrow();
      expect(() => questionTextPlain(source)).not.toThrow();
    }
    expect(questionTextPlain('```\nunclosed fence')).toBe('unclosed fence');
    expect(parseQuestionText('')).toEqual([]);
    expect(parseQuestionText('a\n\n----------\n\n**b**')[2]).toEqual(paragraph({ type: 'strong', children: [text('b')] }));
    expect(questionTextPlain(`${'- '.repeat(20)}deep`)).toBe(`${'- '.repeat(20)}deep`);
  });
});

describe('the question text renders', () => {
  const source = '**Bold** *it* `a<b>`\n\n- one\n- [two](https://example.com)\n\n```\n<i>x</i>\n```\n\n<script>alert(1)</script>';

  it('as plain text: no marks, a link with its address, list items with bullets', () => {
    expect(questionTextPlain(source)).toBe('Bold it a<b>\n\n• one\n• two (https://example.com)\n\n<i>x</i>\n\n<script>alert(1)</script>');
    expect(questionTextPlain('1. first\n   more\n2. second')).toBe('1. first\n   more\n2. second');
  });

  it("as HTML with only the subset's elements, the author's characters escaped", () => {
    expect(questionTextHtml(source)).toBe(
      '<p><strong>Bold</strong> <em>it</em> <code>a&lt;b&gt;</code></p>' +
        '<ul><li><p>one</p></li><li><p><a href="https://example.com" rel="noopener noreferrer nofollow">two</a></p></li></ul>' +
        '<pre><code>&lt;i&gt;x&lt;/i&gt;</code></pre>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(questionTextHtml('[x](https://e.com/"onmouseover="a)')).not.toContain('"onmouseover');
  });
});
