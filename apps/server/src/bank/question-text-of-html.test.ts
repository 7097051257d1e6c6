import { describe, expect, it } from 'vitest';
import { questionTextOf } from './question-text-of-html.js';

describe('questionTextOf', () => {
  it('keeps the subset: bold, italic, code, lists, links and fenced code with its language', () => {
    const html =
      '<p><strong>Read</strong> <em>this</em> <code>x</code>:</p><ul><li>one</li></ul><pre><code class="language-js">let a = 1;</code></pre><a href="https://example.com">docs</a>';
    expect(questionTextOf(html, 'html')).toEqual({
      text: '**Read** *this* `x`:\n\n-   one\n\n```js\nlet a = 1;\n```\n\n[docs](https://example.com)',
      notCarried: [],
    });
  });

  it('drops scripts, styles and media, and reports what it could not carry', () => {
    const html =
      '<p>Look</p><script>alert(1)</script><style>p{}</style><iframe src="https://video.example"></iframe><table><tr><td>a</td><td>b</td></tr></table>';
    expect(questionTextOf(html, 'html')).toEqual({ text: 'Look\n\n| a | b |', notCarried: ['embedded media', 'a table (kept as lines of text)'] });
  });

  it('escapes the marks of plain text, so it shows as written, and keeps Markdown as it is', () => {
    expect(questionTextOf('2*3*4 = 24', 'plain_text').text).toBe('2\\*3\\*4 = 24');
    expect(questionTextOf('**bold**', 'markdown').text).toBe('**bold**');
    expect(questionTextOf('line one\nline two', 'moodle_auto_format').text).toBe('line one\nline two');
  });
});
