import type { FastifyInstance } from 'fastify';

/** Statuses whose responses have no body: a `Response` refuses one. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` answered by `app.inject`: the client's real request (method, headers, body) goes through the
 * whole Fastify pipeline in-process, without a port, so every test can call the API through @assay/client.
 */
export const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const reply = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
    }
    return new Response(NULL_BODY.has(reply.statusCode) ? null : reply.rawPayload, { status: reply.statusCode, headers });
  };
