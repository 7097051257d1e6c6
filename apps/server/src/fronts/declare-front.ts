import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteIndex } from '../plugins/method-not-allowed.js';
import type { Front } from './front.js';
import { frontOf } from './front-of.js';

/**
 * "No such path" (404.1) or "not with this method" (405.1 with `Allow`), in the front of the scope the handler was
 * set on: the root's for paths no front claims, each front's for unknown paths under its prefix.
 */
export const answerNoRoute =
  (routes: RouteIndex) =>
  (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowedMethods(path);
    const front = frontOf(reply);
    // A route that takes this method found nothing to serve (a file the static server lacks): not found, not 405.
    if (allowed.length > 0 && !allowed.includes(request.method as (typeof allowed)[number])) {
      reply.header('allow', allowed.join(', '));
      return front.send(reply, { kind: 'method-not-allowed', message: `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.` });
    }
    return front.send(reply, { kind: 'route-not-found', message: `No route ${request.method} ${path}: see /docs for the API reference.` });
  };

/**
 * The fronts declared so far, by prefix: only for the failures Fastify's router answers before any route is chosen
 * (a malformed percent-encoding, an over-long path part), which have no scope to ask (decision 887).
 */
export class FrontPrefixes {
  private readonly declared: Array<{ readonly prefix: string; readonly front: Front }> = [];

  /**
   * Makes `scope` (a plugin registered with a prefix) answer its failures as `front`: its routes' refusals, its
   * validation and body-parse errors (through the one error handler), and its unknown paths and methods.
   */
  declare(scope: FastifyInstance, front: Front, routes: RouteIndex): void {
    scope.decorate('front', front);
    scope.setNotFoundHandler(answerNoRoute(routes));
    this.declared.push({ prefix: `${scope.prefix}/`, front });
  }

  /** The front whose prefix the URL is under, if any. */
  frontOfUrl(url: string): Front | undefined {
    return this.declared.find(({ prefix }) => url.startsWith(prefix))?.front;
  }
}
