import type { FastifyBaseLogger } from 'fastify';
import {
  QuestionDefinition,
  isCodingAnswerGiven,
  minutesTaken,
  scoreAttempt,
  type Answer,
  type CodingOutcome,
  type ScorableQuestion,
} from '@assay/domain';
import type { Store } from '@assay/store';
import type { ScoringQueue } from './attempts-service.js';

/** Runs candidate code against test cases somewhere it cannot hurt us (the @assay/sandbox worker pool). */
export interface CodeRunner {
  run(request: { code: string; functionName: string; cases: { args: unknown[]; expected: unknown }[] }): Promise<{
    results: { passed: boolean; actual?: unknown; error?: string }[];
  }>;
}

/**
 * Scores completed attempts off the request path, one at a time, in this process. The report moves
 * Pending → In progress → Generated; attempts left unscored by a crash are picked up by `recover`.
 */
export class ScoringService implements ScoringQueue {
  private readonly pending = new Set<number>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly runner: CodeRunner,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(invitationId: number): void {
    if (this.pending.has(invitationId)) return;
    this.pending.add(invitationId);
    this.chain = this.chain
      .then(() => this.score(invitationId))
      .catch((error: unknown) => this.log.error({ err: error, invitationId }, 'scoring failed; it is retried at the next start'))
      .finally(() => this.pending.delete(invitationId));
  }

  /** Resolves when everything queued so far is scored. */
  idle(): Promise<void> {
    return this.chain;
  }

  async recover(): Promise<void> {
    for (const invitationId of await this.store.attempts.unscored()) this.enqueue(invitationId);
  }

  private async score(invitationId: number): Promise<void> {
    const context = await this.store.attempts.findById(invitationId);
    if (!context || context.invitation.status !== 'Completed') return;
    await this.store.attempts.markReportInProgress(invitationId, this.now());
    const [sections, rows, saved] = await Promise.all([
      this.store.tests.sections(context.test.id),
      this.store.attempts.questions(context.test.id),
      this.store.attempts.answers(invitationId),
    ]);
    const questions: ScorableQuestion[] = rows.map((row) => ({
      questionId: row.id,
      sectionId: row.section_id,
      definition: QuestionDefinition.parse(JSON.parse(row.body)),
    }));
    const answers = new Map<number, Answer>(saved.map((entry) => [entry.questionId, entry.answer]));
    const coding = new Map<number, CodingOutcome>();
    for (const { questionId, definition } of questions) {
      if (definition.type !== 'coding' || !isCodingAnswerGiven(definition, answers.get(questionId))) continue;
      const outcome = await this.runner.run({
        code: answers.get(questionId)!.code!,
        functionName: definition.functionName,
        cases: definition.hiddenTests,
      });
      coding.set(questionId, { passed: outcome.results.filter((result) => result.passed).length, total: definition.hiddenTests.length });
    }
    const score = scoreAttempt(questions, answers, coding);
    const { started_at: startedAt, completed_at: completedAt, deadline_at: deadline } = context.invitation;
    const timeTaken = startedAt !== null && completedAt !== null ? minutesTaken(startedAt, completedAt, deadline ?? completedAt) : 0;
    await this.store.attempts.saveScore(
      invitationId,
      { score: score.total, timeTaken, sections: sections.map((section) => ({ sectionId: section.id, score: score.bySection.get(section.id) ?? 0 })) },
      this.now(),
    );
  }
}
