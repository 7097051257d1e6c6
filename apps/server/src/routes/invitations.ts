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
  type InvitationEvent,
} from '@assay/domain';
import type { AppContext } from '../context.js';
import { found, refusal, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const notFound = (id: number) => `No test invitation ${id}.`;

export const invitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  /** The domain decides the move; the store applies it with its effect; a refusal leaves as its status code. */
  const move = async (orgId: number, invitationId: number, event: InvitationEvent, at: number) => {
    const applied = found(
      await store.invitations.applyMove(orgId, invitationId, (invitation) => moveInvitation(invitation, event), at),
      '404.4',
      notFound(invitationId),
    );
    unwrap(applied.move);
    return applied;
  };

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
      if (!invitation || (testId !== undefined && invitation.testId !== testId)) {
        throw refusal('404.4', testId === undefined ? notFound(testInvitationId) : `No test invitation ${testInvitationId} on test ${testId}.`);
      }
      const at = now();
      const applied = await move(request.org.orgId, testInvitationId, { type: 'cancel', at }, at);
      return succeed({ testInvitationId: applied.invitation.id, status: 'cancelled' as const });
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
      const { reattempt } = await move(request.org.orgId, testInvitationId, { type: 'reattempt' }, now());
      const next = found(reattempt, '404.4', notFound(testInvitationId));
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
      const applied = await move(request.org.orgId, testInvitationId, { type: 'reset' }, now());
      return succeed({ testInvitationId: applied.invitation.id, testStatus: 'Reset' as const });
    },
  );
};
