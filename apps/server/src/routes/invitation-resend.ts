import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, ResentInvitation, takeTestUrl } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found } from '../refusal-error.js';
import { resendLink } from '../services/link-resend.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * Resend (issue 50 item 4): the candidate's current link emailed again, through the same outbox job as the invitation
 * email (`link_email`), so the worker delivers it and `assay deliveries` shows it. The domain decides (`decideResend`, run by `resendLink`).
 */
export const invitationResendRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  app.post(
    '/testinvitation/:testInvitationId/resend',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Email the candidate their link again (Assay extension)',
        description:
          'Queues an email of the invitation’s current take-test URL to the candidate (decision 813). Only while the candidate can still take it: 409.50 for a Completed or Cancelled invitation, and for an expired one (its own expiry or its link’s end passed: extend it first, e.g. PUT …/expiry with resend true). ' +
          'At most one email of the invitation’s link per 10 minutes and 5 per 24 hours, the first invitation’s included: 429.50 with Retry-After. A reviewer key is refused (403.17).',
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam }),
        response: envelopeResponses(ResentInvitation),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testInvitationId } = request.params;
      const at = now();
      return answerWithEffect(
        reply,
        store,
        async (repositories) => {
          const invitation = found(
            await repositories.invitations.find(orgId, testInvitationId),
            'invitation-not-found',
            `No test invitation ${testInvitationId}.`,
          );
          await resendLink(repositories, invitation, at);
          return invitation;
        },
        (invitation) => succeed({ testInvitationId: invitation.id, takeTestURL: takeTestUrl(config.publicUrl, invitation.token), emailQueued: true as const }),
      );
    },
  );
};
