import type { FastifyInstance } from 'fastify';

/**
 * Integrations send `content-type: application/json;charset=utf-8` on every request, bodiless GETs and
 * POSTs included: an empty body is "no body" (the route's schema decides), not a parse error.
 */
export const acceptEmptyJsonBodies = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
};
