import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateEvaluation, CandidateNotes, DecisionInput, IdParam, NoteInput, RatingInput, TagInput, normalizeTag, type Result } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const NoteParams = InvitationParams.extend({ noteId: IdParam });
const TagParams = InvitationParams.extend({ tag: z.string().min(1).max(200) });
const notFound = (testInvitationId: number) => `No test invitation ${testInvitationId}.`;

const ANSWERS = 'Answers the whole evaluation (decision, tags, notes, ratings) as it now stands. Another org’s invitation answers 404.4 as a missing one.';

/**
 * Issue 50 item 2: a decision on a candidate, tags, notes and ratings (decisions 755–761). Who may is the domain's
 * (`decide-candidates`: admin; `annotate-candidates`: admin and reviewer, decision 760); the rules on what is stored are
 * the domain's too (decisions/), applied by the store in the write's transaction with its history entry.
 */
export const candidateDecisionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now, config }) => {
  const answer = (testInvitationId: number, written: Result<CandidateEvaluation> | undefined) =>
    succeed(unwrap(found(written, 'invitation-not-found', notFound(testInvitationId))));
  const schema = (summary: string, description: string) => ({
    tags: ['invitations'],
    summary: `${summary} (Assay extension)`,
    description,
    security: apiKeySecurity,
    response: envelopeResponses(CandidateEvaluation),
  });

  app.get(
    '/testinvitation/:testInvitationId/evaluation',
    {
      schema: {
        ...schema(
          'What the hiring team recorded on an invitation',
          'The decision standing (with who and why), the tags, the notes (each by its author key, oldest first) and each key’s 1–5 rating.',
        ),
        params: InvitationParams,
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      return succeed(found(await store.candidateDecisions.evaluation(request.org.orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId)));
    },
  );

  app.put(
    '/testinvitation/:testInvitationId/decision',
    {
      schema: {
        ...schema(
          'Decide on a candidate',
          'Sets the invitation’s one decision — shortlisted, advanced, rejected or on-hold — or clears it (null), with an optional reason. Each change is a ' +
            '`decided` entry of the invitation’s history (who, the state before, the reason) and a `decided` event of GET /v2/org/events; the same ' +
            'decision again without a reason changes nothing. ' +
            '`notify: true` queues the org’s email for the decision (GET /v2/org/decision-emails) to the candidate, sent after the undo window (10 minutes unless the operator set ASSAY_DECISION_EMAIL_DELAY_S); ' +
            'changing or clearing the decision before then withdraws it; the history records each email queued, withdrawn and sent. ' +
            `Admin, recruiter and hiring-manager keys (a reviewer key: 403.17 naming those roles, decisions 760 and 1380). ${ANSWERS}`,
        ),
        params: InvitationParams,
        body: DecisionInput,
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      const decided = await store.candidateDecisions.decide(request.org.orgId, testInvitationId, request.body, by, config.decisionEmailDelayMs);
      return answer(testInvitationId, decided);
    },
  );

  app.post(
    '/testinvitation/:testInvitationId/tags',
    {
      schema: {
        ...schema(
          'Tag a candidate',
          'Adds a tag, normalised (trimmed, lower case, spaces as -; letters, digits, `.`, `_`, `-`; at most 32 characters: 400.40 otherwise). ' +
            `At most 20 tags per invitation (400.41). A tag already there changes nothing. ${ANSWERS}`,
        ),
        params: InvitationParams,
        body: TagInput,
      },
    },
    async (request, reply) => {
      const { testInvitationId } = request.params;
      const tag = unwrap(normalizeTag(request.body.tag));
      const by = { keyId: request.org.keyId, at: now() };
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.candidateDecisions.addTag(request.org.orgId, testInvitationId, tag, by),
        (written) => answer(testInvitationId, written),
      );
    },
  );

  app.delete(
    '/testinvitation/:testInvitationId/tags/:tag',
    {
      schema: {
        ...schema('Remove a tag', `Removes the tag (matched as normalised); a tag the invitation lacks changes nothing. ${ANSWERS}`),
        params: TagParams,
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const tag = unwrap(normalizeTag(request.params.tag));
      const by = { keyId: request.org.keyId, at: now() };
      return answer(testInvitationId, await store.candidateDecisions.removeTag(request.org.orgId, testInvitationId, tag, by));
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/notes',
    {
      schema: {
        tags: ['invitations'],
        summary: 'The notes on an invitation (Assay extension)',
        description: 'Oldest first, each with its author key, when it was written and when last edited.',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(CandidateNotes),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const evaluation = found(
        await store.candidateDecisions.evaluation(request.org.orgId, testInvitationId),
        'invitation-not-found',
        notFound(testInvitationId),
      );
      return succeed({ testInvitationId, notes: evaluation.notes });
    },
  );

  app.post(
    '/testinvitation/:testInvitationId/notes',
    {
      schema: {
        ...schema('Write a note on a candidate', `A note signed by the calling key (1 to 4,000 characters; at most 200 notes: 400.42). ${ANSWERS}`),
        params: InvitationParams,
        body: NoteInput,
      },
    },
    async (request, reply) => {
      const { testInvitationId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.candidateDecisions.addNote(request.org.orgId, testInvitationId, request.body.text, by),
        (written) => answer(testInvitationId, written),
      );
    },
  );

  app.patch(
    '/testinvitation/:testInvitationId/notes/:noteId',
    {
      schema: {
        ...schema(
          'Edit a note',
          `Replaces the note’s text and sets its editedAt. Only the key that wrote it (403.18, even for an admin key); 404.16 for a note not on this invitation. ${ANSWERS}`,
        ),
        params: NoteParams,
        body: NoteInput,
      },
    },
    async (request) => {
      const { testInvitationId, noteId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      return answer(testInvitationId, await store.candidateDecisions.changeNote(request.org.orgId, testInvitationId, noteId, request.body.text, by));
    },
  );

  app.delete(
    '/testinvitation/:testInvitationId/notes/:noteId',
    {
      schema: {
        ...schema(
          'Delete a note',
          `Only the key that wrote it (403.18); 404.16 for a note not on this invitation. The history keeps that it was deleted. ${ANSWERS}`,
        ),
        params: NoteParams,
      },
    },
    async (request) => {
      const { testInvitationId, noteId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      return answer(testInvitationId, await store.candidateDecisions.changeNote(request.org.orgId, testInvitationId, noteId, undefined, by));
    },
  );

  app.put(
    '/testinvitation/:testInvitationId/rating',
    {
      schema: {
        ...schema('Rate a candidate', `The calling key’s own rating, a whole number from 1 to 5 (one per key; a second PUT changes it). ${ANSWERS}`),
        params: InvitationParams,
        body: RatingInput,
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      return answer(testInvitationId, await store.candidateDecisions.rate(request.org.orgId, testInvitationId, request.body.rating, by));
    },
  );

  app.delete(
    '/testinvitation/:testInvitationId/rating',
    {
      schema: { ...schema('Remove your rating', `Removes the calling key’s rating; none to remove changes nothing. ${ANSWERS}`), params: InvitationParams },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const by = { keyId: request.org.keyId, at: now() };
      return answer(testInvitationId, await store.candidateDecisions.rate(request.org.orgId, testInvitationId, null, by));
    },
  );
};
