import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DecisionEmailMessage,
  DecisionEmailPreviewInput,
  DecisionEmailSettings,
  DecisionEmailSettingsInput,
  IdParam,
  decisionEmailMessage,
  updateDecisionEmails,
} from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const PLACEHOLDERS = '{{candidateName}}, {{testName}}, {{orgName}} (as candidate pages name it) and {{schedulingLink}}';

/**
 * The org's decision emails (issue 61 item 1, decisions 1450–1454): the templates a rejection, an advance and a
 * cancellation send when a key asks to notify, the Reply-To of every email to its candidates and the scheduling link,
 * and a preview of one email as a given candidate would get it.
 */
export const decisionEmailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/decision-emails',
    {
      schema: {
        tags: ['org'],
        summary: 'Read the org’s decision emails (Assay extension)',
        description: `The templates (subject, and a body in the question-text format) with the placeholders ${PLACEHOLDERS}, the Reply-To and the scheduling link; the defaults until the org sets its own.`,
        security: apiKeySecurity,
        response: envelopeResponses(DecisionEmailSettings),
      },
    },
    async (request) => succeed(await store.orgs.decisionEmails(request.org.orgId)),
  );

  app.put(
    '/decision-emails',
    {
      schema: {
        tags: ['org'],
        summary: 'Choose the org’s decision emails (Assay extension)',
        description:
          'A partial update: each template given replaces the stored one whole; replyTo and schedulingLink null or "" clear them. ' +
          `A placeholder other than ${PLACEHOLDERS}, an empty or over-long text, a bad address or a non-http(s) link: 400.2 naming it. An admin key only (403.17).`,
        security: apiKeySecurity,
        body: DecisionEmailSettingsInput,
        response: envelopeResponses(DecisionEmailSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const next = updateDecisionEmails(await store.orgs.decisionEmails(orgId), request.body);
      return succeed(await store.orgs.setDecisionEmails(orgId, next));
    },
  );

  app.post(
    '/testinvitation/:testInvitationId/decision-email/preview',
    {
      // A read that writes nothing: an Idempotency-Key is neither claimed nor replayed (as decision 879's export).
      config: { keepsNoAnswer: true },
      schema: {
        tags: ['invitations'],
        summary: 'Preview a decision email for one candidate (Assay extension)',
        description:
          'The email (to, Reply-To, subject, text and HTML) the candidate would get for `email` now, from the org’s templates; sends and records nothing. ' +
          'Another org’s invitation answers 404.4 as a missing one.',
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam }),
        body: DecisionEmailPreviewInput,
        response: envelopeResponses(DecisionEmailMessage),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const { orgId } = request.org;
      const subject = await store.candidateDecisions.emailSubject(testInvitationId);
      const owned = found(subject?.orgId === orgId ? subject : undefined, 'invitation-not-found', `No test invitation ${testInvitationId}.`);
      const settings = await store.orgs.decisionEmails(orgId);
      return succeed(
        decisionEmailMessage(
          settings,
          request.body.email,
          { address: owned.candidateEmail, contactEmail: owned.contactEmail },
          { candidateName: owned.candidateName, testName: owned.testName, orgName: owned.orgName },
        ),
      );
    },
  );
};
