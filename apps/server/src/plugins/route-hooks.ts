import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preValidation' | 'onSend';

/**
 * Adds a hook to one route (from an `onRoute` hook), after the route's own: a hook that concerns only some routes
 * costs the others nothing, where a scope-wide hook runs (a promise and a turn of the microtask queue) on every
 * request of the scope.
 */
export const appendRouteHook = <Name extends RouteHookName>(route: RouteOptions, name: Name, hook: NonNullable<RouteOptions[Name]>): void => {
  const present = route[name] as unknown;
  const hooks = present === undefined ? [] : Array.isArray(present) ? present : [present];
  (route as Record<RouteHookName, unknown>)[name] = [...hooks, ...(Array.isArray(hook) ? hook : [hook])];
};

/** True for a route that answers `method` (routes may take several). */
export const routeAnswers = (route: RouteOptions, method: string): boolean =>
  Array.isArray(route.method) ? route.method.includes(method as never) : route.method === method;
