import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventsQuery, ReconciliationEvents, reconciliationWindow } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
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
        summary: 'Completions, cancellations and decisions in a time window (reconciliation)',
        description:
          'Oldest first. `decided` is the latest decision change of an invitation in the window (its `decision`, null when cleared). When a page is full, `next` is the `from` of the next page (events at that instant may repeat: dedupe on testInvitationId and type).',
        security: apiKeySecurity,
        querystring: EventsQuery,
        response: envelopeResponses(ReconciliationEvents),
      },
    },
    async (request) => {
      const { from, to } = unwrap(reconciliationWindow(request.query, now()));
      const { limit } = request.query;
      const { orgId } = request.org;
      // Decisions (issue 50) join completions and cancellations in one order; the feed is their only channel (decision 761).
      const [moves, decided] = await Promise.all([
        store.reports.events(orgId, from, to, limit),
        store.candidateDecisions.decidedEvents(orgId, from, to, limit),
      ]);
      const events = [...moves, ...decided].sort((a, b) => a.at - b.at || a.testInvitationId - b.testInvitationId).slice(0, limit);
      return succeed({
        events: events.map((event) => ({ ...event, at: new Date(event.at).toISOString() })),
        next: events.length === limit ? new Date(events[events.length - 1]!.at).toISOString() : null,
      });
    },
  );
};
