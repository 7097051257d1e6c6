import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { V3TimeZoneList, timeZoneTable } from '@assay/domain';
import type { AppContext } from '../../context.js';
import { v3Responses, v3Security } from './responses.js';

/** `GET /v3/timezones` (decision 891): the ids v3's `TimeZoneId` fields take, the table v2 already serves. */
export const v3TimeZoneRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/timezones',
    {
      schema: {
        tags: ['v3'],
        summary: 'List time zones (iMocha v3)',
        description: "Not published by iMocha; Assay's choice (decision 891): the same table as `GET /v2/timezones` (docs/time-zones.md).",
        security: v3Security,
        response: v3Responses(V3TimeZoneList),
      },
    },
    async () => ({ timeZones: [...timeZoneTable] }),
  );
};
