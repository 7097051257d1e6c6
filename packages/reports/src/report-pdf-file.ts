import { renderReportPdf, type ReportPdfData, type ReportPdfOptions, type SnapshotThumbnail } from './report-pdf.js';

/** Snapshots checked and shrunk at once: libvips works on its own threads, so a few go side by side. */
const THUMBNAILS_AT_ONCE = 4;

/** Checks and shrinks each stored snapshot with libvips, a few at a time; an unreadable one becomes a placeholder. */
export const thumbnailsOf = async (snapshots: ReportPdfData['snapshots'] = []): Promise<SnapshotThumbnail[]> => {
  const thumbnails: SnapshotThumbnail[] = [];
  if (snapshots.length === 0) return thumbnails;
  // libvips (sharp) is loaded by the first report with snapshots: a thread that renders none keeps its ~30 MB.
  const { snapshotThumbnail } = await import('./snapshot-image.js');
  for (let start = 0; start < snapshots.length; start += THUMBNAILS_AT_ONCE) {
    const batch = snapshots.slice(start, start + THUMBNAILS_AT_ONCE);
    thumbnails.push(...(await Promise.all(batch.map(async (snapshot) => ({ takenAt: snapshot.takenAt, jpeg: await snapshotThumbnail(snapshot.data) })))));
  }
  return thumbnails;
};

/** The whole candidate report PDF as bytes: what a render worker does for one export. */
export const renderReportPdfFile = async (data: ReportPdfData, options: ReportPdfOptions = {}): Promise<Buffer> => {
  const { snapshots, ...rest } = data;
  const document = renderReportPdf({ ...rest, thumbnails: await thumbnailsOf(snapshots) }, options);
  return Buffer.concat((await document.toArray()) as Buffer[]);
};
