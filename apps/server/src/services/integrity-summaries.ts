import { attemptIntegritySummary, cameraGapMinutesOf, integritySummary, type IntegritySummary } from '@assay/domain';
import type { ReportWithSections, Store } from '@assay/store';
import { integrityEvidenceOf } from './integrity-evidence.js';

/** Candidates rows summarised per batch: one batch of counting queries for this many attempts. */
const BATCH = 256;

/**
 * An attempt with a stored review: its evidence read piece by piece, as its report lists it, so that the summary
 * counts the same reviews as `/details` (a review of evidence a reset cleared counts nowhere).
 */
const reviewedSummary = async (store: Store, orgId: number, invitationId: number): Promise<IntegritySummary | undefined> => {
  const invitation = await store.invitations.find(orgId, invitationId);
  if (!invitation) return undefined;
  return attemptIntegritySummary({ invitation, ...(await integrityEvidenceOf(store, orgId, invitationId)) });
};

/**
 * What a row must say to be summarised: its invitation, its window departures (wv), its image violations and its
 * camera's longest stretch without a photo (null without a camera, decision 1143), read with the row.
 */
interface SummarisedRow {
  testInvitationId: number;
  wv: number;
  imageViolations: number;
  cameraGapSeconds: number | null;
}

/**
 * Rows' integrity summaries (issue 48, item 7; decisions 647 and 654), by invitation id. An attempt nobody reviewed is
 * summarised from counts read for all the rows at once (every piece is then "not reviewed"); only the few attempts
 * with a review are read in full.
 */
export const integritySummariesOf = async (store: Store, orgId: number, rows: readonly SummarisedRow[]): Promise<Map<number, IntegritySummary>> => {
  const counts = await store.evidenceReviews.countsOf(
    orgId,
    rows.map((row) => row.testInvitationId),
  );
  const summaries = new Map<number, IntegritySummary>();
  for (const row of rows) {
    const count = counts.get(row.testInvitationId);
    const integrity = count?.reviewed
      ? await reviewedSummary(store, orgId, row.testInvitationId)
      : integritySummary(
          {
            departures: { total: row.wv, outcomes: [] },
            pastes: { total: count?.pastes ?? 0, outcomes: [] },
            similarAnswers: { total: count?.similarPairs ?? 0, outcomes: [] },
            snapshots: { total: count?.snapshots ?? 0, outcomes: [] },
          },
          row.imageViolations,
          row.cameraGapSeconds === null ? null : cameraGapMinutesOf(row.cameraGapSeconds),
        );
    if (integrity) summaries.set(row.testInvitationId, integrity);
  }
  return summaries;
};

/** The Candidates sheet's rows, each with its attempt's integrity summary, one batch at a time (flat memory). */
export async function* withIntegritySummaries(
  store: Store,
  orgId: number,
  rows: AsyncIterable<ReportWithSections>,
): AsyncGenerator<ReportWithSections & { integrity?: IntegritySummary }> {
  let batch: ReportWithSections[] = [];
  const flush = async function* () {
    const summaries = await integritySummariesOf(
      store,
      orgId,
      batch.map((row) => ({
        testInvitationId: row.testInvitationId,
        wv: row.report.wv,
        imageViolations: row.imageViolations,
        cameraGapSeconds: row.cameraGapSeconds,
      })),
    );
    for (const row of batch) {
      const integrity = summaries.get(row.testInvitationId);
      yield integrity ? { ...row, integrity } : row;
    }
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) yield* flush();
  }
  yield* flush();
}
