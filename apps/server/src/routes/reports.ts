import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateReport, IdParam, SectionReport, succeed } from '@assay/domain';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
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
        security: apiKeySecurity,
        params: InvitationParams,
        response: envelopeResponses(CandidateReport),
      },
    },
    async (request) => {
      const { testInvitationId } = request.params;
      const record = found(await store.reports.report(request.org.orgId, testInvitationId), '404.4', notFound(testInvitationId));
      return succeed(record.report);
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
      return succeed(found(await store.reports.sections(request.org.orgId, testInvitationId), '404.4', notFound(testInvitationId)));
    },
  );
};
