import type { FastifyInstance } from 'fastify';
import { type Capability, type KeyRole, keyMayDo } from '@assay/domain';
import { orgRouteCapabilities, routeKeyOf } from '../auth/route-capabilities.js';
import { type RefusalError, refusal } from '../refusal-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, from auth/route-capabilities.ts: the API-key hook asks `keyMayDo` with it. */
    capability?: Capability;
  }
}

/**
 * Gives every route of the scope its capability from the table, and refuses to register one the table does not
 * name: a route added without saying what it does fails every test that builds the app.
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
  });
};

/** The refusal of a key whose role may not do what the route does; undefined when it may. */
export const roleRefusal = (role: KeyRole, capability: Capability | undefined): RefusalError | undefined =>
  capability === undefined || keyMayDo(role, capability)
    ? undefined
    : refusal('403.17', 'This API key is a reviewer key: it can read tests and reports and grade answers, not change anything else. Use a full (admin) key.');
