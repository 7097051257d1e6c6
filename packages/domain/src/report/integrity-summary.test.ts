import { describe, expect, it } from 'vitest';
import type { EvidenceOutcome } from '../history/evidence-review.js';
import { INTEGRITY_KINDS, integritySummary, IntegritySummary, type EvidenceTally, type IntegrityKind } from './integrity-summary.js';
import { integritySummaryOfDetails, integritySummaryOfReport } from './integrity-summary-of-details.js';
import { integrityColumnHeading, integrityCountsCell, integrityKindText, integritySummaryText } from './integrity-summary-text.js';

const C: EvidenceOutcome = 'confirmed';
const D: EvidenceOutcome = 'dismissed';
const NONE: EvidenceTally = { total: 0, outcomes: [] };
const tallies = (given: Partial<Record<IntegrityKind, EvidenceTally>>) => ({
  departures: NONE,
  pastes: NONE,
  similarAnswers: NONE,
  snapshots: NONE,
  ...given,
});

describe('the integrity summary (issue 48, item 7)', () => {
  it('counts each kind by its review outcome; pieces past the listed ones count as not reviewed', () => {
    const summary = integritySummary(tallies({ departures: { total: 5, outcomes: [C, D, null] }, similarAnswers: { total: 0, outcomes: [D] } }));
    expect(summary.departures).toEqual({ total: 5, confirmed: 1, dismissed: 1, unreviewed: 3 });
    // A list longer than the total given counts as its length.
    expect(summary.similarAnswers).toEqual({ total: 1, confirmed: 0, dismissed: 1, unreviewed: 0 });
    expect(IntegritySummary.parse(summary)).toEqual(summary);
  });

  // Every mix of outcomes for every kind: confirmed anywhere wins, then a signal not reviewed, then dismissed, then none.
  const mixes: [string, EvidenceTally, Record<IntegrityKind, IntegritySummary['level']>][] = [
    ['nothing', NONE, { departures: 'none', pastes: 'none', similarAnswers: 'none', snapshots: 'none' }],
    ['one not reviewed', { total: 1, outcomes: [null] }, { departures: 'unreviewed', pastes: 'unreviewed', similarAnswers: 'unreviewed', snapshots: 'none' }],
    ['one dismissed', { total: 1, outcomes: [D] }, { departures: 'dismissed', pastes: 'dismissed', similarAnswers: 'dismissed', snapshots: 'dismissed' }],
    ['one confirmed', { total: 1, outcomes: [C] }, { departures: 'confirmed', pastes: 'confirmed', similarAnswers: 'confirmed', snapshots: 'confirmed' }],
    [
      'dismissed and not reviewed',
      { total: 2, outcomes: [D, null] },
      { departures: 'unreviewed', pastes: 'unreviewed', similarAnswers: 'unreviewed', snapshots: 'dismissed' },
    ],
    [
      'confirmed and dismissed',
      { total: 2, outcomes: [C, D] },
      { departures: 'confirmed', pastes: 'confirmed', similarAnswers: 'confirmed', snapshots: 'confirmed' },
    ],
    ['all three', { total: 3, outcomes: [C, D, null] }, { departures: 'confirmed', pastes: 'confirmed', similarAnswers: 'confirmed', snapshots: 'confirmed' }],
    [
      'unlisted past a dismissed one',
      { total: 4, outcomes: [D] },
      { departures: 'unreviewed', pastes: 'unreviewed', similarAnswers: 'unreviewed', snapshots: 'dismissed' },
    ],
  ];
  for (const [name, tally, levels] of mixes)
    for (const kind of ['departures', 'pastes', 'similarAnswers', 'snapshots'] as const)
      it(`${kind}, ${name}: ${levels[kind]}`, () => expect(integritySummary(tallies({ [kind]: tally })).level).toBe(levels[kind]));

  it('a confirmed piece of one kind is never hidden by dismissed ones of another; a dismissed one never warns', () => {
    expect(integritySummary(tallies({ departures: { total: 3, outcomes: [D, D, D] }, pastes: { total: 1, outcomes: [C] } })).level).toBe('confirmed');
    expect(integritySummary(tallies({ departures: { total: 1, outcomes: [D] }, snapshots: { total: 40, outcomes: [] } })).level).toBe('dismissed');
    expect(integritySummary(tallies({ snapshots: { total: 40, outcomes: [C] }, departures: { total: 2, outcomes: [D, D] } })).level).toBe('confirmed');
  });

  it('counts image violations beside the kinds, to review until a snapshot is, and writes none for none (decision 989)', () => {
    for (const [, tally] of mixes) {
      for (const kind of INTEGRITY_KINDS) {
        const given = tallies({ [kind]: tally });
        const without = integritySummary(given).level;
        // Only an attempt that would read "No signals" while no snapshot was dismissed changes: it waits for a reviewer.
        const waits = without === 'none' || (without === 'dismissed' && integritySummary(given).snapshots.dismissed === 0);
        expect(integritySummary(given, 3).level).toBe(waits ? 'unreviewed' : without);
      }
    }
    expect(integritySummary(tallies({ snapshots: { total: 4, outcomes: [D] } }), 2).level).toBe('dismissed');
    expect(integritySummary(tallies({ snapshots: { total: 4, outcomes: [] } }), 2).level).toBe('unreviewed');
    expect(integritySummary(tallies({ snapshots: { total: 4, outcomes: [C] } }), 2).level).toBe('confirmed');
    const counted = integritySummary(tallies({}), 2);
    expect(counted).toMatchObject({ level: 'unreviewed', imageViolations: 2 });
    expect(IntegritySummary.parse(counted)).toEqual(counted);
    expect(integritySummary(tallies({}), 0)).not.toHaveProperty('imageViolations');
    // A summary from a server before decision 989 still parses.
    const { imageViolations: _, ...older } = counted;
    expect(IntegritySummary.parse(older)).toEqual(older);
  });
});

