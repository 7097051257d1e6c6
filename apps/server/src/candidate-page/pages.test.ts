import { describe, expect, it } from 'vitest';
import { CANDIDATE_PAGE_CSP, escapeHtml, renderLinkPage, renderTestPage } from './pages.js';

const HOSTILE = `"><script>alert('x')</script><img src=x onerror=alert(1)>&amp;\``;
const versions = { js: 'abc123', css: 'def456' };

describe('escapeHtml', () => {
  it('escapes every character that could end a text node or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });
});

describe.each([
  ['renderTestPage', renderTestPage, 'data-token', 'test'],
  ['renderLinkPage', renderLinkPage, 'data-access-key', 'link'],
] as const)('%s', (_name, render, attribute, page) => {
  it('is a complete, mobile-ready English document', () => {
    const html = render('tok-1', versions);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain(`data-page="${page}"`);
    expect(html).toContain(`${attribute}="tok-1"`);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('escapes a hostile value: it appears only as attribute text', () => {
    const html = render(HOSTILE, versions);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain(`${attribute}="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;&#96;"`);
    // Exactly one script element, the bundle's.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('loads the versioned bundle with tags a strict CSP allows: no inline script, style or handler', () => {
    const html = render('tok', versions);
    expect(html).toContain('<link rel="stylesheet" href="/assets/candidate.css?v=def456">');
    expect(html).toContain('<script src="/assets/candidate.js?v=abc123" type="module"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('says the page is unavailable, without asset tags, when there is no bundle', () => {
    const html = render('tok', null);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('stylesheet');
    expect(html).toContain('not available right now');
  });
});

describe('CANDIDATE_PAGE_CSP', () => {
  it('allows only same-origin scripts, styles and connections, plus camera frames as data:/blob:', () => {
    const directives = Object.fromEntries(
      CANDIDATE_PAGE_CSP.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'style-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(CANDIDATE_PAGE_CSP).not.toContain('unsafe');
  });
});
