import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, InvitationList, InvitationListQuery } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { integritySummariesOf } from '../services/integrity-summaries.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** A test's invitations as a list (issue 48 item 9, decision 652): a read, never logged as an export. */
export const invitationListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  app.get(
    '/tests/:testId/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: "List a test's invitations (Assay extension)",
        description:
          'One page (page_size, page_no) of the invitations of a test with the count of all that match, each with its candidate, status, the score to show ' +
          '(final, or provisional while answers await a grader: scoreStatus), percent, dates, extra time and test link. ' +
          'Filtered by status (comma-separated; `Awaiting review` is a Completed attempt whose score is provisional), min_score/max_score ' +
          '(rows without a score are left out) and q (words of the name or email, any order); sorted by invited (default), completed, score ' +
          'or percent, descending with a leading -, rows without a score or completion last. decision (comma-separated: shortlisted, advanced, rejected, ' +
          'on-hold, none) and tag filter on what the hiring team recorded; each row carries its decision, tags and mean rating. Each row carries its integrity summary (the counts of /details). Reading it writes nothing to any history. ' +
          '400.4 for a query parameter out of its rules, 404.2 for a test not in the org.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        querystring: InvitationListQuery,
        response: envelopeResponses(InvitationList),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const { orgId } = request.org;
      const list = found(await store.invitationList.list(orgId, testId, request.query, now()), 'test-not-found', `No test ${testId}.`);
      // Each row with its integrity summary, as the workbook and /details count it (decision 672).
      const summaries = await integritySummariesOf(store, orgId, list.invitations);
      // And its decision, tags (issue 50 item 2) and mean rating (issue 61 item 3), read for the page's rows only.
      const listed = await store.candidateDecisions.listedOf(list.invitations.map((row) => row.testInvitationId));
      return succeed({
        ...list,
        // The image violations and the camera's gap are the summary's to show (decisions 989, 1143), not fields of the row.
        invitations: list.invitations.map(({ imageViolations: _inSummary, cameraGapSeconds: _alsoInSummary, ...row }) => ({
          ...row,
          integrity: summaries.get(row.testInvitationId) ?? null,
          ...listed.get(row.testInvitationId),
        })),
      });
    },
  );
};
