import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReviewReference, reviewReferenceNotFound } from '@assay/domain';
import { ReviewTranscript, reportAiOfQuestion } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { REVIEW_REFERENCE_KEY_SETTING, answerOfReviewReference, newReviewReferenceKey } from '../grading/review-reference.js';
import { unwrap } from '../refusal-error.js';
import { loadReportAi } from '../services/attempt-ai.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * The assistant's transcript of the answer a review reference names (issue 60 item 4, decision 1263): what a blind
 * reviewer, who never reads a report (403.17), reads beside the answer they grade — without the candidate's identity.
 */
export const reviewTranscriptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/review/:reference/transcript',
    {
      schema: {
        tags: ['grading'],
        summary: "The AI assistant's transcript of one reviewed answer, by its review reference (Assay extension)",
        description:
          "The report's `ai` narrowed to the question the reference names: the policy, the models, its counts, every message and reply (withheld ones included), insertion and follow-up. Nothing names the candidate: what a blind-reviewer key reads (decision 1263). `ai` is null for an attempt without an AI record. A reference no answer of the key's organization has answers 404.4.",
        security: apiKeySecurity,
        params: z.object({ reference: ReviewReference }),
        response: envelopeResponses(ReviewTranscript),
      },
    },
    async (request) => {
      const { reference } = request.params;
      const notFound = () => unwrap(reviewReferenceNotFound(reference));
      const key = await store.settings.getOrCreate(REVIEW_REFERENCE_KEY_SETTING, newReviewReferenceKey);
      const { invitationId, questionId } = answerOfReviewReference(key, reference) ?? notFound();
      const invitation = (await store.invitations.find(request.org.orgId, invitationId)) ?? notFound();
      const ai = await loadReportAi(store, invitationId, invitation.testId);
      return succeed({ reference, questionId, ai: ai && reportAiOfQuestion(ai, questionId) });
    },
  );
};
