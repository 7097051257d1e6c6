import {
  type CandidateComparison,
  compareCandidates,
  comparedQuestionsOf,
  currentQuestionIdsOf,
  ok,
  parseCompareIds,
  refuse,
  type Result,
} from '@assay/domain';
import type { Store } from '@assay/store';
import { loadReportDetails } from './report-details.js';

/**
 * The comparison of the invitations `idsText` names, each read as `/details` reads it (org-scoped). Undefined for a
 * test not in the org; an id of another org or another test is refused like a missing one, by name (decision 1427).
 */
export const loadComparison = async (store: Store, orgId: number, testId: number, idsText: string): Promise<Result<CandidateComparison> | undefined> => {
  const test = await store.tests.find(orgId, testId);
  if (!test) return undefined;
  const ids = parseCompareIds(idsText);
  if (ids.err) return ids;
  // One after the other: at most five reports, and the machine's other requests keep their share of the pool.
  const reports = [];
  for (const id of ids.val) {
    const report = await loadReportDetails(store, orgId, id);
    if (!report || report.test.testId !== testId) return refuse('invitation-not-found', `No test invitation ${id} in test ${testId}.`);
    reports.push(report);
  }
  const [sections, questions, everyVersion] = await Promise.all([
    store.tests.sections(test.content_id),
    store.attempts.questions(test.content_id),
    store.attempts.questionsOfEveryVersion(testId),
  ]);
  const currentIdOf = currentQuestionIdsOf(everyVersion, questions);
  return ok(
    compareCandidates({ testId, sections: sections.map((section) => section.name), questions: comparedQuestionsOf(sections, questions) }, reports, currentIdOf),
  );
};
