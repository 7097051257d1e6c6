import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { greenhousePartnerRoutes } from '../../routes/greenhouse-partner.js';
import type { FrontOptions } from '../front-options.js';
import { greenhouseFront } from './failures.js';

/** Greenhouse's Assessment Partner API (docs/greenhouse.md), registered with prefix /partners/greenhouse: its own failure body. */
export const registerGreenhouseFront: FastifyPluginAsyncZod<FrontOptions> = async (front, options) => {
  const { routes, prefixes, prefix: _ownPrefix, ...context } = options;
  prefixes.declare(front, greenhouseFront, routes);
  await front.register(greenhousePartnerRoutes, context);
};
