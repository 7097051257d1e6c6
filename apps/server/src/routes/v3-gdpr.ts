import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GDPR_REQUEST_ACCEPTED, GdprRequestAnswer, GdprRequestInput, V3Failure } from '@assay/domain';
import type { AppContext } from '../context.js';
import { eraseCandidates } from '../services/candidate-erasure.js';

/**
 * iMocha v3's `POST /v3/gdpr/requests` (decision 846), as its documentation shows it: `x-api-key`, body
 * `{ "CandidateEmail", "testinvitationId"? }`, 200 `{ "result": "Request accepted for processing" }` once erased (Assay
 * erases at once), 400 "No records found for given Email address: …" for an address the org holds nothing of. Failures
 * are v3's `{ statusCode, message, errors }` (fronts/v3/failures.ts); the key and capability checks are the v3 front's (fronts/v3/register.ts).
 */
export const v3GdprRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, config, now } = context;
  app.post(
    '/gdpr/requests',
    {
      schema: {
        tags: ['v3'],
        summary: "Mask every record of a candidate, or one attempt (iMocha v3's GDPR request)",
        description:
          'Erases like `POST /v2/org/candidates/erase`: with `testinvitationId`, that attempt only (it must be the address’s). ' +
          'An admin key only. Failures answer `{ statusCode, message, errors: [message] }`.',
        security: [{ apiKey: [] }],
        body: GdprRequestInput,
        response: { 200: GdprRequestAnswer, '4xx': V3Failure, '5xx': V3Failure },
      },
    },
    async (request, reply) =>
      eraseCandidates(
        reply,
        store,
        { outboxDir: config.outboxDir, now },
        { email: request.body.CandidateEmail, invitationId: request.body.testinvitationId },
        () => ({ result: GDPR_REQUEST_ACCEPTED }),
      ),
  );
};
