import { buildReportDetails, type ReportDetails } from '@assay/domain';
import { questionRowsOf, type QuestionRow } from '@assay/reports';
import type { Store } from '@assay/store';

/** Gathers an invitation's report facts from the store (org-scoped: another org's id is undefined, like a missing one) and builds its details. */
export const loadReportDetails = async (store: Store, orgId: number, invitationId: number): Promise<ReportDetails | undefined> => {
  const invitation = await store.invitations.find(orgId, invitationId);
  if (!invitation) return undefined;
  const context = await store.attempts.findById(invitationId);
  if (!context) return undefined;
  const [sections, questions, answers, results, sampleRuns, events, snapshots, completedScores] = await Promise.all([
    store.tests.sections(context.test.id),
    store.attempts.questions(context.test.id),
    store.attempts.answers(invitationId),
    store.attemptLog.questionResults(invitationId),
    store.attemptLog.sampleRuns(invitationId),
    store.attemptLog.events(invitationId),
    store.attempts.snapshotList(invitationId),
    store.attemptLog.completedScores(context.test.id),
  ]);
  return buildReportDetails({
    invitation,
    candidate: context.candidate,
    test: context.test,
    sections,
    questions,
    answers: new Map(answers.map((saved) => [saved.questionId, saved.answer])),
    results,
    sampleRuns,
    events,
    snapshots,
    completedScores,
  });
};

/**
 * The Excel export's per-question rows of an org's test: every started attempt's questions, built as its report
 * details are (the same marks, correctness and times the PDF and the JSON show), read batch by batch in flat memory.
 * Percentiles and snapshots are not part of these rows, so they are not read.
 */
export async function* questionRowsOfTest(store: Store, orgId: number, testId: number): AsyncGenerator<QuestionRow> {
  const [sections, questions] = await Promise.all([store.tests.sections(testId), store.attempts.questions(testId)]);
  for await (const batch of store.attemptLog.factsOfTest(orgId, testId)) {
    for (const facts of batch) {
      yield* questionRowsOf(buildReportDetails({ ...facts, sections, questions, snapshots: [], completedScores: [] }));
    }
  }
}
