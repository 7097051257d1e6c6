import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { PDF_MEDIA_TYPE } from '../exports/media-types.js';
import { renderReportPdf, reportPdfFileName } from '../exports/report-pdf.js';
import { found } from '../refusal-error.js';

/** Files for direct download: an attachment, never cached by shared caches. */
export const attachmentHeaders = (fileName: string) => ({
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
});

/** The report PDF of one invitation of `orgId`, as an attachment (4.13 and signed report URLs). */
export const sendReportPdf = async (reply: FastifyReply, { store, now }: AppContext, orgId: number, testInvitationId: number) => {
  const record = found(await store.reports.report(orgId, testInvitationId), '404.4', `No report for test invitation ${testInvitationId}.`);
  const [sections, snapshots] = await Promise.all([
    store.reports.sections(orgId, testInvitationId),
    store.attempts.snapshots(record.testInvitationId),
  ]);
  const pdf = renderReportPdf({
    testInvitationId,
    report: record.report,
    sections: sections ?? [],
    generatedAt: now(),
    snapshots: snapshots.map((snapshot) => ({ takenAt: snapshot.taken_at, mediaType: snapshot.media_type, data: snapshot.data })),
  });
  return reply.type(PDF_MEDIA_TYPE).headers(attachmentHeaders(reportPdfFileName(testInvitationId))).send(pdf);
};
