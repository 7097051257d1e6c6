import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FailureEnvelope, IdParam } from '@assay/domain';
import { PDF_MEDIA_TYPE } from '@assay/reports';
import { REPORT_URL_KEY_SETTING, checkReportUrl, newReportUrlKey } from '@assay/worker';
import type { AppContext } from '../context.js';
import { found, refusal } from '../refusal-error.js';
import { sendReportPdf } from './report-pdf-reply.js';

/** `ReportPDFUrl` of callbacks and emails: the PDF for whoever holds the signed, expiring URL, no API key. */
export const signedReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now } = context;
  app.get(
    '/v2/reports/:testInvitationId/pdf',
    {
      schema: {
        tags: ['reports'],
        summary: 'The report PDF behind a signed ReportPDFUrl (no API key)',
        params: z.object({ testInvitationId: IdParam }),
        querystring: z.object({
          expires: z.string().regex(/^[0-9]{1,12}$/, { error: 'expires must be a Unix time' }).transform(Number),
          signature: z.string().min(1).max(200),
        }),
        response: {
          200: z.any().meta({ content: { [PDF_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } } } }),
          '4xx': FailureEnvelope,
          '5xx': FailureEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { testInvitationId } = request.params;
      const key = await store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
      const check = checkReportUrl(key, testInvitationId, request.query.expires, request.query.signature, now());
      if (check !== 'valid') throw refusal('403.14', check === 'expired' ? 'This report link has expired.' : 'This report link is not valid.');
      const attempt = found(await store.attempts.findById(testInvitationId), '404.4', `No report for test invitation ${testInvitationId}.`);
      return sendReportPdf(reply, context, attempt.invitation.org_id, testInvitationId);
    },
  );
};
