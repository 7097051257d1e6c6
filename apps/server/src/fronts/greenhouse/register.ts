import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { greenhousePartnerRoutes } from '../../routes/greenhouse-partner.js';

/** Greenhouse's Assessment Partner API (docs/greenhouse.md): its routes check the key given as HTTP Basic themselves. */
export const registerGreenhouseFront: FastifyPluginAsyncZod<AppContext> = async (scope, context) => {
  await scope.register(greenhousePartnerRoutes, context);
};
