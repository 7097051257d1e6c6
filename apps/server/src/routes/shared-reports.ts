import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { decideShareOpen, type Refusal, type StoredShare } from '@assay/domain';
import type { AppContext } from '../context.js';
import { SHARED_REPORT_PAGE_HEADERS, renderSharedReportPage } from '../candidate-page/shared-report-page.js';
import { RefusalError, found } from '../refusal-error.js';
import { loadReportDetails } from '../services/report-details.js';
import { SHARE_TOKEN_PATTERN, sharedReportPdfPath, shareTokenHash } from '../shares/share-token.js';
import { sendKnownReportPdf } from './report-pdf-reply.js';

const UNKNOWN = 'This report link was not issued here: check that it was copied whole.';

/**
 * A report share's link (issue 61 item 4; docs/compare-and-share.md "Share"): `GET /shared/{token}` the report's page,
 * `GET /shared/{token}/pdf` its PDF, no API key — the token is the credential. An unknown token is 404.125, a
 * revoked or expired one 410.125 (decision 1436), each a page for a browser and the envelope for anything else, with
 * nothing of the report. A link that does not open counts against the address like a bad signed report link.
 */
export const sharedReportRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { store, now, credentialLimits } = context;

  const refuse = async (request: FastifyRequest, reply: FastifyReply, refusal: Refusal) => {
    const answer = await credentialLimits.reportLink.counted(request, reply, new RefusalError(refusal));
    // Over the address's budget (429.1), or not a browser: the envelope.
    if (answer.refusal.kind !== refusal.kind || !String(request.headers.accept ?? '').includes('text/html')) throw answer;
    const page = refusal.kind === 'share-gone' ? { kind: 'gone' as const, message: refusal.message } : { kind: 'unknown' as const, message: refusal.message };
    return reply
      .code(refusal.kind === 'share-gone' ? 410 : 404)
      .headers(SHARED_REPORT_PAGE_HEADERS)
      .send(renderSharedReportPage(page));
  };

  /** The share a token opens now, or the refusal it answers. */
  const opened = async (token: string): Promise<{ share: StoredShare } | { refusal: Refusal }> => {
    if (!SHARE_TOKEN_PATTERN.test(token)) return { refusal: { kind: 'share-not-found', message: UNKNOWN } };
    const decision = decideShareOpen(await store.reportShares.findByTokenHash(shareTokenHash(token)), now());
    return decision.err ? { refusal: decision.err } : { share: decision.val };
  };

  app.get<{ Params: { token: string } }>('/shared/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params;
    const open = await opened(token);
    if ('refusal' in open) return refuse(request, reply, open.refusal);
    const { share } = open;
    await credentialLimits.spendReportPdf(request, reply, share.testInvitationId);
    const details = found(await loadReportDetails(store, share.orgId, share.testInvitationId), 'share-not-found', UNKNOWN);
    await store.reportShares.recordOpen(share, 'html', now());
    return reply
      .headers(SHARED_REPORT_PAGE_HEADERS)
      .send(renderSharedReportPage({ kind: 'report', details, pdfPath: sharedReportPdfPath(token), expiresAt: share.expiresAt }));
  });

  app.get<{ Params: { token: string } }>('/shared/:token/pdf', { schema: { hide: true } }, async (request, reply) => {
    const open = await opened(request.params.token);
    if ('refusal' in open) return refuse(request, reply, open.refusal);
    await credentialLimits.spendReportPdf(request, reply, open.share.testInvitationId);
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return sendKnownReportPdf(reply, context, open.share.orgId, open.share.testInvitationId, { share: open.share });
  });
};
