import { renderReportPdf, type ReportPdfData, type ReportPdfOptions, type SnapshotThumbnail } from './report-pdf.js';
import { snapshotThumbnail } from './snapshot-image.js';

/** Checks and shrinks each stored snapshot with libvips, one at a time; an unreadable one becomes a placeholder. */
export const thumbnailsOf = async (snapshots: ReportPdfData['snapshots'] = []): Promise<SnapshotThumbnail[]> => {
  const thumbnails: SnapshotThumbnail[] = [];
  for (const snapshot of snapshots) {
    thumbnails.push({ takenAt: snapshot.takenAt, jpeg: await snapshotThumbnail(snapshot.data) });
  }
  return thumbnails;
};

/** The whole candidate report PDF as bytes: what a render worker does for one export. */
export const renderReportPdfFile = async (data: ReportPdfData, options: ReportPdfOptions = {}): Promise<Buffer> => {
  const { snapshots, ...rest } = data;
  const document = renderReportPdf({ ...rest, thumbnails: await thumbnailsOf(snapshots) }, options);
  return Buffer.concat((await document.toArray()) as Buffer[]);
};
