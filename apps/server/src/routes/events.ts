import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventsQuery, ReconciliationEvents, reconciliationWindow, succeed } from '@assay/domain';
import type { AppContext } from '../context.js';
import { unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** Reconciliation: what completed or was cancelled in a window, for an integrator who missed callbacks. */
export const eventRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Completions and cancellations in a time window (reconciliation)',
        description:
          'Oldest first. When a page is full, `next` is the `from` of the next page (events at that instant may repeat: dedupe on testInvitationId and type).',
        security: apiKeySecurity,
        querystring: EventsQuery,
        response: envelopeResponses(ReconciliationEvents),
      },
    },
    async (request) => {
      const { from, to } = unwrap(reconciliationWindow(request.query, now()));
      const { limit } = request.query;
      const events = await store.reports.events(request.org.orgId, from, to, limit);
      return succeed({
        events: events.map((event) => ({ ...event, at: new Date(event.at).toISOString() })),
        next: events.length === limit ? new Date(events[events.length - 1]!.at).toISOString() : null,
      });
    },
  );
};
