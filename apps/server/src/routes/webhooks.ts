import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeliveryLog, IdParam, QueuedMessage, TestEventInput, WebhookSettings, WebhookSettingsInput, buildTestCallback, deliveryProgress } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import { generateWebhookSecret } from '@assay/delivery';
import type { Repositories } from '@assay/store';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found } from '../refusal-error.js';
import { checkCallbackTarget } from '../services/callback-target.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** A rotated-out secret keeps signing this long, so receivers can switch without missing a callback. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());
const tags = ['webhooks'];

/** Extensions for integrators: signing secrets, key spelling, test events, delivery logs and redelivery. */
export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  const settingsOf = async (repositories: Repositories, orgId: number) => {
    const [secrets, org] = await Promise.all([repositories.webhookSecrets.ensure(orgId, generateWebhookSecret, now()), repositories.orgs.find(orgId)]);
    return {
      secrets: secrets.map((entry) => ({ secret: entry.secret, createdAt: iso(entry.createdAt)!, expiresAt: iso(entry.expiresAt) })),
      trailingSpaceKeys: org?.callbackTrailingSpaces === true,
    };
  };

  app.get(
    '/webhooks',
    { schema: { tags, summary: 'Callback signing secrets (whsec_…) and settings', security: apiKeySecurity, response: envelopeResponses(WebhookSettings) } },
    async (request) => succeed(await settingsOf(store, request.org.orgId)),
  );

  app.post(
    '/webhooks/secret/rotate',
    {
      schema: {
        tags,
        summary: 'Rotate the signing secret',
        description: 'Callbacks are signed with the new and the old secret for 24 hours, then with the new one only.',
        security: apiKeySecurity,
        response: envelopeResponses(WebhookSettings),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const rotate = async (repositories: Repositories) => {
        await repositories.webhookSecrets.ensure(orgId, generateWebhookSecret, now());
        await repositories.webhookSecrets.rotate(orgId, generateWebhookSecret(), now(), SECRET_OVERLAP_MS);
        return settingsOf(repositories, orgId);
      };
      return answerWithEffect(reply, store, rotate, succeed);
    },
  );

  app.post(
    '/webhooks/settings',
    {
      schema: {
        tags,
        summary: "Choose the callback's key spelling",
        description: 'trailingSpaceKeys true sends "TotalScore ", "CandidateScore " and "ReportPDFUrl " as in the documented sample.',
        security: apiKeySecurity,
        body: WebhookSettingsInput,
        response: envelopeResponses(WebhookSettings),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const choose = async (repositories: Repositories) => {
        await repositories.orgs.setCallbackTrailingSpaces(orgId, request.body.trailingSpaceKeys);
        return settingsOf(repositories, orgId);
      };
      return answerWithEffect(reply, store, choose, succeed);
    },
  );

  app.post(
    '/webhooks/test',
    {
      schema: {
        tags,
        summary: 'Send a signed test event to a URL',
        description: 'A completion callback with sample values and TestInvitationId 0, delivered and retried like real ones.',
        security: apiKeySecurity,
        body: TestEventInput,
        response: envelopeResponses(QueuedMessage),
      },
    },
    async (request, reply) => {
      await checkCallbackTarget(request.body.url, config.allowPrivateCallbacks);
      const org = await store.orgs.find(request.org.orgId);
      const attemptedOn = new Date(now()).toISOString().slice(0, 19);
      const payload = JSON.stringify(buildTestCallback(attemptedOn, `${config.publicUrl}/docs`, org?.callbackTrailingSpaces === true));
      const job = { orgId: request.org.orgId, invitationId: null, kind: 'callback', target: request.body.url, payload } as const;
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.jobs.add(job, now()),
        (queued) => succeed({ jobId: queued.id, messageId: queued.messageId }),
      );
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/deliveries',
    {
      schema: {
        tags,
        summary: 'Delivery log of an invitation: callbacks and emails, every attempt',
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam }),
        response: envelopeResponses(DeliveryLog),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      found(await store.invitations.find(request.org.orgId, testInvitationId), 'invitation-not-found', `No test invitation ${testInvitationId}.`);
      const jobs = await store.jobs.ofInvitation(request.org.orgId, testInvitationId);
      const at = now();
      return succeed({
        deliveries: jobs.map((job) => {
          const progress = deliveryProgress(job, at);
          return {
            jobId: job.id,
            kind: job.kind,
            target: job.target,
            messageId: job.messageId,
            status: job.status,
            attempts: job.deliveries.map((attempt) => ({ ...attempt, attemptedAt: iso(attempt.attemptedAt)! })),
            nextAttemptAt: iso(progress.nextAttemptAt),
            inFlight: progress.inFlight,
            leasedUntil: iso(progress.leasedUntil),
          };
        }),
      });
    },
  );

  app.post(
    '/deliveries/:jobId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a callback or email again (same webhook-id)',
        description: 'Only callbacks and emails can be redelivered. The job gets a fresh automatic retry schedule; its delivery log keeps every attempt.',
        security: apiKeySecurity,
        params: z.object({ jobId: IdParam }),
        response: envelopeResponses(QueuedMessage),
      },
    },
    async (request, reply) => {
      const { jobId } = request.params;
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.jobs.redeliver(request.org.orgId, jobId, now()),
        (redelivered) => {
          const job = found(redelivered, 'delivery-not-found', `No delivery ${jobId}.`);
          return succeed({ jobId: job.id, messageId: job.messageId });
        },
      );
    },
  );
};
