import { displayDuration, displayInstant } from './format.js';
import { ITALIC, LEFT, MUTED, RULE, WIDTH, heading, put, type Cursor, type Doc } from './pdf-layout.js';

/** A camera snapshot as stored: whatever bytes the upload left, which may predate the upload checks. */
export interface StoredSnapshot {
  takenAt: number;
  mediaType: string;
  data: Buffer;
}

/** A snapshot ready to draw: a JPEG that libvips produced, or undefined when the stored image is unreadable. */
export interface SnapshotThumbnail {
  takenAt: number;
  jpeg: Buffer | undefined;
}

const THUMB_WIDTH = 96;
const THUMB_HEIGHT = 72;
const THUMB_GAP = 10;

/** Text drawn in place of a stored snapshot that is not a decodable image. */
export const UNREADABLE_IMAGE = 'Image unreadable';

const placeholder = (doc: Doc, x: number, y: number): void =>
  put(doc, UNREADABLE_IMAGE, x, y + THUMB_HEIGHT / 2 - 3, THUMB_WIDTH, { font: ITALIC, size: 7.5, color: MUTED, align: 'center' });

/** Snapshot thumbnails with their times (and how far into the attempt, from `startedAt`); one that could not be read is a labelled empty frame. */
export const drawSnapshots = (doc: Doc, cursor: Cursor, thumbnails: SnapshotThumbnail[], startedAt: number | null = null, total = thumbnails.length): void => {
  if (thumbnails.length === 0) return;
  cursor.ensure(20 + THUMB_HEIGHT + 24);
  heading(doc, cursor, total > thumbnails.length ? `Camera snapshots (${total}, the first ${thumbnails.length} shown)` : `Camera snapshots (${total})`);
  const perRow = Math.floor((WIDTH + THUMB_GAP) / (THUMB_WIDTH + THUMB_GAP));
  thumbnails.forEach((thumbnail, index) => {
    const column = index % perRow;
    if (column === 0 && index > 0) cursor.y += THUMB_HEIGHT + 26;
    if (column === 0) cursor.ensure(THUMB_HEIGHT + 24);
    const x = LEFT + column * (THUMB_WIDTH + THUMB_GAP);
    if (thumbnail.jpeg === undefined) placeholder(doc, x, cursor.y);
    else {
      try {
        doc.image(thumbnail.jpeg, x, cursor.y, { fit: [THUMB_WIDTH, THUMB_HEIGHT], align: 'center', valign: 'center' });
      } catch {
        placeholder(doc, x, cursor.y);
      }
    }
    doc.save().rect(x, cursor.y, THUMB_WIDTH, THUMB_HEIGHT).lineWidth(0.5).stroke(RULE).restore();
    put(doc, displayInstant(thumbnail.takenAt).slice(11), x, cursor.y + THUMB_HEIGHT + 3, THUMB_WIDTH, { size: 7, color: MUTED, align: 'center' });
    if (startedAt !== null && thumbnail.takenAt >= startedAt) {
      put(doc, `${displayDuration((thumbnail.takenAt - startedAt) / 1000)} in`, x, cursor.y + THUMB_HEIGHT + 12, THUMB_WIDTH, {
        size: 7,
        color: MUTED,
        align: 'center',
      });
    }
  });
  cursor.y += THUMB_HEIGHT + 26;
};
