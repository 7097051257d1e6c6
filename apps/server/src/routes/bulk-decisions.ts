import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_DECISION_CAP, BulkDecisionAnswer, BulkDecisionInput, IdParam } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { bulkDecisionAnswer, carryOutBulkDecision, planBulkDecision } from '../services/bulk-decisions.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * Issue 61 item 2: one decision for many candidates of a test, by ids or by the invitation list's own filter, with a
 * dry run (decisions 1440, 1441). Who may is the single decision's capability (`decide-candidates`); each candidate
 * decided gets the single decision's history entry; under an Idempotency-Key the writes and the kept answer commit
 * together, so a retry replays the answer and decides nobody twice.
 */
export const bulkDecisionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now, config }) => {
  app.post(
    '/tests/:testId/decisions/bulk',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Decide on many candidates of a test at once (Assay extension)',
        description:
          'Sets one decision (shortlisted, advanced, rejected, on-hold; null clears) with an optional reason on the invitations named by `ids` ' +
          `(1–${BULK_DECISION_CAP}) or by \`filter\`, the invitation list's own filter in its own words, scores as numbers (status, min_score, max_score, q, integrity, ` +
          `decision, tag; e.g. {"max_score": 20, "decision": "none"}); exactly one of the two. A filter matching more than ${BULK_DECISION_CAP} is ` +
          'refused whole (400.130). `dryRun: true` answers who would be decided and writes nothing. Each candidate decided gets one `decided` history ' +
          'entry, as a single PUT …/decision, and with `notify: true` its email after the undo window, as there; one whose decision already stands (no new reason) is `unchanged`; an id not of this test or of another ' +
          'org is `not-found` and never decided. Idempotent under an Idempotency-Key. Admin, recruiter and hiring-manager keys (403.17 otherwise); ' +
          '404.2 for a test not in the org.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        body: BulkDecisionInput,
        response: envelopeResponses(BulkDecisionAnswer),
      },
    },
    async (request, reply) => {
      const { testId } = request.params;
      const { orgId, keyId } = request.org;
      const at = now();
      const { rows, toDecide } = await planBulkDecision(store, orgId, testId, request.body, at);
      if (request.body.dryRun === true) return succeed(bulkDecisionAnswer(rows, true));
      return answerWithEffect(
        reply,
        store,
        (repositories) => carryOutBulkDecision(repositories, orgId, toDecide, request.body, { keyId, at }, config.decisionEmailDelayMs),
        () => succeed(bulkDecisionAnswer(rows, false)),
      );
    },
  );
};
