import { integritySummaryOfReport, type ReportDetails } from '@assay/domain';
import { displayDuration, displayIso } from './format.js';
import { INK, LEFT, MUTED, NEGATIVE, WARNING, WIDTH, heading, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { accommodationText } from './pdf-facts.js';
import { drawSnapshots, type SnapshotThumbnail } from './pdf-snapshots.js';
import { drawTable, type Cell } from './pdf-table.js';
import { drawEvidenceReviews, reviewCell } from './pdf-evidence-reviews.js';
import { drawAiUse } from './pdf-ai-use.js';
import { drawFollowUps } from './pdf-follow-ups.js';

const time = (iso: string): string => displayIso(iso).slice(11);

/**
 * What a report of a flooded log says instead of hundreds of pages of departures: the attempt's log keeps only its
 * first and last events (the domain's event-log.ts), so the table lists the departures among those.
 */
const omissionNote = (omitted: number): string =>
  `… ${omitted.toLocaleString('en-US')} more events not shown: the page sent more than the log keeps, so only the departures among ` +
  `its first and last events are listed. wv and tv above count every event.`;

/**
 * The integrity signals in full: every counted departure the log kept (left, returned, how long, how far into the attempt), the
 * totals `wv` and `tv` they add up to, the accommodation, the camera snapshots as a contact sheet with times, and the
 * AI-use evidence (issue 60).
 */
export const drawIntegrity = (doc: Doc, cursor: Cursor, details: ReportDetails, thumbnails: readonly SnapshotThumbnail[]): void => {
  const { wv, tv, departures, omittedEvents, accommodation } = details.integrity;
  const startedAt = details.startedAt === null ? null : Date.parse(details.startedAt);
  cursor.ensure(120);
  cursor.y += 8;
  heading(doc, cursor, 'Integrity');
  const summary =
    wv === 0
      ? 'The candidate never left the test window (wv 0, tv 0 s).'
      : `The candidate left the test window ${wv === 1 ? 'once' : `${wv} times`} (wv ${wv}) and was away ${displayDuration(tv)} in total (tv ${tv} s). Reloads that came back within seconds are not counted.`;
  // Departures a reviewer dismissed are not a warning; confirmed ones are shown as such (decision 645).
  const { departures: reviewed } = integritySummaryOfReport(details);
  const color = reviewed.confirmed > 0 ? NEGATIVE : reviewed.unreviewed > 0 ? WARNING : INK;
  cursor.y += putWrapped(doc, summary, LEFT, cursor.y, WIDTH, { size: 9.5, color });
  const extra = `Accommodation: ${accommodation ? accommodationText(details) : 'none'}.`;
  cursor.y += putWrapped(doc, extra, LEFT, cursor.y, WIDTH, { size: 9, color: MUTED }) + 6;
  if (omittedEvents > 0) cursor.y += putWrapped(doc, omissionNote(omittedEvents), LEFT, cursor.y, WIDTH, { size: 9, color: WARNING }) + 6;
  if (departures.length > 0) {
    const rows = departures.map((departure, index): Cell[] => [
      { text: String(index + 1) },
      { text: time(departure.leftAt) },
      { text: departure.returnedAt === null ? 'did not return' : time(departure.returnedAt), color: departure.returnedAt === null ? WARNING : INK },
      { text: displayDuration(departure.seconds), bold: true },
      { text: startedAt === null ? '–' : `${displayDuration((Date.parse(departure.leftAt) - startedAt) / 1000)} in`, color: MUTED },
      reviewCell(departure.review),
    ]);
    drawTable(
      doc,
      cursor,
      [
        { header: '#', width: 30 },
        { header: 'Left (UTC)' },
        { header: 'Returned (UTC)' },
        { header: 'Away', width: 64, align: 'right' },
        { header: 'Into the attempt', width: 92, align: 'right' },
        { header: 'Review', width: 80 },
      ],
      rows,
    );
    cursor.y += 14;
  }
  drawSnapshots(doc, cursor, [...thumbnails], startedAt, Math.max(thumbnails.length, details.integrity.snapshots.length));
  drawAiUse(doc, cursor, details);
  drawFollowUps(doc, cursor, details);
  drawEvidenceReviews(doc, cursor, details);
};
