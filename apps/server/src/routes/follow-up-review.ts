import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, invitationNotFound, ReviewQuery, ReviewReference, reviewIsBlind, reviewReferenceNotFound } from '@assay/domain';
import { FOLLOW_UP_RUBRIC, FollowUpMarked, FollowUpMarkInput, reviewFollowUpItemOf, ReviewFollowUps } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { REVIEW_REFERENCE_KEY_SETTING, answerOfReviewReference, newReviewReferenceKey, reviewReferenceOf } from '../grading/review-reference.js';
import { found, refusal, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const Position = z.coerce.number().int().min(0).max(2);
const tags = ['grading'];
const MARKS = `A mark is accurate, partly or not (the default rubric: ${Object.entries(FOLLOW_UP_RUBRIC)
  .map(([mark, meaning]) => `${mark}: ${meaning}`)
  .join('; ')}), or null to take it back. Marks are evidence of authorship and never change the score or the report's status (decision 1225).`;

/** Authorship follow-ups for people to review (issue 60 item 6; docs/ai.md "Authorship follow-ups"). */
export const followUpReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  const referenceKey = () => store.settings.getOrCreate(REVIEW_REFERENCE_KEY_SETTING, newReviewReferenceKey);

  const mark = async (keyId: number, invitationId: number, questionId: number, position: number, input: FollowUpMarkInput) => {
    const by = `key ${keyId}`;
    if (!(await store.followUps.mark(invitationId, questionId, position, input.mark, by, now())))
      throw refusal('follow-up-not-found', `Question ${questionId} of this attempt has no follow-up ${position}.`);
    return { questionId, position, mark: input.mark, markedBy: input.mark === null ? null : by };
  };

  app.get(
    '/tests/:testId/review/follow-ups',
    {
      schema: {
        tags,
        summary: 'Review queue: authorship follow-ups beside the answers they ask about (Assay extension)',
        description: `Every coding or written answer of the test that was asked follow-ups: the code or text, each question (model- or template-written), the candidate's answer, refused pastes and its mark, with a reference to mark it by. blind=true (always for a blind-reviewer key) leaves out names and invitation ids. ${MARKS}`,
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        querystring: ReviewQuery.pick({ blind: true }),
        response: envelopeResponses(ReviewFollowUps),
      },
    },
    async (request) => {
      const { testId } = request.params;
      const { orgId, role } = request.org;
      const facts = found(await store.followUps.forReview(orgId, testId), 'test-not-found', `No test ${testId}.`);
      const blind = reviewIsBlind(role, request.query.blind);
      const key = await referenceKey();
      const items = facts.map((item) =>
        reviewFollowUpItemOf(item, blind, reviewReferenceOf(key, { invitationId: item.invitationId, questionId: item.questionId })),
      );
      return succeed({
        testId,
        blind,
        rubric: FOLLOW_UP_RUBRIC,
        followUpsCount: items.reduce((total, item) => total + item.followUps.length, 0),
        markedCount: items.reduce((total, item) => total + item.markedCount, 0),
        items,
      });
    },
  );

  app.put(
    '/testinvitation/:testInvitationId/follow-ups/:questionId/:position',
    {
      schema: {
        tags,
        summary: 'Mark an authorship follow-up (Assay extension)',
        description: `${MARKS} 404.4 for another org's invitation, 404.100 for a follow-up not asked.`,
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam, questionId: IdParam, position: Position }),
        body: FollowUpMarkInput,
        response: envelopeResponses(FollowUpMarked),
      },
    },
    async (request) => {
      const { testInvitationId, questionId, position } = request.params;
      const { orgId, keyId } = request.org;
      if (!(await store.invitations.find(orgId, testInvitationId))) unwrap(invitationNotFound({ invitationId: testInvitationId }));
      return succeed(await mark(keyId, testInvitationId, questionId, position, request.body));
    },
  );

  app.put(
    '/review/:reference/follow-ups/:position',
    {
      schema: {
        tags,
        summary: 'Mark an authorship follow-up by its review reference (Assay extension)',
        description: `As PUT /v2/org/testinvitation/{testInvitationId}/follow-ups/{questionId}/{position}, by the reference the follow-up review queue names, without naming the invitation (what a blind-reviewer key marks by). ${MARKS}`,
        security: apiKeySecurity,
        params: z.object({ reference: ReviewReference, position: Position }),
        body: FollowUpMarkInput,
        response: envelopeResponses(FollowUpMarked),
      },
    },
    async (request) => {
      const { reference, position } = request.params;
      const { orgId, keyId } = request.org;
      const notFound = () => unwrap(reviewReferenceNotFound(reference));
      const { invitationId, questionId } = answerOfReviewReference(await referenceKey(), reference) ?? notFound();
      if (!(await store.invitations.find(orgId, invitationId))) notFound();
      return succeed(await mark(keyId, invitationId, questionId, position, request.body));
    },
  );
};
