import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, decideSignedReportRequest, documentedInteger } from '@assay/domain';
import { FailureEnvelope } from '@assay/domain/v2';
import { REPORT_URL_KEY_SETTING, isAuthenticReportUrl, newReportUrlKey } from '@assay/delivery';
import { PDF_MEDIA_TYPE } from '@assay/reports/host';
import type { AppContext } from '../context.js';
import { RefusalError } from '../refusal-error.js';
import { sendKnownReportPdf } from './report-pdf-reply.js';

/** `ReportPDFUrl` of callbacks and emails: the PDF for whoever holds the signed, expiring URL, no API key. */
export const signedReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now, credentialLimits } = context;
  app.get(
    '/v2/reports/:testInvitationId/pdf',
    {
      schema: {
        tags: ['reports'],
        summary: 'The report PDF behind a signed ReportPDFUrl (no API key)',
        description:
          'Opens the report of the attempt the link was issued for until it expires (30 days), whatever happens later: a reattempt has its own links. ' +
          'Only the org ends it sooner, by revoking the invitation’s report links (POST /v2/org/report/{testInvitationId}/links/revoke) or by resetting the attempt. ' +
          '403.14 when the link is forged, expired or revoked.',
        params: z.object({ testInvitationId: IdParam }),
        querystring: z.object({
          expires: z
            .string()
            .regex(/^[0-9]{1,12}$/, { error: 'expires must be a Unix time' })
            .transform(Number)
            .meta(documentedInteger({ minimum: 0, maximum: 999_999_999_999 })),
          generation: z
            .string()
            .regex(/^[0-9]{1,9}$/, { error: 'generation must be a whole number' })
            .transform(Number)
            .default(0)
            .meta(documentedInteger({ minimum: 0, maximum: 999_999_999 })),
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
      const { expires, generation, signature } = request.query;
      const claims = { expires, generation };
      // One read: the invitation the link names. Unknown invitations answer like bad signatures: nothing to enumerate.
      const [attempt, key] = await Promise.all([
        store.attempts.findById(testInvitationId),
        store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey),
      ]);
      const signedFor = (completedAt: number) => isAuthenticReportUrl(key, { invitationId: testInvitationId, completedAt }, claims, signature);
      // The link stays the record of its attempt until it expires or the org revokes it (`decideSignedReportRequest`).
      const decision = decideSignedReportRequest(attempt?.invitation, claims, signedFor, now());
      // A link that does not hold counts against the address; one that holds is budgeted per report, so a
      // neighbour's forgeries never refuse it (README, "Rate limits").
      if (decision.err) throw await credentialLimits.reportLink.counted(request, reply, new RefusalError(decision.err));
      await credentialLimits.spendReportPdf(request, reply, testInvitationId);
      return sendKnownReportPdf(reply, context, decision.val.orgId, testInvitationId, { by: 'system', format: 'report-link' });
    },
  );
};
