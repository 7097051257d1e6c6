import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelledInvitation,
  CancelQuery,
  IdParam,
  Reattempt,
  ResetInvitation,
  moveInvitation,
  succeed,
  takeTestUrl,
} from '@assay/domain';
import type { AppContext } from '../context.js';
import { resetAttempt, type InvitationRow } from '@assay/store';
import { found, refusal, unwrap } from '../refusal-error.js';
import { newInvitationToken } from '../services/random-keys.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const notFound = (id: number) => `No test invitation ${id}.`;

export const invitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  app.get(
    '/testinvitation/:testInvitationId/cancel',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Cancel invitation (4.9)',
        description: 'Allowed while Pending or Reset; 403.4 when in progress or completed. testId, if sent, must match.',
        security: apiKeySecurity,
        params: InvitationParams,
        querystring: CancelQuery,
        response: envelopeResponses(CancelledInvitation),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const { testId } = request.query;
      const invitation = await store.invitations.find(request.org.orgId, testInvitationId);
      if (!invitation || (testId !== undefined && invitation.test_id !== testId)) {
        throw refusal('404.4', testId === undefined ? notFound(testInvitationId) : `No test invitation ${testInvitationId} on test ${testId}.`);
      }
      const cancel = (row: InvitationRow) => moveInvitation(row.status, { type: 'cancel' });
      const outcome = found(
        await store.invitations.transition(request.org.orgId, invitation.id, cancel, now()),
        '404.4',
        notFound(testInvitationId),
      );
      unwrap(outcome.move);
      return succeed({ testInvitationId: outcome.row.id, status: 'cancelled' as const });
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/reattempt',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Reattempt test (4.10)',
        description: 'Only a completed invitation can be reattempted: a new invitation with a new id and URL; the old report stays.',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(Reattempt),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const invitation = found(await store.invitations.find(request.org.orgId, testInvitationId), '404.4', notFound(testInvitationId));
      unwrap(moveInvitation(invitation.status, { type: 'reattempt' }));
      const next = await store.invitations.createReattempt(invitation, newInvitationToken, now());
      return succeed({ testInvitationId: next.id, takeTestURL: takeTestUrl(config.publicUrl, next.token) });
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/reset',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Reset an attempt (Assay extension)',
        description:
          'In progress or Completed → Reset: answers, scores and snapshots are cleared and the candidate may start again with the same URL. ' +
          'Pending or Cancelled → 403.4. Cancel is allowed from Reset; reattempt is not.',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(ResetInvitation),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const outcome = found(await resetAttempt(store, request.org.orgId, testInvitationId, now()), '404.4', notFound(testInvitationId));
      unwrap(outcome.move);
      return succeed({ testInvitationId: outcome.row.id, testStatus: 'Reset' as const });
    },
  );
};
