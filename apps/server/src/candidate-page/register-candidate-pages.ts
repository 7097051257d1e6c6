import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ASSET_PATHS, CANDIDATE_PAGE_CSP, renderLinkPage, renderTestPage, type AssetVersions } from './pages.js';

/**
 * Where `@assay/candidate-web` builds the page (`pnpm build`): its `dist/`, found through the package (a
 * dependency of this one, so turbo builds it first) wherever the workspace or an install puts it.
 */
export const CANDIDATE_WEB_DIR = path.dirname(createRequire(import.meta.url).resolve('@assay/candidate-web/package.json'));
export const DEFAULT_BUNDLE_DIR = path.join(CANDIDATE_WEB_DIR, 'dist');
/** The page's build script; tests run it when the bundle is missing. */
export const BUNDLE_SCRIPT = path.join(CANDIDATE_WEB_DIR, 'scripts', 'build.mjs');

export interface CandidatePagesOptions {
  /** The bundle directory; tests point it elsewhere. */
  readonly bundleDir?: string;
}

/**
 * The files a bundle holds, how each is served, and whether it is sent compressed. Nothing else under
 * /assets is reachable. Source maps are for developer tools only and go out as they are.
 */
const BUNDLE_FILES = {
  'candidate.js': { type: 'text/javascript; charset=utf-8', compress: true, required: true },
  'candidate.css': { type: 'text/css; charset=utf-8', compress: true, required: true },
  'candidate.js.map': { type: 'application/json; charset=utf-8', compress: false, required: false },
  'candidate.css.map': { type: 'application/json; charset=utf-8', compress: false, required: false },
} as const;
type BundleFile = keyof typeof BUNDLE_FILES;

interface LoadedAsset {
  readonly type: string;
  readonly hash: string;
  readonly identity: Buffer;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The bundle script writes `NAME.br` and `NAME.gz` at the highest settings; they are used when they
 * decompress to the file itself, otherwise the file is compressed here, quickly, off the event loop.
 */
const compressed = async (
  file: string,
  identity: Buffer,
  decompress: (input: Buffer) => Promise<Buffer>,
  compress: (input: Buffer) => Promise<Buffer>,
): Promise<Buffer> => {
  try {
    const stored = await readFile(file);
    if ((await decompress(stored)).equals(identity)) return stored;
  } catch {
    // Not there, or not this file's: make it.
  }
  return compress(identity);
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const hashOf = (content: Buffer): string => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * The bundle, read and compressed once. Each page view checks (two `stat`s) that the files are the ones
 * loaded: a missing bundle is looked for again, and a rebuilt one is picked up, without a restart.
 */
class Bundle {
  private loaded: Map<BundleFile, LoadedAsset> | null = null;
  private loadedStamp = '';
  private loading: Promise<Map<BundleFile, LoadedAsset> | null> | null = null;

  constructor(private readonly dir: string) {}

  async get(): Promise<Map<BundleFile, LoadedAsset> | null> {
    if (this.loaded) return this.loaded;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Size and modification time of the required files; '' when one is missing. */
  private async stamp(): Promise<string> {
    const parts: string[] = [];
    for (const [name, { required }] of Object.entries(BUNDLE_FILES)) {
      if (!required) continue;
      try {
        const info = await stat(path.join(this.dir, name));
        parts.push(`${name}:${info.size}:${info.mtimeMs}`);
      } catch {
        return '';
      }
    }
    return parts.join('|');
  }

  async versions(): Promise<AssetVersions | null> {
    if (this.loaded && (await this.stamp()) !== this.loadedStamp) this.loaded = null;
    const assets = await this.get();
    const js = assets?.get('candidate.js');
    const css = assets?.get('candidate.css');
    return js && css ? { js: js.hash, css: css.hash } : null;
  }

  private async load(): Promise<Map<BundleFile, LoadedAsset> | null> {
    const stampBefore = await this.stamp();
    if (!stampBefore) return null;
    const assets = new Map<BundleFile, LoadedAsset>();
    for (const [name, { type, compress, required }] of Object.entries(BUNDLE_FILES) as [BundleFile, (typeof BUNDLE_FILES)[BundleFile]][]) {
      const file = path.join(this.dir, name);
      let identity: Buffer;
      try {
        identity = await readFile(file);
      } catch {
        if (required) return null;
        continue;
      }
      assets.set(name, {
        type,
        hash: hashOf(identity),
        identity,
        br: compress
          ? await compressed(`${file}.br`, identity, unbrotli, (input) => brotli(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }))
          : null,
        gzip: compress ? await compressed(`${file}.gz`, identity, gunzipAsync, (input) => gzipAsync(input, { level: 6 })) : null,
      });
    }
    // Rewritten while being read: serve what was read, and read again on the next page view.
    this.loadedStamp = (await this.stamp()) === stampBefore ? stampBefore : '';
    this.loaded = assets;
    return assets;
  }
}

/** The encodings the client accepts, without `q=0` ones. */
const acceptedEncodings = (header: string | string[] | undefined): Set<string> => {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name);
  }
  return accepted;
};