describe('a camera on that sent no photos (issue 59 item 8, decision 1143)', () => {
  it('is to review until a snapshot is, like image violations, and is written only when there is one', () => {
    const silent = integritySummary(tallies({}), 0, 21);
    expect(silent).toMatchObject({ level: 'unreviewed', cameraGapMinutes: 21 });
    expect(IntegritySummary.parse(silent)).toEqual(silent);
    expect(integritySummaryText(silent)).toBe('camera on, no photos received for 21 minutes');
    expect(integritySummary(tallies({}), 0, null)).toEqual(integritySummary(tallies({})));
    expect(integritySummary(tallies({}), 0, null).level).toBe('none');
    // A reviewer who looked at the photos that came, and dismissed one, has seen the camera's evidence.
    expect(integritySummary(tallies({ snapshots: { total: 5, outcomes: [D] } }), 0, 16).level).toBe('dismissed');
    expect(integritySummary(tallies({ pastes: { total: 1, outcomes: [C] } }), 0, 16).level).toBe('confirmed');
  });

  it('is said after the image violations, in the order of what the proctoring saw', () => {
    expect(integritySummaryText(integritySummary(tallies({ departures: { total: 2, outcomes: [] } }), 1, 4))).toBe(
      '2 departures, not reviewed · 1 image violation (camera lost or blank) · camera on, no photos received for 4 minutes',
    );
  });

  it('comes through /details: its camera and its summary agree', () => {
    const integrity = { wv: 0, departures: [], snapshots: [], camera: { required: true as const, photos: 0, expectedPhotos: 22, longestGapMinutes: 21 } };
    expect(integritySummaryOfDetails(integrity, [])).toMatchObject({ level: 'unreviewed', cameraGapMinutes: 21 });
    const covered = { ...integrity, camera: { required: true as const, photos: 20, expectedPhotos: 22, longestGapMinutes: 2 } };
    expect(integritySummaryOfDetails(covered, [])).toMatchObject({ level: 'none' });
    expect(integritySummaryOfDetails(covered, [])).not.toHaveProperty('cameraGapMinutes');
    // Still running: the camera is required, its coverage not reckoned yet; nothing to say of photos.
    expect(integritySummaryOfDetails({ ...integrity, camera: { required: true } }, [])).toMatchObject({ level: 'none' });
  });
});

