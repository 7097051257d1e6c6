import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, SimilarityPage, SimilarityPageQuery } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { similarityPageFor } from '../services/similarity-pairs.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** Every similarity pair of an attempt, the report's unlisted ones too (issue 50 item 6, decision 822): a read. */
export const invitationSimilarityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/testinvitation/:testInvitationId/similarity',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Every similarity pair of an attempt (Assay extension)',
        description:
          'One page (page_size, page_no) of every pair of this attempt’s coding answers with another candidate’s answer to the same question at ' +
          'or above 0.5, with the count of all that match: the report’s details list the 5 highest of each question (omittedSimilarPairs counts ' +
          'the rest); this lists them all, highest score first, then by pair id. questionId keeps one question’s. Each entry is shaped as ' +
          'integrity.similarity of /details, with its pairId and latest review; review any of them as `similarity-<pairId>` through ' +
          'PUT /v2/org/testinvitation/{id}/evidence/{eventId}. A page past the last is empty. 400.4 for a query parameter out of its rules, ' +
          '404.4 for an invitation not in the org.',
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam }),
        querystring: SimilarityPageQuery,
        response: envelopeResponses(SimilarityPage),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const page = await similarityPageFor(store, request.org.orgId, testInvitationId, request.query);
      return succeed(found(page, 'invitation-not-found', `No test invitation ${testInvitationId}.`));
    },
  );
};
