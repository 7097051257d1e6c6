import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, InvitationSummary } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** A test's pipeline (issue 50, decisions 766 and 767): a read, like the list it summarises. */
export const invitationSummaryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  app.get(
    '/tests/:testId/invitations/summary',
    {
      schema: {
        tags: ['invitations'],
        summary: "A test's invitations counted per stage (Assay extension)",
        description:
          'How many invitations of the test are in each status (each the count the list answers for that status filter), how many Completed attempts ' +
          'await review, the completion rate (Completed over the invitations not Cancelled, in percent), and the shown scores: min, median and max in ' +
          'marks and in percent, and ten buckets of percent. 404.2 for a test not in the org.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        response: envelopeResponses(InvitationSummary),
      },
    },
    async (request) => {
      const { testId } = request.params;
      return succeed(found(await store.invitationSummary.summary(request.org.orgId, testId, now()), 'test-not-found', `No test ${testId}.`));
    },
  );
};
