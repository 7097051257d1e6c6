import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { v3RouteCapabilities } from '../../auth/route-capabilities.js';
import { requireApiKey } from '../../plugins/api-key-auth.js';
import { declareRouteCapabilities } from '../../plugins/route-capabilities.js';
import { v3CallbackRoutes } from '../../routes/v3-callbacks.js';
import { v3GdprRoutes } from '../../routes/v3-gdpr.js';
import { v3SettingsRoutes } from '../../routes/v3-settings.js';
import { v3InvitationRoutes } from '../../routes/v3-invitations.js';
import { v3ReportRoutes } from '../../routes/v3-reports.js';
import { v3AccountRoutes } from './accounts.js';
import { v3TestRoutes } from './tests.js';
import { v3TestLinkRoutes } from './test-links.js';
import { v3TimeZoneRoutes } from './time-zones.js';

/** Every route plugin of iMocha's v3 shapes: a new v3 area is one line here. */
const V3_ROUTES = [
  v3GdprRoutes,
  v3TestRoutes,
  v3TestLinkRoutes,
  v3TimeZoneRoutes,
  v3CallbackRoutes,
  v3ReportRoutes,
  v3InvitationRoutes,
  v3SettingsRoutes,
  v3AccountRoutes,
];

/**
 * The v3 front's routes (decisions 846, 887): they take `x-api-key` — the same keys, org scoping and role capabilities
 * as v2 (auth/route-capabilities.ts, `v3RouteCapabilities`). Its prefix, failures (v3's body) and limit come from its
 * descriptor; its unknown paths answer v3's 404 from the scope above this one, without asking for a key (like v2's).
 */
export const registerV3Front: FastifyPluginAsyncZod<AppContext> = async (keyed, context) => {
  declareRouteCapabilities(keyed, v3RouteCapabilities);
  requireApiKey(keyed, context.store, context.keyCache, context.credentialLimits.apiKey);
  for (const area of V3_ROUTES) await keyed.register(area, context);
};