const setPageHeaders = (reply: FastifyReply): FastifyReply =>
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CANDIDATE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');

/**
 * The candidate-facing pages and their assets:
 * - `GET /t/:token`: the take-test page of an invitation;
 * - `GET /l/:accessKey`: the public registration page of a test link;
 * - `GET /assets/candidate.js|.css` (and their source maps): the client bundle, cached for a year when asked
 *   for with its content hash (`?v=`), revalidated by ETag otherwise.
 * All are hidden from the OpenAPI document.
 */
export async function registerCandidatePages(app: FastifyInstance, options: CandidatePagesOptions = {}): Promise<void> {
  const bundle = new Bundle(options.bundleDir ?? DEFAULT_BUNDLE_DIR);
  let warned = false;

  const page = async (reply: FastifyReply, render: (assets: AssetVersions | null) => string): Promise<FastifyReply> => {
    const versions = await bundle.versions();
    if (!versions && !warned) {
      warned = true;
      app.log.error({ bundleDir: options.bundleDir ?? DEFAULT_BUNDLE_DIR }, 'candidate page bundle missing: run `pnpm build` (it builds @assay/candidate-web)');
    }
    return setPageHeaders(reply)
      .code(versions ? 200 : 503)
      .send(render(versions));
  };

  app.get<{ Params: { token: string } }>('/t/:token', { schema: { hide: true } }, async (request, reply) =>
    page(reply, (assets) => renderTestPage(request.params.token, assets)),
  );
  app.get<{ Params: { accessKey: string } }>('/l/:accessKey', { schema: { hide: true } }, async (request, reply) =>
    page(reply, (assets) => renderLinkPage(request.params.accessKey, assets)),
  );

  const serveAsset = (name: BundleFile) => async (request: FastifyRequest, reply: FastifyReply) => {
    const asset = (await bundle.get())?.get(name);
    reply.header('x-content-type-options', 'nosniff');
    if (!asset) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`${name} is not built: run \`pnpm build\`.`);
    }
    const version = (request.query as Record<string, unknown> | undefined)?.v;
    const etag = `"${asset.hash}"`;
    reply
      .header('cache-control', version === asset.hash ? IMMUTABLE : REVALIDATE)
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    reply.type(asset.type);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (asset.br && accepted.has('br')) return reply.header('content-encoding', 'br').send(asset.br);
    if (asset.gzip && accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.identity);
  };

  for (const name of Object.keys(BUNDLE_FILES) as BundleFile[]) {
    app.get(`/assets/${name}`, { schema: { hide: true } }, serveAsset(name));
  }
}

export { ASSET_PATHS, CANDIDATE_PAGE_CSP };
