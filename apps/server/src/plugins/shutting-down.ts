import type { FastifyInstance } from 'fastify';
import { sendFailure } from './error-envelope.js';

/** How soon a client may try again: by then a restarted instance (or another one behind the balancer) answers. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/**
 * While the app closes, requests still arriving on open keep-alive connections (or pipelined behind one in flight)
 * answer 503.3 with Retry-After and Connection: close, as the envelope (instead of Fastify's `return503OnClosing`
 * body, which no hook sees). Requests already running finish as usual. Register before any other onRequest hook.
 */
export const refuseWhileShuttingDown = (app: FastifyInstance): void => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook (no promise per request); answering without calling `done` ends the request here.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close').header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS));
    sendFailure(reply, 'shutting-down', `This server is shutting down: try again in ${SHUTDOWN_RETRY_AFTER_SECONDS} s.`);
  });
};
