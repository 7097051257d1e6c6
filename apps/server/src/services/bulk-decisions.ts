import {
  type BulkDecisionAnswer,
  type BulkDecisionFilter,
  type BulkDecisionInput,
  type BulkDecisionRow,
  MAX_PAGE_SIZE,
  bulkDecisionOutcomes,
  bulkDecisionTooLarge,
  exceedsBulkCap,
} from '@assay/domain';
import type { Repositories, Store } from '@assay/store';
import { found, unwrap } from '../refusal-error.js';

type Actor = { readonly keyId: number; readonly at: number };

/**
 * The ids a list filter picks, read through the list itself (page by page, in its default order), so a bulk decision
 * decides exactly whom the list shows for that filter. One more than the cap is enough to refuse (400.130).
 */
const idsOfFilter = async (store: Store, orgId: number, testId: number, filter: BulkDecisionFilter, now: number): Promise<number[]> => {
  const ids: number[] = [];
  for (let page_no = 1; ; page_no += 1) {
    const query = { ...filter, page_size: MAX_PAGE_SIZE, page_no, sort: 'invited' as const };
    const page = found(await store.invitationList.list(orgId, testId, query, now), 'test-not-found', `No test ${testId}.`);
    ids.push(...page.invitations.map((row) => row.testInvitationId));
    if (exceedsBulkCap(page.invitationsCount)) unwrap(bulkDecisionTooLarge(page.invitationsCount));
    if (page.invitations.length < MAX_PAGE_SIZE || ids.length >= page.invitationsCount) return ids;
  }
};

/**
 * What one bulk decision would do, read before any write (issue 61 item 2, decisions 1440, 1441): who is named (ids, or
 * the list's filter), each one's outcome by the single decision's rule, with who they are and what stood before.
 */
export const planBulkDecision = async (store: Store, orgId: number, testId: number, input: BulkDecisionInput, now: number) => {
  found(await store.tests.find(orgId, testId), 'test-not-found', `No test ${testId}.`);
  const ids = input.ids ?? (await idsOfFilter(store, orgId, testId, input.filter ?? {}, now));
  const candidates = await store.candidateDecisions.candidatesOfTest(orgId, testId, ids);
  const outcomes = bulkDecisionOutcomes(ids, candidates, input);
  const rows: BulkDecisionRow[] = outcomes.map((outcome) => {
    const candidate = candidates.get(outcome.id);
    return {
      testInvitationId: outcome.id,
      fullName: candidate?.fullName ?? null,
      emailId: candidate?.emailId ?? null,
      before: candidate?.current ?? null,
      outcome: outcome.outcome === 'refused' ? 'not-found' : outcome.outcome,
    };
  });
  return { rows, toDecide: outcomes.flatMap((outcome) => (outcome.outcome === 'decided' ? [outcome.id] : [])) };
};

/**
 * The plan's writes: each decided candidate through the single decision's own write, with its one history entry and,
 * with `notify`, its email queued after the undo window `emailDelayMs` (issue 61 item 1).
 */
export const carryOutBulkDecision = async (
  repositories: Repositories,
  orgId: number,
  toDecide: readonly number[],
  input: BulkDecisionInput,
  by: Actor,
  emailDelayMs: number,
): Promise<void> => {
  const single = { decision: input.decision, reason: input.reason, notify: input.notify };
  for (const id of toDecide) await repositories.candidateDecisions.decide(orgId, id, single, by, emailDelayMs);
};

/** The answer: the counts and each candidate's row. */
export const bulkDecisionAnswer = (rows: readonly BulkDecisionRow[], dryRun: boolean): BulkDecisionAnswer => ({
  dryRun,
  decided: rows.filter((row) => row.outcome === 'decided').length,
  unchanged: rows.filter((row) => row.outcome === 'unchanged').length,
  notFound: rows.filter((row) => row.outcome === 'not-found').length,
  candidates: [...rows],
});
