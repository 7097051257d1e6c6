import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatedShare, IdParam, ReportShare, ShareRequest, decideShareExpiry, reportShareOf } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { newShareToken, sharedReportPath, shareTokenHash } from '../shares/share-token.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const InvitationParams = z.object({ testInvitationId: IdParam });
const ShareParams = z.object({ shareId: IdParam });
const ShareList = z.object({ shares: z.array(ReportShare) }).meta({ id: 'ReportShareList' });

const ROLES = 'Admin, recruiter and hiring-manager keys (any other: 403.17 naming them, decision 1438).';

/**
 * Report shares (issue 61 item 4; docs/compare-and-share.md "Share"): a link to one report that a manager without a
 * key opens (`/shared/{token}`, routes/shared-reports.ts) until it expires or is revoked. The URL is answered once:
 * only its token's hash is stored (decision 1434).
 */
export const reportShareRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now, config }) => {
  app.post(
    '/testinvitation/:testInvitationId/share',
    {
      schema: {
        tags: ['reports'],
        summary: 'Share a report by a link that needs no key (Assay extension)',
        description:
          'Makes a signed, expiring, revocable link to the invitation’s report: its page (HTML) and, from it, its PDF. `days` is 1 to 90 (14 when absent; ' +
          '400.127 otherwise). The `url` is answered only now: Assay keeps only a hash of its token. Each opening is counted and written into the ' +
          `invitation’s history (share-opened). 404.4 for an unknown invitation or another org’s. ${ROLES}`,
        security: apiKeySecurity,
        params: InvitationParams,
        body: ShareRequest,
        response: envelopeResponses(CreatedShare),
      },
    },
    async (request, reply) => {
      const { testInvitationId } = request.params;
      const at = now();
      const expiresAt = unwrap(decideShareExpiry(request.body.days, at));
      const token = newShareToken();
      return answerWithEffect(
        reply,
        store,
        async (repositories) => {
          if (!(await repositories.invitations.find(request.org.orgId, testInvitationId))) return undefined;
          return repositories.reportShares.create({
            orgId: request.org.orgId,
            invitationId: testInvitationId,
            tokenHash: shareTokenHash(token),
            keyId: request.org.keyId,
            personId: request.org.personId,
            createdAt: at,
            expiresAt,
          });
        },
        (made) => {
          const share = found(made, 'invitation-not-found', `No test invitation ${testInvitationId}.`);
          return succeed({ shareId: share.shareId, url: `${config.publicUrl}${sharedReportPath(token)}`, expiresAt: new Date(share.expiresAt).toISOString() });
        },
      );
    },
  );

  app.get(
    '/shares',
    {
      schema: {
        tags: ['reports'],
        summary: 'The org’s report shares (Assay extension)',
        description: `Newest first (at most 500), each with its status (open, expired, revoked), opens and last opening; never its URL. ${ROLES}`,
        security: apiKeySecurity,
        response: envelopeResponses(ShareList),
      },
    },
    async (request) => {
      const at = now();
      return succeed({ shares: (await store.reportShares.list(request.org.orgId)).map((share) => reportShareOf(share, at)) });
    },
  );

  app.delete(
    '/shares/:shareId',
    {
      schema: {
        tags: ['reports'],
        summary: 'Revoke a report share (Assay extension)',
        description:
          'The link opens nothing from now on (410.125, a page that shows nothing of the report). Revoking it again changes nothing. ' +
          `404.125 for an unknown share or another org’s. ${ROLES}`,
        security: apiKeySecurity,
        params: ShareParams,
        response: envelopeResponses(ReportShare),
      },
    },
    async (request) => {
      const { shareId } = request.params;
      const at = now();
      const share = found(await store.reportShares.revoke(request.org.orgId, shareId, at), 'share-not-found', `No report share ${shareId}.`);
      return succeed(reportShareOf(share, at));
    },
  );
};
