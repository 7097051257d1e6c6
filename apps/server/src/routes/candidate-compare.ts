import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateComparison, COMPARE_MAX, COMPARE_MIN, IdParam } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { loadComparison } from '../services/candidate-comparison.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** 2–5 candidates of a test side by side (issue 61 item 4, decisions 1425–1430): a read, like the reports it is made of. */
export const candidateCompareRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/tests/:testId/compare',
    {
      schema: {
        tags: ['reports'],
        summary: 'Compare 2–5 candidates of a test (Assay extension)',
        description:
          `The candidates \`ids\` names (${COMPARE_MIN}–${COMPARE_MAX} test invitation ids, comma-separated, each once), in that order: score, section and skill scores, ` +
          'time taken, integrity level, the decision and its reason, tags, mean rating, and the marks of every question of the test in its order, from the same ' +
          'facts as /details. A candidate who has not finished is listed with `finished: false` and nulls for what the attempt would give. 400.125 for fewer ' +
          'or more candidates, 400.126 for a value that is not an id or an id named twice, 404.2 for a test not in the org, 404.4 (naming it) for an id ' +
          'that is not an invitation of this test.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        querystring: z.object({
          ids: z.string().meta({ description: `${COMPARE_MIN}–${COMPARE_MAX} test invitation ids of this test, comma-separated: ids=4,7,9`, example: '4,7,9' }),
        }),
        response: envelopeResponses(CandidateComparison),
      },
    },
    async (request) => {
      const { testId } = request.params;
      return succeed(unwrap(found(await loadComparison(store, request.org.orgId, testId, request.query.ids), 'test-not-found', `No test ${testId}.`)));
    },
  );
};
