import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EraseCandidatesInput, ErasedCandidates } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { eraseCandidates } from '../services/candidate-erasure.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * `POST /v2/org/candidates/erase` (issue 51 item 1, decision 845): erases a candidate's personal data, by address (every
 * invitation of the org for it) or one invitation, for an admin key only. What it does to each table and file:
 * docs/data-protection.md "Erasure".
 */
export const candidateErasureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  app.post(
    '/candidates/erase',
    {
      schema: {
        tags: ['people'],
        summary: "Erase a candidate's personal data: every invitation of an address, or one invitation (Assay extension)",
        description:
          'Body `{ "emailId": "…" }` or `{ "testInvitationId": n }`. Names, addresses, written answers, code, snapshots, playback, notes and ' +
          'free text are removed everywhere (reports, PDF, workbook, history, deliveries, similarity pairs, the outbox); scores, counts and ' +
          'statuses stay on an "Erased candidate" row so statistics hold. Cannot be undone. 404.51 for an address the organization holds ' +
          'nothing of (never, or erased already); 404.4 for an unknown invitation (another organization’s answers the same); an invitation ' +
          'erased before answers 200 with `alreadyErased: 1`. An admin key only (403.17 for any other role).',
        security: apiKeySecurity,
        body: EraseCandidatesInput,
        response: envelopeResponses(ErasedCandidates),
      },
    },
    async (request, reply) =>
      eraseCandidates(
        reply,
        store,
        { outboxDir: config.outboxDir, now },
        { email: request.body.emailId, invitationId: request.body.testInvitationId },
        ({ plan, erased, alreadyErased, bulkRows }) =>
          succeed({ scope: plan.scope, erased, alreadyErased, bulkRows, testInvitationIds: [...plan.invitationIds] }),
      ),
  );
};
