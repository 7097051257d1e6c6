import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResponseHeaders } from '../plugins/response-headers.js';
import { CANDIDATE_PAGE_CSP } from './pages.js';
import { BUNDLE_SCRIPT, DEFAULT_BUNDLE_DIR, registerCandidatePages } from './register-candidate-pages.js';

const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CANDIDATE_PAGE_CSP,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** The asset URLs a page points at. */
const assetUrls = (html: string): { js: string; css: string } => ({
  js: /<script src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'),
  css: /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'),
});

describe('registerCandidatePages with the real bundle', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // `pnpm build` makes it; a test run straight from source builds it here.
    if (!existsSync(path.join(DEFAULT_BUNDLE_DIR, 'candidate.js')) || !existsSync(path.join(DEFAULT_BUNDLE_DIR, 'candidate.css'))) {
      execFileSync(process.execPath, [BUNDLE_SCRIPT, '--no-typecheck'], { stdio: 'inherit' });
    }
    app = fastify();
    addResponseHeaders(app);
    await registerCandidatePages(app);
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('serves the take-test page with the security headers and the token in place', async () => {
    const response = await app.inject({ method: 'GET', url: '/t/abc-123' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject(pageHeaders);
    expect(response.body).toContain('data-token="abc-123"');
    expect(response.body).toContain('data-page="test"');
  });

  it('serves the public link page', async () => {
    const response = await app.inject({ method: 'GET', url: '/l/KEY42' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject(pageHeaders);
    expect(response.body).toContain('data-access-key="KEY42"');
    expect(response.body).toContain('data-page="link"');
  });

  it('escapes a hostile token taken from the URL', async () => {
    const response = await app.inject({ method: 'GET', url: `/t/${encodeURIComponent('"><script>alert(1)</script>')}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('data-token="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('serves the bundle the page points at, cached for good under its hash', async () => {
    const page = await app.inject({ method: 'GET', url: '/t/tok' });
    const { js, css } = assetUrls(page.body);
    expect(js).toMatch(/^\/assets\/candidate\.js\?v=[0-9a-f]{16}$/);
    expect(css).toMatch(/^\/assets\/candidate\.css\?v=[0-9a-f]{16}$/);

    const script = await app.inject({ method: 'GET', url: js });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.body.length).toBeGreaterThan(10_000);
    // The client reads the token the page carries and calls the candidate API.
    expect(script.body).toContain('/candidate/v1/');

    const style = await app.inject({ method: 'GET', url: css });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.body).toContain('.topbar');
  });

  it('serves the code editor as a chunk of its own, which the page imports by its hashed name', async () => {
    const page = await app.inject({ method: 'GET', url: '/t/tok' });
    const main = await app.inject({ method: 'GET', url: assetUrls(page.body).js });
    // The editor is not in the page's own script: it is a chunk, fetched as an attempt with a coding question starts.
    expect(main.body).not.toContain('cm-content');
    const chunk = /\beditor-[A-Z0-9]+\.js\b/.exec(main.body)?.[0];
    expect(chunk).toBeDefined();
    const editor = await app.inject({ method: 'GET', url: `/assets/${chunk}`, headers: { 'accept-encoding': 'br' } });
    expect(editor.statusCode).toBe(200);
    expect(editor.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(editor.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(editor.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(editor.rawPayload).toString()).toContain('cm-content');
  });

  it('keeps the routes out of the OpenAPI document (schema.hide)', async () => {
    const routes: { url: string; hide: unknown }[] = [];
    const probe = fastify();
    probe.addHook('onRoute', (route) => {
      routes.push({ url: route.url, hide: (route.schema as { hide?: unknown } | undefined)?.hide });
    });
    await registerCandidatePages(probe);
    await probe.ready();
    await probe.close();
    expect(routes.map((route) => route.url)).toEqual(expect.arrayContaining(['/t/:token', '/l/:accessKey', '/assets/candidate.js', '/assets/candidate.css']));
    for (const route of routes) expect(route).toMatchObject({ hide: true });
  });
});

describe('registerCandidatePages asset serving', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = 'console.log("hello from the bundle");'.repeat(50);
  const editorChunk = 'export const createCodeEditor = () => null;';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assay-candidate-ui-'));
    await writeFile(path.join(dir, 'candidate.js'), js);
    await writeFile(path.join(dir, 'candidate.css'), 'body { color: black; }');
    await writeFile(path.join(dir, 'editor-ABC123.js'), editorChunk);
    await writeFile(path.join(dir, 'editor-ABC123.js.map'), '{}');
    await writeFile(path.join(dir, 'notes.txt'), 'not part of the bundle');
    await writeFile(path.join(dir, '.hidden.js'), 'void 0;');
    app = fastify();
    await registerCandidatePages(app, { bundleDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const hashOf = async (): Promise<string> => {
    const page = await app.inject({ method: 'GET', url: '/t/tok' });
    return /candidate\.js\?v=([0-9a-f]+)/.exec(page.body)![1]!;
  };

  it('asks for revalidation without the hash, and answers 304 to a matching ETag', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/candidate.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.etag).toBe(`"${await hashOf()}"`);
    const stale = await app.inject({ method: 'GET', url: '/assets/candidate.js?v=old' });
    expect(stale.headers['cache-control']).toBe('no-cache');

    const again = await app.inject({ method: 'GET', url: '/assets/candidate.js', headers: { 'if-none-match': plain.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses for clients that accept it', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/candidate.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gzip = await app.inject({ method: 'GET', url: '/assets/candidate.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(js);

    const identity = await app.inject({ method: 'GET', url: '/assets/candidate.js', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(js);
  });

  it('answers 404 for a source map that was not built, and serves nothing else under /assets', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/candidate.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/../package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/other.js' })).statusCode).toBe(404);
  });

  it('serves the chunks beside the entries, cached for good (their names are their hash), and nothing else in the directory', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/assets/editor-ABC123.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe(editorChunk);
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const map = await app.inject({ method: 'GET', url: '/assets/editor-ABC123.js.map' });
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(map.headers['cache-control']).toBe('no-cache');
    for (const name of ['notes.txt', 'candidate.js.br', 'candidate.js.gz', '.hidden.js']) {
      expect((await app.inject({ method: 'GET', url: `/assets/${name}` })).statusCode, name).toBe(404);
    }
  });
});

describe('registerCandidatePages bundle updates', () => {
  it("uses the build script's .br copy when it matches the file, and ignores a stale one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'assay-candidate-ui-'));
    const app = fastify();
    try {
      const js = 'let fresh = 1;'.repeat(20);
      await writeFile(path.join(dir, 'candidate.js'), js);
      await writeFile(path.join(dir, 'candidate.css'), 'p{}');
      await writeFile(path.join(dir, 'candidate.js.br'), brotliCompressSync('let stale = 1;'));
      const goodCss = brotliCompressSync('p{}');
      await writeFile(path.join(dir, 'candidate.css.br'), goodCss);
      await registerCandidatePages(app, { bundleDir: dir });
      const script = await app.inject({ method: 'GET', url: '/assets/candidate.js', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(script.rawPayload).toString()).toBe(js);
      const style = await app.inject({ method: 'GET', url: '/assets/candidate.css', headers: { 'accept-encoding': 'br' } });
      expect(style.rawPayload.equals(goodCss)).toBe(true);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('picks up a rebuilt bundle on the next page view, without a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'assay-candidate-ui-'));
    const app = fastify();
    try {
      await writeFile(path.join(dir, 'candidate.js'), 'let version = 1;');
      await writeFile(path.join(dir, 'candidate.css'), 'p{}');
      await registerCandidatePages(app, { bundleDir: dir });
      const first = await app.inject({ method: 'GET', url: '/t/tok' });
      const firstHash = /candidate\.js\?v=([0-9a-f]+)/.exec(first.body)![1];

      await writeFile(path.join(dir, 'candidate.js'), 'let version = 2; // rebuilt');
      const second = await app.inject({ method: 'GET', url: '/t/tok' });
      const secondHash = /candidate\.js\?v=([0-9a-f]+)/.exec(second.body)![1];
      expect(secondHash).not.toBe(firstHash);
      const script = await app.inject({ method: 'GET', url: `/assets/candidate.js?v=${secondHash}` });
      expect(script.body).toBe('let version = 2; // rebuilt');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('registerCandidatePages without a bundle', () => {
  it('says the page is unavailable (503) until the bundle appears, then serves it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'assay-candidate-ui-'));
    const app = fastify();
    try {
      await registerCandidatePages(app, { bundleDir: dir });
      const missing = await app.inject({ method: 'GET', url: '/t/tok' });
      expect(missing.statusCode).toBe(503);
      expect(missing.headers).toMatchObject(pageHeaders);
      expect(missing.body).not.toContain('<script');
      expect((await app.inject({ method: 'GET', url: '/assets/candidate.js' })).statusCode).toBe(404);

      await writeFile(path.join(dir, 'candidate.js'), 'void 0;');
      await writeFile(path.join(dir, 'candidate.css'), 'p{}');
      const found = await app.inject({ method: 'GET', url: '/l/key' });
      expect(found.statusCode).toBe(200);
      expect(found.body).toContain('/assets/candidate.js?v=');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
