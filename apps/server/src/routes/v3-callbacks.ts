import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { V3CallbackReplayAnswer, V3CallbackReplayInput, V3CallbackReplayRefusal, V3Failure, planCallbackReplay } from '@assay/domain';
import type { AppContext } from '../context.js';

/**
 * iMocha v3's `POST /v3/callbacks/process` (issue 52, decisions 918, 919): sends again the completion callback of each
 * ended invitation asked for (the v3 front, fronts/v3/register.ts, asks for the key). Any id not of the key's org answers iMocha's documented 401, missing and foreign alike.
 */
export const v3CallbackRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now } = context;
  app.post(
    '/callbacks/process',
    {
      schema: {
        tags: ['v3'],
        summary: "Send invitations' completion callbacks again (iMocha v3's callback replay)",
        description:
          'One to 100 invitation ids. `successful`: the completion callback is queued again (same webhook-id, a fresh retry ' +
          'schedule, listed in the deliveries); `failed`: the attempt has not ended or had no callbackUrl. Any id not of ' +
          'this organization, or missing, answers 401 naming each (decision 919).',
        security: [{ apiKey: [] }],
        body: V3CallbackReplayInput,
        // 401 is v3's documented refusal of ids not the org's, or the failure of a missing or wrong key.
        response: { 200: V3CallbackReplayAnswer, 401: z.union([V3CallbackReplayRefusal, V3Failure]), '4xx': V3Failure, '5xx': V3Failure },
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const ids = request.body.testinvitationIds;
      const plan = planCallbackReplay(ids, await store.v3Callbacks.replayCandidates(orgId, ids));
      if (plan.kind === 'unknown') return reply.code(401).send(plan.refusal);
      await store.v3Callbacks.requeue(
        orgId,
        plan.requeue.map((entry) => entry.jobId),
        now(),
      );
      return { result: { testinvitationIds: { successful: plan.requeue.map((entry) => entry.id), failed: plan.failed } }, errors: null };
    },
  );
};
