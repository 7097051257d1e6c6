import {
  attemptCodingFacts,
  attemptVariant,
  questionsOfVariant,
  DEFAULT_SCORING_BUDGET,
  isCodingAnswerGiven,
  isAttemptFinished,
  isScoreFinal,
  minutesTaken,
  savedAnswerLanguage,
  scoreAttempt,
  scoringShare,
  type Answer,
  type CodingOutcome,
  type ScorableQuestion,
  type ScoringBudget,
} from '@assay/domain';
import type { CodeRunner } from '@assay/sandbox';
import type { Job } from '@assay/domain';
import type { Store } from '@assay/store';
import type { JobHandler } from '../outbox-worker.js';
import { recordSimilarity } from './similarity-step.js';
import { recordAiUse } from './ai-use-step.js';
import { codingRunRequest } from '../coding-run.js';

/** Kept for importers from before the interface moved next to the sandbox. */
export type { CodeRunner } from '@assay/sandbox';

export interface ScoreDeps {
  store: Store;
  runner: CodeRunner;
  now: () => number;
  /** How much sandbox time one answer may take (ASSAY_SCORING_STOP_AFTER_TIMEOUTS); default DEFAULT_SCORING_BUDGET. */
  budget?: ScoringBudget;
}

/**
 * Scores one completed attempt: the report moves Pending → In progress → Generated, and the callback and
 * email waiting for it are released; while answers await a person's review (issue 32) it stays In progress. The job was queued with the completion, so a crash only delays it.
 */
export const scoreHandler =
  ({ store, runner, now, budget = DEFAULT_SCORING_BUDGET }: ScoreDeps): JobHandler =>
  async (job: Job) => {
    if (job.invitationId === null) return { kind: 'dead', error: 'a score job without an invitation' };
    const context = await store.attempts.findById(job.invitationId);
    if (!context || !isAttemptFinished(context.invitation.status)) {
      // Nothing to score (the attempt was reset since): its announcements look for themselves now.
      await store.jobs.releaseWaiting(job.invitationId, now());
      return { kind: 'done' };
    }
    const invitationId = context.invitation.id;
    await store.attempts.markReportInProgress(invitationId, now());
    const [sections, records, saved] = await Promise.all([
      store.tests.sections(context.test.contentId),
      store.attempts.questions(context.test.contentId),
      store.attempts.answers(invitationId),
    ]);
    // Only the candidate's draw is scored (issue 34): their marks are out of the questions they were asked.
    const asked = questionsOfVariant(attemptVariant(sections, records, context.invitation.variantSeed), records);
    const questions: ScorableQuestion[] = asked.map(({ id, sectionId, definition }) => ({ questionId: id, sectionId, definition }));
    const answers = new Map<number, Answer>(saved.map((entry) => [entry.questionId, entry.answer]));
    const coding = new Map<number, CodingOutcome>();
    const cases = new Map<number, boolean[]>();
    // Its place in the sandbox's fair shares (org, link, attempt), and one answer run at a time.
    const owner = scoringShare(context.invitation);
    for (const { questionId, definition } of questions) {
      const answer = answers.get(questionId);
      if (definition.type !== 'coding' || answer?.code === undefined || !isCodingAnswerGiven(definition, answer)) continue;
      // The scoring lane: never refused as busy, sharing the workers with sample runs by weight. In the answer's
      // language, within the budget: after its first timeouts, the rest of its hidden tests are failed unrun.
      const request = codingRunRequest(definition, answer.code, savedAnswerLanguage(definition, answer.language), 'hiddenTests');
      const outcome = await runner.run(request, { lane: 'scoring', owner, stopAfterTimeouts: budget.stopAfterTimeouts });
      // The sandbox could not run it (a busy server stopped its compile, a compiler did not start): never 0 marks for
      // that; the whole attempt is scored again later (decision 1043).
      if (outcome.fault !== undefined) return { kind: 'retry', error: `question ${questionId} was not run by the sandbox: ${outcome.fault}` };
      const verdicts = definition.hiddenTests.map((_, index) => outcome.results[index]?.passed === true);
      cases.set(questionId, verdicts);
      coding.set(questionId, { passed: verdicts.filter(Boolean).length, total: definition.hiddenTests.length });
    }
    const score = scoreAttempt(questions, answers, coding);
    // Similarity with the other candidates' answers (issue 34): before the score is saved, so a failure here retries the
    // job with nothing half-done; it takes milliseconds beside the sandbox runs above.
    await recordSimilarity(store, { orgId: context.invitation.orgId, invitationId, questions, answers }, now);
    const { startedAt, completedAt, deadline } = context.invitation;
    await recordAiUse(store, { invitationId, startedAt, endedAt: completedAt ?? now(), questions, answers: saved });
    const timeTaken = startedAt !== null && completedAt !== null ? minutesTaken(startedAt, completedAt, deadline ?? completedAt) : 0;
    const sectionScores = sections.map((section) => ({ sectionId: section.id, score: score.bySection.get(section.id) ?? 0 }));
    const questionScores = questions.map(({ questionId }) => ({
      questionId,
      marks: score.byQuestion.get(questionId) ?? 0,
      cases: cases.get(questionId) ?? null,
    }));
    await store.attempts.saveScore(
      invitationId,
      {
        score: score.total,
        timeTaken,
        sections: sectionScores,
        questions: questionScores,
        awaitingReview: score.awaitingReview,
        // What the Excel export shows of each coding answer, decided here once (migration 027).
        coding: attemptCodingFacts(questions, answers),
      },
      now(),
    );
    // Answers waiting for a person keep the report In progress: the callback and email carry the final score, so they
    // stay held (and wait for the report) until the last grade releases them.
    if (isScoreFinal(score)) await store.jobs.releaseWaiting(invitationId, now());
    return { kind: 'done' };
  };
