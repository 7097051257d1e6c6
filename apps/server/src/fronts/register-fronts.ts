import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { honourIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import type { RouteIndex } from '../plugins/method-not-allowed.js';
import type { FrontPrefixes } from './declare-front.js';
import type { FrontDescriptor } from './front-descriptor.js';

/**
 * Registers each front in its own scope under its prefix (decisions 887, 1300): the scope answers the front's failure
 * shape, spends its per-key limit on every route, honours Idempotency-Key if the front says so, then holds the front's
 * own routes and credential check. What a front declares is installed here, in one place, so it cannot be forgotten.
 */
export const registerFronts = async (
  app: FastifyInstance,
  fronts: readonly FrontDescriptor[],
  { context, routes, prefixes }: { context: AppContext; routes: RouteIndex; prefixes: FrontPrefixes },
): Promise<void> => {
  for (const descriptor of fronts) {
    await app.register(
      async (scope) => {
        prefixes.declare(scope, descriptor.front, routes);
        context.credentialLimits.limitEveryRoute(scope, descriptor.rateLimit);
        if (descriptor.idempotencyKeys) {
          // Its hooks sit at route level and run after the front's own credential check has set `request.org`.
          honourIdempotencyKeys(scope, { keys: context.store.idempotencyKeys, now: context.now, scopeOf: (request) => `org:${request.org.orgId}` });
        }
        await scope.register(descriptor.register, context);
      },
      { prefix: descriptor.prefix },
    );
  }
};
