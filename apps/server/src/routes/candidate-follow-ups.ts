import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@assay/domain';
import { CandidateFollowUps, FollowUpAnswerInput } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import type { CandidateFollowUpsService } from '../candidate/candidate-follow-ups.js';
import { envelopeResponses } from './responses.js';

export interface CandidateFollowUpRouteOptions {
  followUps: CandidateFollowUpsService;
}

const TokenParams = z.object({ token: z.string().min(1).max(200) });
const QuestionParams = TokenParams.extend({ questionId: IdParam });
const PositionParams = QuestionParams.extend({ position: z.coerce.number().int().min(0).max(2) });
const tags = ['candidate'];
const REFUSALS = 'The attempt routes’ 403.13, 403.11 and 404.8 apply.';

/** Authorship follow-ups on the candidate's page (issue 60 item 6; docs/ai.md "Authorship follow-ups"). */
export const candidateFollowUpRoutes: FastifyPluginAsyncZod<CandidateFollowUpRouteOptions> = async (app, { followUps }) => {
  app.post(
    '/:token/follow-ups/:questionId',
    {
      schema: {
        tags,
        summary: 'Submit a coding or written answer: its authorship follow-ups',
        description: `The page calls it when the candidate presses "Submit this answer" (after saving it). When the test asks follow-ups (followUps > 0 in the attempt's AI snapshot) and the answer is not blank, stores up to three short questions about it — written by the operator's model from the answer when one is configured and the org allows it, otherwise from templates over the answer (the attempt's seed chooses) — and starts the first one's timer. A second call answers the same questions. Empty for other questions. ${REFUSALS}`,
        params: QuestionParams,
        response: envelopeResponses(CandidateFollowUps),
      },
    },
    async (request, reply) => {
      // The response's close, not the request's: a request's 'close' fires once its body is read, which would stop
      // every model call at once and serve the templates; the response closes when the answer is sent or the candidate left.
      const cancel = new AbortController();
      reply.raw.once('close', () => cancel.abort());
      return succeed(await followUps.submit(request.params.token, request.params.questionId, cancel.signal));
    },
  );

  app.get(
    '/:token/follow-ups/:questionId',
    {
      schema: {
        tags,
        summary: "A submitted answer's follow-ups now (a reloaded page)",
        description: `Each one's state (waiting, open, closed) and seconds left; the next one's timer starts when the one before is sent or its time is up. ${REFUSALS}`,
        params: QuestionParams,
        response: envelopeResponses(CandidateFollowUps),
      },
    },
    async (request) => succeed(await followUps.read(request.params.token, request.params.questionId)),
  );

  app.put(
    '/:token/follow-ups/:questionId/:position',
    {
      schema: {
        tags,
        summary: "Save a follow-up's answer as typed, or send it",
        description: `final false saves a draft (taken as it is when the time is up); final true sends it. 409.100 once its time (plus 5 s) is up or it was sent: the answer saved last is kept. 404.100 for a follow-up not served. ${REFUSALS}`,
        params: PositionParams,
        body: FollowUpAnswerInput,
        response: envelopeResponses(CandidateFollowUps),
      },
    },
    async (request) => {
      const { token, questionId, position } = request.params;
      return succeed(await followUps.save(token, questionId, position, request.body));
    },
  );

  app.post(
    '/:token/follow-ups/:questionId/:position/paste',
    {
      schema: {
        tags,
        summary: 'Record a paste the page refused in a follow-up',
        description: `Pasting is blocked in follow-ups; the page counts each try here for the reviewers (the pasted text is never sent). 404.100 for a follow-up not served. ${REFUSALS}`,
        params: PositionParams,
        response: envelopeResponses(CandidateFollowUps),
      },
    },
    async (request) => {
      const { token, questionId, position } = request.params;
      return succeed(await followUps.refusedPaste(token, questionId, position));
    },
  );
};
