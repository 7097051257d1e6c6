import type { FastifyInstance, FastifyReply } from 'fastify';

/** The default: no browser or shared cache keeps an answer (API answers carry keys, tokens and `whsec_` secrets). */
export const NO_STORE = 'no-store';
/** Downloads (PDF, Excel): the same, said for shared caches too. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** The candidate page's assets under their content hash: the bytes behind such a URL never change, and hold no secret. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The candidate page's entry files asked for without their hash, and source maps: revalidated by ETag every time. */
export const REVALIDATE = 'no-cache';

/** The caching a route may choose on purpose. Anything else (a plugin's own `public, max-age=0`) becomes no-store. */
const DELIBERATE_CACHING: ReadonlySet<string> = new Set([NO_STORE, PRIVATE_NO_STORE, IMMUTABLE, REVALIDATE]);

/** The headers every answer carries, whatever produced it; also written as they are on raw sockets (client-errors.ts). */
export const baselineHeaders = (requestId: string): Record<string, string> => ({
  'cache-control': NO_STORE,
  'x-content-type-options': 'nosniff',
  'x-request-id': requestId,
});

/**
 * The one place an answer's security headers are decided: `nosniff`, the request id, and no-store unless the route
 * chose one of the deliberate cachings above. Every answer of Fastify's request lifecycle gets them from the onSend
 * hook below (routes, the error handler, 404 and 405, rate limits, the static docs files, pages, exports, the
 * shutdown 503); router failures, which Fastify answers before any hook, from answerFrameworkError; parser
 * failures, which never become a request, from client-errors.ts with baselineHeaders.
 */
export const applyResponseHeaders = (reply: FastifyReply): FastifyReply => {
  const chosen = reply.getHeader('cache-control');
  // The same headers as baselineHeaders, set one by one: this runs on every answer, and building that object to take
  // it apart again (a rest copy) cost more than the three calls (decision 501).
  reply.header('x-content-type-options', 'nosniff').header('x-request-id', reply.request.id);
  if (typeof chosen !== 'string' || !DELIBERATE_CACHING.has(chosen)) reply.header('cache-control', NO_STORE);
  return reply;
};

export const addResponseHeaders = (app: FastifyInstance): void => {
  // A callback hook: an async one costs a promise on every answer, and this one never waits for anything.
  app.addHook('onSend', (_request, reply, payload, done) => {
    applyResponseHeaders(reply);
    done(null, payload);
  });
};
