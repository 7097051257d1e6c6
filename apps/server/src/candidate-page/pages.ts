/**
 * The HTML shells of the candidate pages: the take-test page (`/t/{token}`) and the public link page
 * (`/l/{accessKey}`). They hold no data and no inline script or style, so the strict policy below is
 * the whole story: the client bundle (`/assets/candidate.js`) reads the token from a `data-` attribute
 * and talks to the candidate JSON API (`/candidate/v1/...`).
 */

/** The Content-Security-Policy sent with both pages. Nothing inline, nothing from another origin. */
export const CANDIDATE_PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Content hashes of the client bundle; they version the asset URLs so the files can be cached for good. */
export interface AssetVersions {
  readonly js: string;
  readonly css: string;
}

export const ASSET_PATHS = { js: '/assets/candidate.js', css: '/assets/candidate.css' } as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Safe in text and in quoted attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"'`]/g, (char) => ESCAPES[char]!);

const assetUrl = (path: string, version: string): string => `${path}?v=${encodeURIComponent(version)}`;

/** The doctype and head every candidate-side page shares (the unsubscribe page too), with `extra` lines in the head. */
export const documentHead = (title: string, extra: readonly string[] = []): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
${extra.join('\n')}
</head>`;

/** A page with no script: its head and `main` (the unsubscribe and shared report pages). */
export const staticPage = (title: string, main: string): string => `${documentHead(title)}
<body>
<main>
${main}
</main>
</body>
</html>
`;

interface ShellOptions {
  readonly title: string;
  readonly page: 'test' | 'link';
  readonly dataName: 'token' | 'access-key';
  readonly dataValue: string;
  readonly loadingText: string;
  readonly assets: AssetVersions | null;
}

const shell = ({ title, page, dataName, dataValue, loadingText, assets }: ShellOptions): string => {
  const head = assets
    ? [
        `<link rel="stylesheet" href="${escapeHtml(assetUrl(ASSET_PATHS.css, assets.css))}">`,
        // A module (deferred by itself): it imports its chunks, such as the code editor, when it needs them.
        `<script src="${escapeHtml(assetUrl(ASSET_PATHS.js, assets.js))}" type="module"></script>`,
      ]
    : [];
  const body = assets
    ? `<p class="boot-message" role="status">${escapeHtml(loadingText)}</p>
<noscript><p class="boot-message">This page needs JavaScript. Please turn it on, or use another browser, and reload.</p></noscript>`
    : `<p class="boot-message" role="alert">This page is not available right now. Please try again in a few minutes.</p>`;
  return `${documentHead(title, head)}
<body>
<div id="app" class="app" data-page="${page}" data-${dataName}="${escapeHtml(dataValue)}">
${body}
</div>
</body>
</html>
`;
};

/**
 * The take-test page for one invitation. `assets` null means the client bundle is missing (not built):
 * the page then says so instead of loading forever.
 */
export const renderTestPage = (token: string, assets: AssetVersions | null = { js: 'dev', css: 'dev' }): string =>
  shell({ title: 'Online test · Assay', page: 'test', dataName: 'token', dataValue: token, loadingText: 'Loading your test…', assets });

/** The public registration page of a test link. */
export const renderLinkPage = (accessKey: string, assets: AssetVersions | null = { js: 'dev', css: 'dev' }): string =>
  shell({
    title: 'Take a test · Assay',
    page: 'link',
    dataName: 'access-key',
    dataValue: accessKey,
    loadingText: 'Loading the test details…',
    assets,
  });
