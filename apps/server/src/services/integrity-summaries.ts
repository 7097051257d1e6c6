import { attemptIntegritySummary, integritySummary, type IntegritySummary } from '@assay/domain';
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
 * The Candidates sheet's rows, each with its attempt's integrity summary (issue 48, item 7; decision 647). An attempt
 * nobody reviewed is summarised from counts read for the whole batch (every piece is then "not reviewed"); only the
 * few attempts with a review are read in full. Flat memory: one batch at a time.
 */
export async function* withIntegritySummaries(
  store: Store,
  orgId: number,
  rows: AsyncIterable<ReportWithSections>,
): AsyncGenerator<ReportWithSections & { integrity?: IntegritySummary }> {
  let batch: ReportWithSections[] = [];
  const flush = async function* () {
    const counts = await store.evidenceReviews.countsOf(
      orgId,
      batch.map((row) => row.testInvitationId),
    );
    for (const row of batch) {
      const count = counts.get(row.testInvitationId);
      const integrity = count?.reviewed
        ? await reviewedSummary(store, orgId, row.testInvitationId)
        : integritySummary({
            departures: { total: row.report.wv, outcomes: [] },
            pastes: { total: count?.pastes ?? 0, outcomes: [] },
            similarAnswers: { total: count?.similarPairs ?? 0, outcomes: [] },
            snapshots: { total: count?.snapshots ?? 0, outcomes: [] },
          });
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
