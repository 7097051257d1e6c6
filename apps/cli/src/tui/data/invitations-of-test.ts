import type { AssayClient } from '@assay/client';
import type { InvitationListRow, InvitationSummary } from '@assay/domain/schemas';

/**
 * One invitation of a test as the list shows it: the server's row (`GET /v2/org/tests/{testId}/invitations`), whose
 * fields grow (issue 50's decisions, an integrity summary) without this screen's reading changing.
 */
export type InvitationRow = InvitationListRow;

/**
 * Every invitation of a test, page after page of the list route (decision 654): a read, so looking at the list writes
 * nothing to any invitation's history — the test's Excel export, which the list was once read from, is logged as a download.
 */
export const loadInvitations = async (client: AssayClient, testId: number, signal: AbortSignal): Promise<InvitationRow[]> => {
  const rows: InvitationRow[] = [];
  for await (const row of client.invitations.all(testId, {}, { signal })) rows.push(row);
  return rows;
};

/** The test's pipeline (`…/invitations/summary`): stage counts, completion rate, score distribution. */
export const loadSummary = (client: AssayClient, testId: number, signal: AbortSignal): Promise<InvitationSummary> =>
  client.invitations.summary(testId, { signal });
