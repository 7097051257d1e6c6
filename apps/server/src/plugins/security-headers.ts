import type { FastifyInstance } from 'fastify';

/**
 * Every response is `nosniff`, and anything that did not choose its own caching (API answers carry keys,
 * tokens and `whsec_` secrets) is `no-store`: no browser or shared cache keeps it. Pages and assets that
 * set their own Cache-Control keep it.
 */
export const addSecurityHeaders = (app: FastifyInstance): void => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
};
