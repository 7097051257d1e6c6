import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelledInvitation,
  CancelQuery,
  IdParam,
  Reattempt,
  ReattemptQuery,
  ResetInvitation,
  reattemptEmailWanted,
  invitationNotFound,
  moveScopedInvitation,
  takeTestUrl,
  type Invitation,
  type InvitationEvent,
  type InvitationScope,
} from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { KeyOwner } from '@assay/store';
import type { AppContext } from '../context.js';
import { unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });

export const invitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  /**
   * One read: the store hands the invitation to the domain, which decides the move (or that the request names no
   * such invitation); the store applies it with its effect; a refusal leaves in its front's shape.
   */
  const move = async (key: KeyOwner, scope: InvitationScope, event: InvitationEvent, at: number) => {
    const decide = (invitation: Invitation) => moveScopedInvitation(invitation, scope, event);
    const applied = (await store.invitations.applyMove(key.orgId, scope.invitationId, decide, at, { keyId: key.keyId })) ?? unwrap(invitationNotFound(scope));
    unwrap(applied.move);
    return applied;
  };

  app.get(
    '/testinvitation/:testInvitationId/cancel',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Cancel invitation (4.9)',
        description:
          'Allowed while Pending or Reset; 403.4 when in progress or completed. testId, if sent, must match. Assay extension: notify=true emails the candidate the org’s cancellation template after the undo window (decision 1454).',
        security: apiKeySecurity,
        params: InvitationParams,
        querystring: CancelQuery,
        response: envelopeResponses(CancelledInvitation),
      },
    },
    async (request) => {
      const scope = { invitationId: request.params.testInvitationId, testId: request.query.testId };
      const at = now();
      const applied = await move(request.org, scope, { type: 'cancel', at }, at);
      if (request.query.notify) {
        const by = { keyId: request.org.keyId, at };
        await store.candidateDecisions.notifyCancelled(request.org.orgId, applied.invitation.id, by, config.decisionEmailDelayMs);
      }
      return succeed({ testInvitationId: applied.invitation.id, status: 'cancelled' as const });
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/reattempt',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Reattempt test (4.10)',
        description:
          'Only a completed invitation can be reattempted: a new invitation with a new id and URL (through the same test link, so its window applies); the old report stays. ' +
          'Assay extension: the new attempt is emailed to the candidate when the first invitation was emailed, or as sendEmail says (decision 781).',
        security: apiKeySecurity,
        params: InvitationParams,
        querystring: ReattemptQuery,
        response: envelopeResponses(Reattempt),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const scope = { invitationId: testInvitationId };
      const at = now();
      const { reattempt } = await move(request.org, scope, { type: 'reattempt' }, at);
      const next = reattempt ?? unwrap(invitationNotFound(scope));
      const requested = request.query.sendEmail;
      // Asking again for a reattempt already made answers it as it is: no second email unless asked for.
      const fresh = next.createdAt === at;
      const wanted = (fresh || requested !== undefined) && reattemptEmailWanted({ requested, firstWasEmailed: await store.jobs.linkEmailed(testInvitationId) });
      const emailQueued = wanted ? await store.jobs.enqueueLinkEmail(next, at, 'reattempt') : requested === undefined ? undefined : false;
      return succeed({
        testInvitationId: next.id,
        takeTestURL: takeTestUrl(config.publicUrl, next.token),
        ...(emailQueued === undefined ? {} : { emailQueued }),
      });
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
      const applied = await move(request.org, { invitationId: request.params.testInvitationId }, { type: 'reset' }, now());
      return succeed({ testInvitationId: applied.invitation.id, testStatus: 'Reset' as const });
    },
  );
};
