import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { type Capability, type KeyRole, keyMayDo, keyRoles, roleRefusalSentence } from '@assay/domain';
import { orgRouteCapabilities, routeKeyOf } from '../auth/route-capabilities.js';
import { type RefusalError, refusal } from '../refusal-error.js';
import { appendRouteHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, from auth/route-capabilities.ts: what `keyMayDo` is asked about the request's key. */
    capability?: Capability;
  }
}

/**
 * The refusal of a key whose role may not do what the route does; undefined when it may. Its sentence names the
 * roles that may, from the roles' table (decision 1382), on every front that maps the refusal.
 */
export const roleRefusal = (role: KeyRole, capability: Capability): RefusalError | undefined =>
  keyMayDo(role, capability) ? undefined : refusal('role-not-allowed', roleRefusalSentence(role, capability));

/** Checks the role of the request's key (set by the API-key hook, which runs before any route's own hook). */
const requireRoleFor =
  (capability: Capability): onRequestHookHandler =>
  (request, _reply, done) =>
    done(roleRefusal(request.org.role, capability));

/**
 * Gives every route of the scope its capability from the table, and refuses to register one the table does not
 * name: a route added without saying what it does fails every test that builds the app. Only a route that some
 * role may not use gets the role check, as a hook of its own (plugins/route-hooks.ts): the reads cost nothing.
 */
export const declareRouteCapabilities = (scope: FastifyInstance, table: Readonly<Record<string, Capability>> = orgRouteCapabilities): void => {
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = new Set(methods.map((method) => table[routeKeyOf(method, route.url)]));
    const [capability] = declared;
    if (capability === undefined || declared.size !== 1) {
      throw new Error(`${methods.join(',')} ${route.url} declares no capability: add it to apps/server/src/auth/route-capabilities.ts`);
    }
    route.config = { ...route.config, capability };
    if (keyRoles.some((role) => !keyMayDo(role, capability))) appendRouteHook(route, 'onRequest', requireRoleFor(capability));
  });
};
