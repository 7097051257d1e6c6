import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@assay/domain';
import { FailureEnvelope } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { PDF_MEDIA_TYPE, XLSX_MEDIA_TYPE, testWorkbookFileName } from '@assay/reports/host';
import { withinHeapBudget } from '../memory/heap-budget.js';
import { found } from '../refusal-error.js';
import { workbookRowsOfTest } from '../services/report-details.js';
import { attachmentHeaders, sendReportPdf, startExport } from './report-pdf-reply.js';
import { apiKeySecurity } from './responses.js';

const fileResponses = (mediaType: string, description: string) => ({
  200: z.any().meta({ description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } }),
  '4xx': FailureEnvelope,
  '5xx': FailureEnvelope,
});

export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, reports } = context;
  app.get(
    '/report/:testInvitationId/pdf',
    {
      schema: {
        tags: ['reports'],
        summary: 'Export candidate report as PDF (4.13)',
        description: `A ${PDF_MEDIA_TYPE} attachment named assay-report-{testInvitationId}.pdf; failures are the JSON envelope (503.2 with Retry-After when every export worker is busy).`,
        security: apiKeySecurity,
        params: z.object({ testInvitationId: IdParam }),
        response: fileResponses(PDF_MEDIA_TYPE, 'The report as a PDF document'),
      },
    },
    async (request, reply) =>
      sendReportPdf(reply, context, request.org.orgId, request.params.testInvitationId, { by: { keyId: request.org.keyId }, format: 'pdf' }),
  );

  app.get(
    '/report/:testId/excel',
    {
      schema: {
        tags: ['reports'],
        summary: 'Export test report as Excel (4.14)',
        description:
          'Sheets Test, Sections, Candidates (one row per invitation, per-section columns), Questions (the same rows; per question the marks awarded, and a coding question’s language and hidden tests passed), ' +
          'Time per question (the same rows, seconds per question) and Item analysis (a row per question and version with the figures of GET /v2/org/tests/{testId}/item-analysis, then one per option of a choice question), streamed. ' +
          '503.2 with Retry-After when every export worker is busy.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        response: fileResponses(XLSX_MEDIA_TYPE, 'The test report as an xlsx workbook'),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      const test = found(await store.tests.details(orgId, testId), 'test-not-found', `No test ${testId}.`);
      const body = startExport(() => reports.streamWorkbook(test, withinHeapBudget(workbookRowsOfTest(store, orgId, testId))));
      // One row per export; each Completed invitation's history reads it back (decision 503).
      await store.history.recordTestExport(orgId, testId, 'excel', { keyId: request.org.keyId }, context.now());
      body.on('error', (error) => request.log.error({ err: error }, 'excel export failed mid-stream'));
      return reply
        .type(XLSX_MEDIA_TYPE)
        .headers(attachmentHeaders(testWorkbookFileName(testId)))
        .send(body);
    },
  );
};