describe('the summary in words, the same on every surface', () => {
  const summary = integritySummary(
    tallies({
      departures: { total: 1, outcomes: [D] },
      pastes: { total: 3, outcomes: [C, null] },
      similarAnswers: { total: 1, outcomes: [C] },
      snapshots: { total: 12, outcomes: [] },
    }),
  );
  it('names each kind and its outcomes; snapshots only once reviewed', () => {
    expect(integritySummaryText(summary)).toBe('1 departure, dismissed · 3 pastes or insertions: 1 confirmed, 2 not reviewed · 1 similar answer, confirmed');
    expect(integrityKindText('snapshots', { total: 12, confirmed: 1, dismissed: 0, unreviewed: 11 })).toBe('12 snapshots: 1 confirmed, 11 not reviewed');
    expect(integritySummaryText(integritySummary(tallies({ snapshots: { total: 3, outcomes: [] } })))).toBe('No departures, pastes or similar answers');
  });
  it('says the image violations right after the departures; none leave the words as they were', () => {
    expect(integritySummaryText({ ...summary, imageViolations: 2 })).toBe(
      '1 departure, dismissed · 2 image violations (camera lost or blank) · 3 pastes or insertions: 1 confirmed, 2 not reviewed · 1 similar answer, confirmed',
    );
    const quiet = integritySummary(tallies({ snapshots: { total: 3, outcomes: [] } }), 1);
    expect(integritySummaryText(quiet)).toBe('1 image violation (camera lost or blank)');
    expect(integritySummaryText({ ...quiet, imageViolations: 0 })).toBe('No departures, pastes or similar answers');
  });
  it('the workbook heads a kind and writes its counts confirmed/dismissed/unreviewed', () => {
    expect(integrityColumnHeading('departures')).toBe('departures (confirmed/dismissed/unreviewed)');
    expect(integrityCountsCell(summary.pastes)).toBe('1/0/2');
  });
});

describe('the summary of what a report lists', () => {
  const review = (outcome: EvidenceOutcome) => ({ outcome, note: '', by: 'Dana', at: '2026-12-01T09:00:00.000Z' });
  it('counts every departure wv counts, every paste and insertion reported, and every pair, listed or not', () => {
    const summary = integritySummaryOfDetails(
      {
        wv: 3,
        departures: [
          { leftAt: 'a', returnedAt: null, seconds: 1, review: review('dismissed') },
          { leftAt: 'b', returnedAt: null, seconds: 1, review: null },
        ],
        snapshots: [{ snapshotId: 1, takenAt: 'a', review: review('confirmed') }],
        similarity: [
          {
            questionId: 1,
            questionNumber: 1,
            otherTestInvitationId: 2,
            otherCandidateName: 'B',
            score: 0.9,
            regions: [],
            foundAt: 'a',
            review: review('confirmed'),
          },
        ],
        omittedSimilarPairs: 2,
      },
      [
        undefined,
        {
          firstViewedAt: null,
          secondsToFirstKeystroke: null,
          pastes: 21,
          pastedChars: 9000,
          largeInsertions: 1,
          largeInsertionChars: 80,
          events: [{ kind: 'paste', at: 'a', chars: 400, lines: 10, review: review('confirmed') }],
        },
      ],
    );
    expect(summary).toEqual({
      level: 'confirmed',
      departures: { total: 3, confirmed: 0, dismissed: 1, unreviewed: 2 },
      pastes: { total: 22, confirmed: 1, dismissed: 0, unreviewed: 21 },
      similarAnswers: { total: 3, confirmed: 1, dismissed: 0, unreviewed: 2 },
      snapshots: { total: 1, confirmed: 1, dismissed: 0, unreviewed: 0 },
    });
  });

  it('counts the image violations iv counts; a summary sent without them takes them from iv (decision 989)', () => {
    const quiet = { wv: 0, departures: [], snapshots: [], omittedSimilarPairs: 0 };
    const counted = integritySummaryOfDetails({ ...quiet, iv: 2 }, []);
    expect(counted).toMatchObject({ level: 'unreviewed', imageViolations: 2 });
    expect(integritySummaryOfDetails(quiet, [])).not.toHaveProperty('imageViolations');
    const { imageViolations: _, ...older } = counted;
    const report = (summary: IntegritySummary | undefined) => ({
      integrity: { ...quiet, tv: 0, iv: 2, omittedEvents: 0, accommodation: null, summary },
      questions: [],
    });
    expect(integritySummaryOfReport(report(older))).toEqual(counted);
    expect(integritySummaryOfReport(report(undefined))).toEqual(counted);
    expect(integritySummaryOfReport(report({ ...older, imageViolations: 5 }))).toEqual({ ...older, imageViolations: 5 });
  });
});
