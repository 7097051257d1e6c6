import type { FastifyReply } from 'fastify';
import { PDF_MEDIA_TYPE, RenderBusyError, RenderTimeoutError, reportPdfFileName } from '@assay/reports/host';
import { invitationHistoryOf, type HistoryActor, type StoredShare } from '@assay/domain';
import type { AppContext } from '../context.js';
import { PRIVATE_NO_STORE } from '../plugins/response-headers.js';
import { found, refusal } from '../refusal-error.js';
import { loadReportDetails } from '../services/report-details.js';

/** Files for direct download: an attachment, never cached by shared caches. */
export const attachmentHeaders = (fileName: string) => ({
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': PRIVATE_NO_STORE,
});

/**
 * A full export queue answers 503.2 with Retry-After; a render stopped for its time budget 503.5 (no crash: the server
 * stopped it on purpose, decision 642); any other failure is the error handler's (500.1, logged).
 */
export const busyAsRefusal = (error: unknown): never => {
  if (error instanceof RenderBusyError) {
    throw refusal('server-busy', 'Every export worker is busy: try again in a few seconds.', error.retryAfterSeconds);
  }
  if (error instanceof RenderTimeoutError) {
    throw refusal(
      'export-timed-out',
      `${error.message} The report's data is complete at GET /v2/org/report/{id}/details; try the PDF again later, when the server is less busy.`,
    );
  }
  throw error;
};

/** Starts an export that is admitted (or refused as busy) at once, such as a streamed workbook. */
export const startExport = <T>(start: () => T): T => {
  try {
    return start();
  } catch (error) {
    return busyAsRefusal(error);
  }
};

/**
 * The report PDF of one invitation of `orgId`, as an attachment (4.13 and signed report URLs): the report details (what
 * `GET /v2/org/report/{id}/details` answers) and the stored snapshots, loaded once the export is admitted, rendered by
 * a render worker, which checks every stored snapshot before drawing it; a failed render fails this export alone.
 */
export const sendReportPdf = async (reply: FastifyReply, context: AppContext, orgId: number, testInvitationId: number, download: ReportDownload) => {
  found(await context.store.invitations.find(orgId, testInvitationId), 'invitation-not-found', `No report for test invitation ${testInvitationId}.`);
  return sendKnownReportPdf(reply, context, orgId, testInvitationId, download);
};

/** Who downloaded the PDF, for the invitation's history: a key (4.13), or whoever holds a signed link. */
export interface ReportDownload {
  readonly by: HistoryActor;
  readonly format: 'pdf' | 'report-link';
}

/** A report share's PDF (decision 1437): counted on the share and written as its `share-opened` entry instead. */
export interface SharedDownload {
  readonly share: StoredShare;
}

/** `sendReportPdf` for a caller that has just read the invitation itself (the signed report link): no second read. */
export const sendKnownReportPdf = async (
  reply: FastifyReply,
  { store, now, reports }: AppContext,
  orgId: number,
  testInvitationId: number,
  download: ReportDownload | SharedDownload,
) => {
  const pdf = await reports
    .renderPdf(async () => {
      const [details, snapshots, history, evaluation] = await Promise.all([
        loadReportDetails(store, orgId, testInvitationId),
        store.attempts.snapshots(testInvitationId),
        store.history.read(orgId, testInvitationId),
        store.candidateDecisions.evaluation(orgId, testInvitationId),
      ]);
      return {
        details: found(details, 'invitation-not-found', `No report for test invitation ${testInvitationId}.`),
        generatedAt: now(),
        snapshots: snapshots.map((snapshot) => ({ takenAt: snapshot.takenAt, mediaType: snapshot.mediaType, data: snapshot.data })),
        // The appendix: the history up to this download (the download itself is recorded once the PDF is made).
        ...(history && { history: invitationHistoryOf(history.origin, history.entries, history.exports, history.omitted) }),
        // The hiring team's decision, tags, notes and ratings (issue 50): a short section when any is recorded.
        ...(evaluation && { evaluation }),
      };
    })
    .catch(busyAsRefusal);
  // Rendered, so about to be sent: the history says the report left.
  if ('share' in download) await store.reportShares.recordOpen(download.share, 'pdf', now());
  else await store.history.record(testInvitationId, { kind: 'report-downloaded', details: { format: download.format } }, download.by, now());
  return reply
    .type(PDF_MEDIA_TYPE)
    .headers(attachmentHeaders(reportPdfFileName(testInvitationId)))
    .send(pdf);
};
