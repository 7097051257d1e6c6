import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EvidenceReview, EvidenceReviewInput, IdParam, InvitationHistory, invitationHistoryOf, knownEvidence } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { reviewableEvidenceOf } from '../services/integrity-evidence.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const notFound = (testInvitationId: number) => `No test invitation ${testInvitationId}.`;

/** Issue 32, items 5 and 6: a reviewer's outcome on each piece of integrity evidence, and an invitation's history. */
export const invitationHistoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  app.put(
    '/testinvitation/:testInvitationId/evidence/:eventId',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Review a piece of integrity evidence (Assay extension)',
        description:
          'Marks one counted departure (`departure-<epoch ms it began>`), webcam snapshot (`snapshot-<snapshotId>`) or similarity pair with ' +
          'another candidate’s answer (`similarity-<pairId>`, as integrity.similarity lists it), paste or large insertion (`paste-<epoch ms>`, ' +
          '`insertion-<epoch ms>`, as questions[].signals.events lists it) of the attempt `dismissed` or ' +
          '`confirmed`, with a note. The latest review of a piece of evidence counts; earlier ones are kept, and each is in the invitation history. ' +
          'v2’s wv and tv stay the raw counts. 404.12 for an id the attempt does not show.',
        security: apiKeySecurity,
        params: InvitationParams.extend({ eventId: z.string().min(1).max(40) }),
        body: EvidenceReviewInput,
        response: envelopeResponses(EvidenceReview),
      },
    },
    async (request) => {
      const { testInvitationId, eventId } = request.params;
      const { orgId, keyId } = request.org;
      const invitation = found(await store.invitations.find(orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId));
      const at = now();
      unwrap(knownEvidence(eventId, await reviewableEvidenceOf(store, orgId, invitation.id, invitation.completedAt ?? at)));
      const note = request.body.note ?? '';
      await store.evidenceReviews.add({ invitationId: invitation.id, eventId, outcome: request.body.outcome, note, keyId, at });
      const latest = (await store.evidenceReviews.latestOf(invitation.id)).get(eventId);
      return succeed(found(latest, 'evidence-not-found', `No integrity evidence ${eventId}.`));
    },
  );

  app.get(
    '/testinvitation/:testInvitationId/history',
    {
      schema: {
        tags: ['invitations'],
        summary: 'What happened to an invitation, oldest first (Assay extension)',
        description:
          'Append-only: created (by which key), emails and callbacks with their outcome, link opened, started, answers saved and runs (counted per ' +
          'ten minutes, never contents), submitted, scored, graded, evidence reviewed, reattempt, reset, cancel, report downloaded. A key is named ' +
          'by its id and label. An invitation created before histories were kept starts with a `created` entry rebuilt from it (`reconstructed`).',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(InvitationHistory),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const stored = found(await store.history.read(request.org.orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId));
      return succeed(invitationHistoryOf(stored.origin, stored.entries, stored.exports, stored.omitted));
    },
  );
};
