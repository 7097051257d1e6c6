import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FailureEnvelope, IdParam, documentedInteger } from '@assay/domain';
import { REPORT_URL_KEY_SETTING, checkReportUrl, newReportUrlKey } from '@assay/delivery';
import { PDF_MEDIA_TYPE } from '@assay/reports/host';
import type { AppContext } from '../context.js';
import { refusal } from '../refusal-error.js';
import { sendReportPdf } from './report-pdf-reply.js';

/** `ReportPDFUrl` of callbacks and emails: the PDF for whoever holds the signed, expiring URL, no API key. */
export const signedReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now, credentialLimits } = context;
  app.get(
    '/v2/reports/:testInvitationId/pdf',
    {
      schema: {
        tags: ['reports'],
        summary: 'The report PDF behind a signed ReportPDFUrl (no API key)',
        params: z.object({ testInvitationId: IdParam }),
        querystring: z.object({
          expires: z
            .string()
            .regex(/^[0-9]{1,12}$/, { error: 'expires must be a Unix time' })
            .transform(Number)
            .meta(documentedInteger({ minimum: 0, maximum: 999_999_999_999 })),
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
      const { expires, signature } = request.query;
      // A link names one completed attempt: it stops working once that attempt is reset or superseded by a
      // reattempt (docs/decisions.md). Unknown invitations answer like bad signatures: nothing to enumerate.
      const attempt = await store.attempts.findById(testInvitationId);
      const completedAt = attempt?.invitation.completedAt;
      const key = await store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
      const check =
        attempt && completedAt !== null && completedAt !== undefined && attempt.invitation.status === 'Completed'
          ? checkReportUrl(key, { invitationId: testInvitationId, completedAt }, expires, signature, now())
          : 'invalid';
      // A link that does not hold counts against the address; one that holds is budgeted per report, so a
      // neighbour's forgeries never refuse it (README, "Rate limits").
      const refused = (message: string) => credentialLimits.reportLink.counted(request, reply, refusal('403.14', message));
      if (check === 'expired') throw await refused('This report link has expired.');
      if (check === 'invalid' || (await store.invitations.isSuperseded(testInvitationId))) {
        throw await refused('This report link is not valid, or the attempt it shows was reset or retaken.');
      }
      await credentialLimits.spendReportPdf(request, reply, testInvitationId);
      return sendReportPdf(reply, context, attempt!.invitation.orgId, testInvitationId);
    },
  );
};
