import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, ITEM_ANALYSIS_THRESHOLDS, ItemAnalysis } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { loadItemAnalysis } from '../services/item-analysis.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const t = ITEM_ANALYSIS_THRESHOLDS;
const DESCRIPTION =
  'Item analysis of the test’s questions on the org’s own attempts with a final score (docs/item-analysis.md gives every formula and its source), one row ' +
  'per question and version: facility (mean fraction of marks), discrimination (correlation with the rest of the test) and Kelley’s upper-lower 27 % ' +
  'index, each option’s share for choice questions (overall and in the upper and lower groups), the median time in view, the attempts behind the ' +
  `figures and the exposures (started attempts shown the question). Flags: too-few-attempts (fewer than ${t.minAttempts}; then no other), too-easy ` +
  `(facility above ${t.tooEasyAbove}), too-hard (below ${t.tooHardBelow}), negative-discrimination, weak-discrimination (below ${t.weakDiscriminationBelow}), ` +
  'unpicked-distractor (a wrong option nobody chose), distractor-draws-strong (a wrong option the upper group chose more than the lower). ' +
  'A read like the reports it is made of; 404.2 for a test not in the org.';

/** Item analysis (issue 62 item 5, decisions 1457–1464). */
export const itemAnalysisRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/tests/:testId/item-analysis',
    {
      schema: {
        tags: ['reports'],
        summary: 'Item analysis of a test’s questions (Assay extension)',
        description: DESCRIPTION,
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        querystring: z.object({
          version: z.coerce
            .number()
            .int()
            .positive()
            .max(1_000_000)
            .optional()
            .meta({ description: 'The test version to analyse (GET /v2/org/tests/{testId}/versions lists them); default the current one.' }),
        }),
        response: envelopeResponses(ItemAnalysis),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const { version } = request.query;
      const analysis = await loadItemAnalysis(store, request.org.orgId, testId, version);
      return succeed(found(analysis, 'test-not-found', version === undefined ? `No test ${testId}.` : `No version ${version} of test ${testId}.`));
    },
  );
};
