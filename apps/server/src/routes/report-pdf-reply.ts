import type { FastifyReply } from 'fastify';
import { PDF_MEDIA_TYPE, RenderBusyError, reportPdfFileName } from '@assay/reports';
import type { AppContext } from '../context.js';
import { found, refusal } from '../refusal-error.js';

/** Files for direct download: an attachment, never cached by shared caches. */
export const attachmentHeaders = (fileName: string) => ({
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
});

/** A full export queue answers 503.2 with Retry-After; any other failure is the error handler's (500.1, logged). */
export const busyAsRefusal = (error: unknown): never => {
  if (error instanceof RenderBusyError) {
    throw refusal('503.2', 'Every export worker is busy: try again in a few seconds.', error.retryAfterSeconds);
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
 * The report PDF of one invitation of `orgId`, as an attachment (4.13 and signed report URLs). Rendered by a render
 * worker, which checks every stored snapshot before drawing it; a failed render fails this export alone.
 */
export const sendReportPdf = async (reply: FastifyReply, { store, now, reports }: AppContext, orgId: number, testInvitationId: number) => {
  const record = found(await store.reports.report(orgId, testInvitationId), '404.4', `No report for test invitation ${testInvitationId}.`);
  const pdf = await reports
    .renderPdf(async () => {
      const [sections, snapshots, languages] = await Promise.all([
        store.reports.sections(orgId, testInvitationId),
        store.attempts.snapshots(record.testInvitationId),
        store.reports.codingLanguages([record.testInvitationId]),
      ]);
      return {
        testInvitationId,
        report: record.report,
        sections: sections ?? [],
        codingLanguages: languages.get(record.testInvitationId) ?? [],
        generatedAt: now(),
        snapshots: snapshots.map((snapshot) => ({ takenAt: snapshot.takenAt, mediaType: snapshot.mediaType, data: snapshot.data })),
      };
    })
    .catch(busyAsRefusal);
  return reply
    .type(PDF_MEDIA_TYPE)
    .headers(attachmentHeaders(reportPdfFileName(testInvitationId)))
    .send(pdf);
};
