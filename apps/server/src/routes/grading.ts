import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildReviewQueue,
  decideGrade,
  GradeInput,
  GradeRecorded,
  IdParam,
  invitationNotFound,
  pageOffset,
  ReviewQuery,
  ReviewQueue,
  ReviewGradeRecorded,
  reviewIsBlind,
  reviewQueuePage,
  ReviewReference,
  reviewReferenceNotFound,
} from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { REVIEW_REFERENCE_KEY_SETTING, answerOfReviewReference, newReviewReferenceKey, reviewReferenceOf } from '../grading/review-reference.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** Issue 32, item 3: grading written answers, and the queue of what awaits grading. */
export const gradingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  const referenceKey = () => store.settings.getOrCreate(REVIEW_REFERENCE_KEY_SETTING, newReviewReferenceKey);

  app.put(
    '/testinvitation/:testInvitationId/grades/:questionId',
    {
      schema: {
        tags: ['grading'],
        summary: 'Grade a written answer (Assay extension)',
        description:
          "Marks (0 to the question's), optionally per criterion of its rubric (adding up to marks), and a comment, for a short_answer or free_text answer awaiting review; again to regrade (the earlier grade is kept in the history). The last grade makes the score final: the report is Generated and the completion callback and stakeholder email go with the final score. 400.19 for a grade that does not fit the question, 409.3 for an answer that needs no grade, 409.4 for an invitation that is not Completed. The same grade again by the same key records nothing.",
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam, questionId: IdParam }),
        body: GradeInput,
        response: envelopeResponses(GradeRecorded),
      },
    },
    async (request, reply) => {
      const { testInvitationId, questionId } = request.params;
      const { orgId, keyId } = request.org;
      return answerWithEffect(
        reply,
        store,
        async (repositories) => {
          const recorded = await repositories.grades.record(orgId, testInvitationId, questionId, keyId, now(), (facts) => decideGrade(facts, request.body));
          return unwrap(recorded ?? invitationNotFound({ invitationId: testInvitationId }));
        },
        (recorded) =>
          succeed({
            testInvitationId,
            questionId,
            grade: recorded.grade,
            regraded: recorded.regraded,
            awaitingCount: recorded.awaiting,
            reportStatus: recorded.reportStatus,
            score: recorded.score,
          }),
      );
    },
  );

  app.get(
    '/tests/:testId/review',
    {
      schema: {
        tags: ['grading'],
        summary: 'Review queue: written answers awaiting a grade (Assay extension)',
        description:
          "Every short_answer and free_text answer of the test's completed attempts that awaits a person's grade, and those graded (with their current grade), so that progress reads \"gradedCount of itemsCount graded\". by=question (default): the test's questions in order, each one's answers in a random order that stays the same for the same API key; by=candidate: grouped by invitation. Every item has a `reference` to grade it by (PUT /v2/org/review/{reference}/grade). blind=true leaves out candidates' names, emails and invitation ids, and a blind-reviewer key is always answered blind (decision 655). questionId: only that question's answers. Paged with page_size and page_no. nextUngraded: where the first answer awaiting a grade at or after `from` is, on any page (issue 61).",
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        querystring: ReviewQuery,
        response: envelopeResponses(ReviewQueue),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const { orgId, keyId } = request.org;
      const query = request.query;
      const source = found(await store.reviewQueue.facts(orgId, testId, query.questionId), 'test-not-found', `No test ${testId}.`);
      const blind = reviewIsBlind(request.org.role, query.blind);
      const pageRequest = { by: query.by, blind, seed: keyId, offset: pageOffset(query), size: query.page_size, ...(query.from ? { from: query.from } : {}) };
      const page = reviewQueuePage(source, pageRequest);
      const key = await referenceKey();
      const facts = await store.reviewQueue.answers(orgId, page.page);
      return succeed(buildReviewQueue(source, pageRequest, page, facts, (invitationId, questionId) => reviewReferenceOf(key, { invitationId, questionId })));
    },
  );

  app.put(
    '/review/:reference/grade',
    {
      schema: {
        tags: ['grading'],
        summary: 'Grade a written answer by its review reference (Assay extension)',
        description:
          "As PUT /v2/org/testinvitation/{testInvitationId}/grades/{questionId}, for the answer the review queue names by `reference`, without naming its invitation: what a blind-reviewer key grades by (decision 656). A reference that no answer of the key's organization has answers 404.4.",
        security: apiKeySecurity,
        params: z.object({ reference: ReviewReference }),
        body: GradeInput,
        response: envelopeResponses(ReviewGradeRecorded),
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const { orgId, keyId } = request.org;
      const notFound = () => unwrap(reviewReferenceNotFound(reference));
      const { invitationId, questionId } = answerOfReviewReference(await referenceKey(), reference) ?? notFound();
      return answerWithEffect(
        reply,
        store,
        async (repositories) =>
          unwrap((await repositories.grades.record(orgId, invitationId, questionId, keyId, now(), (facts) => decideGrade(facts, request.body))) ?? notFound()),
        (recorded) =>
          succeed({
            reference,
            questionId,
            grade: recorded.grade,
            regraded: recorded.regraded,
            awaitingCount: recorded.awaiting,
            reportStatus: recorded.reportStatus,
            score: recorded.score,
          }),
      );
    },
  );
};
