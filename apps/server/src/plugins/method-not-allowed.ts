import type { FastifyInstance } from 'fastify';
import Router, { type HTTPMethod } from 'find-my-way';

/** Longer path parameters answer 414.1; the longest real one (a take-test token) is 200 characters. */
export const MAX_PARAM_LENGTH = 500;

const noop = () => undefined;

/**
 * A shadow router holding every route's path, so the not-found handler can tell "no such path" (404.1)
 * from "the path exists, not with this method" (405.1 with `Allow`). Fastify keeps its own router private.
 */
export class RouteIndex {
  private readonly router = Router({ maxParamLength: MAX_PARAM_LENGTH });
  private readonly methods = new Set<HTTPMethod>();

  add(method: HTTPMethod, url: string): void {
    if (this.router.hasRoute(method, url)) return;
    this.router.on(method, url, noop);
    this.methods.add(method);
  }

  /** The methods a path answers, sorted; empty when the path itself is unknown. */
  allowedMethods(path: string): HTTPMethod[] {
    return [...this.methods].filter((method) => this.router.find(method, path) !== null).sort();
  }
}

/** Records every route as it is declared; call before any route is registered. */
export const indexRoutes = (app: FastifyInstance): RouteIndex => {
  const index = new RouteIndex();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) index.add(method.toUpperCase() as HTTPMethod, route.url);
  });
  return index;
};
