import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from '../plugins/error-envelope.js';
import { IMMUTABLE, NO_STORE, REVALIDATE } from '../plugins/response-headers.js';
import { Bundle, ENTRY_FILES } from './bundle.js';
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
    .header('cache-control', NO_STORE)
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');

/**
 * The candidate-facing pages and their assets:
 * - `GET /t/:token`: the take-test page of an invitation;
 * - `GET /l/:accessKey`: the public registration page of a test link;
 * - `GET /assets/candidate.js|.css`: the page's bundle, cached for a year when asked for with its content hash
 *   (`?v=`), revalidated by ETag otherwise;
 * - `GET /assets/:file`: the chunks the page imports as it needs them (named by their content hash, so cached
 *   for a year) and the source maps (revalidated).
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

  const serveAsset = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const asset = (await bundle.get())?.get(name);
    // The name is not echoed: the answer is the same for a file that never existed and one that is not built.
    if (!asset) return sendFailure(reply, 'route-not-found', 'No such asset: the candidate page links to every file it needs.');
    const version = (request.query as Record<string, unknown> | undefined)?.v;
    const etag = `"${asset.hash}"`;
    reply
      .header('cache-control', cachingOf(name, asset.entry, version === asset.hash))
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    reply.type(asset.type);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (asset.br && accepted.has('br')) return reply.header('content-encoding', 'br').send(asset.br);
    if (asset.gzip && accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.identity);
  };

  for (const name of ENTRY_FILES) {
    app.get(`/assets/${name}`, { schema: { hide: true } }, (request, reply) => serveAsset(name, request, reply));
  }
  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, (request, reply) => serveAsset(request.params.file, request, reply));
}

/** Entries are cached for good only under their hash; chunks' names are their hash; maps are for developers. */
const cachingOf = (name: string, entry: boolean, versioned: boolean): string =>
  entry ? (versioned ? IMMUTABLE : REVALIDATE) : name.endsWith('.map') ? REVALIDATE : IMMUTABLE;

export { ASSET_PATHS, CANDIDATE_PAGE_CSP };
