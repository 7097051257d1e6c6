import { describe, expect, it } from 'vitest';
import type { EvidenceReview } from '../history/evidence-review.js';
import { completeLog } from './event-log.js';
import { departureDetails, snapshotDetails } from './integrity-evidence-detail.js';
import { ReportDetails } from './report-details.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const review = (eventId: string, outcome: EvidenceReview['outcome'], note: string, minute: number): EvidenceReview => ({
  eventId,
  outcome,
  note,
  reviewedAt: new Date(T0 + minute * 60_000).toISOString(),
  reviewedBy: { keyId: 7, label: 'Dana (reviewer)' },
});

describe('reviewed integrity evidence beside the raw signal', () => {
  const presence = completeLog([
    { kind: 'left', at: T0 + 60_000 },
    { kind: 'returned', at: T0 + 90_000 },
    { kind: 'left', at: T0 + 5 * 60_000 },
    { kind: 'returned', at: T0 + 5 * 60_000 + 12_000 },
  ]).presence;
  const reviews = new Map([
    [`departure-${T0 + 60_000}`, review(`departure-${T0 + 60_000}`, 'dismissed', 'Fire alarm test,\nconfirmed by the office.', 40)],
    ['snapshot-8', review('snapshot-8', 'confirmed', 'A second person is visible.', 41)],
    // A review of evidence a reset cleared names nothing the attempt shows: it pairs with nothing.
    [`departure-${T0 - 60_000}`, review(`departure-${T0 - 60_000}`, 'confirmed', 'Before the reset.', 1)],
  ]);

  it('each departure has its evidence id and the outcome that counts, or null when unreviewed', () => {
    expect(departureDetails(presence, T0 + 30 * 60_000, reviews)).toEqual([
      {
        eventId: `departure-${T0 + 60_000}`,
        leftAt: new Date(T0 + 60_000).toISOString(),
        returnedAt: new Date(T0 + 90_000).toISOString(),
        seconds: 30,
        review: {
          outcome: 'dismissed',
          note: 'Fire alarm test,\nconfirmed by the office.',
          by: 'Dana (reviewer)',
          at: new Date(T0 + 40 * 60_000).toISOString(),
        },
      },
      {
        eventId: `departure-${T0 + 5 * 60_000}`,
        leftAt: new Date(T0 + 5 * 60_000).toISOString(),
        returnedAt: new Date(T0 + 5 * 60_000 + 12_000).toISOString(),
        seconds: 12,
        review: null,
      },
    ]);
  });

  it('each snapshot has its evidence id and review', () => {
    expect(
      snapshotDetails(
        [
          { id: 8, takenAt: T0 },
          { id: 9, takenAt: T0 + 1_000 },
        ],
        reviews,
      ).map(({ eventId, review }) => ({ eventId, review })),
    ).toEqual([
      {
        eventId: 'snapshot-8',
        review: { outcome: 'confirmed', note: 'A second person is visible.', by: 'Dana (reviewer)', at: new Date(T0 + 41 * 60_000).toISOString() },
      },
      { eventId: 'snapshot-9', review: null },
    ]);
  });

  it('no reviews read: every piece of evidence is unreviewed', () => {
    expect(snapshotDetails([{ id: 8, takenAt: T0 }]).map((snapshot) => snapshot.review)).toEqual([null]);
  });

  it('the schema keeps the new fields (the serializer writes only what it names)', () => {
    const departure = ReportDetails.shape.integrity.shape.departures.element;
    const [first] = departureDetails(presence, T0 + 30 * 60_000, reviews);
    expect(departure.parse(first)).toEqual(first);
  });
});
