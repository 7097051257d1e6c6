import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateReportWithScore, IdParam, ReportDetails, RevokedReportLinks, SectionReport, reportWithScore } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found } from '../refusal-error.js';
import { loadReportDetails } from '../services/report-details.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const notFound = (id: number) => `No report for test invitation ${id}.`;

export const reportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/report/:testInvitationId',
    {
      schema: {
        tags: ['reports'],
        summary: 'Candidate test report (4.11)',
        description:
          'The spec\'s fields keep their meaning: `score` is the final score, "0" until the report is Generated. Assay adds `scoreStatus` ' +
          '(unscored, provisional while answers await a grader, final), `scoreSoFar` (the score to show now: the marks so far while provisional) ' +
          'and `awaitingReview` (decision 650).',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(CandidateReportWithScore),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const record = found(await store.reports.report(request.org.orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId));
      return succeed(reportWithScore(record.report, record.shown, record.awaitingReview));
    },
  );

  app.get(
    '/report/:testInvitationId/sections',
    {
      schema: {
        tags: ['reports'],
        summary: 'Candidate section report (4.12)',
        description: '`result` is a JSON array of section entries, as in the sample.',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(SectionReport),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      return succeed(found(await store.reports.sections(request.org.orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId)));
    },
  );

  app.get(
    '/report/:testInvitationId/details',
    {
      schema: {
        tags: ['reports'],
        summary: 'Everything the PDF report shows, as JSON (Assay extension)',
        description:
          'Score, percentage, percentile among the completed attempts of the test (from 5 on), the verdict band the test sets, ' +
          'per section the score and time spent, per question the answer against the right one or the code and its hidden tests, ' +
          'and the integrity timeline (departures, snapshots, accommodation).',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(ReportDetails),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      return succeed(found(await loadReportDetails(store, request.org.orgId, testInvitationId), 'invitation-not-found', notFound(testInvitationId)));
    },
  );

  app.post(
    '/report/:testInvitationId/links/revoke',
    {
      schema: {
        tags: ['reports'],
        summary: 'Revoke the signed report links of an invitation (Assay extension)',
        description:
          'Every ReportPDFUrl issued so far for this invitation (in callbacks and emails) answers 403.14 from now on; the org API still serves the report. ' +
          'Links issued later (a redelivered callback) work again. The invitation may be in any state; 404.4 for an unknown id or another org’s.',
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(RevokedReportLinks),
      },
    },
    async (request, reply) => {
      const { testInvitationId } = request.params;
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.invitations.revokeReportLinks(request.org.orgId, testInvitationId),
        (revoked) => {
          found(revoked, 'invitation-not-found', `No test invitation ${testInvitationId}.`);
          return succeed({ testInvitationId, reportLinks: 'revoked' as const });
        },
      );
    },
  );
};
