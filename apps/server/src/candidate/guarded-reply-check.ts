import {
  codeBlocksOf,
  codeToCheckOf,
  essayCheckPasses,
  essayCheckRequestOf,
  isWholeSolution,
  replyGivesShortAnswer,
  type ReplyHoldMode,
  type WithheldReason,
} from '@assay/domain/ai';
import { scoringShare, type CodingQuestion, type Invitation, type QuestionDefinition } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import { codingRunRequest } from '@assay/jobs';
import type { CodeRunner } from '@assay/sandbox';
import type { ModelClient } from '@assay/ai';

/** The longest the check of one reply may take, all its runs together (decision 1166). */
export const CHECK_BUDGET_MS = 20_000;

/** How a reply to this question streams under this policy (decision 1166). */
export const holdModeOf = (policy: 'guarded' | 'open', question: QuestionDefinition): ReplyHoldMode =>
  policy === 'open' ? 'pass-all' : question.type === 'coding' ? 'prose-then-hold' : 'hold-all';

/** Null: the reply may go to the candidate; else why it is withheld. */
export type CheckVerdict = WithheldReason | null;

export interface ReplyCheckParts {
  readonly question: QuestionDefinition;
  /** The language the candidate writes in (coding questions): a block without a fence word is taken to be in it. */
  readonly language: LanguageId | undefined;
  readonly reply: string;
  readonly invitation: Pick<Invitation, 'id' | 'orgId' | 'testId' | 'testLinkId'>;
  readonly signal: AbortSignal;
}

/** Hidden tests a program passes, or undefined when it could not be run (refused, cancelled, out of time). */
const passedOf = async (runner: CodeRunner, question: CodingQuestion, code: string, language: LanguageId, parts: ReplyCheckParts) => {
  try {
    const outcome = await runner.run(codingRunRequest(question, code, language, 'hiddenTests'), {
      lane: 'scoring',
      owner: scoringShare(parts.invitation),
      signal: parts.signal,
      stopAfterTimeouts: 1,
    });
    return question.hiddenTests.filter((_, index) => outcome.results[index]?.passed === true).length;
  } catch {
    return undefined;
  }
};

/** Whether the guarded check of a reply to this question asks the model (an essay's) rather than the sandbox or a match. */
export const checkAsksTheModel = (policy: 'guarded' | 'open', question: QuestionDefinition): boolean => policy === 'guarded' && question.type === 'free_text';

/**
 * The guarded check of a whole reply (docs/ai.md, "Guarded means guarded"): a coding question's code blocks run against
 * its hidden tests, a short answer's accepted answers looked for, a free-text reply classified by the model. A check
 * that cannot be made withholds (`unchecked`): guarded means guarded.
 */
export const checkGuardedReply = async (runner: CodeRunner, model: ModelClient, parts: ReplyCheckParts): Promise<CheckVerdict> => {
  const { question, reply } = parts;
  switch (question.type) {
    case 'coding': {
      const preferred = parts.language ?? question.languages[0]!;
      const programs = codeToCheckOf(
        codeBlocksOf(reply),
        { languages: question.languages, form: question.form ?? 'function', functionName: 'functionName' in question ? (question.functionName ?? '') : '' },
        preferred,
      );
      for (const program of programs) {
        const passed = await passedOf(runner, question, program.code, program.language, parts);
        if (passed === undefined) return 'unchecked';
        if (isWholeSolution(passed, question.hiddenTests.length)) return 'solution';
      }
      return null;
    }
    case 'short_answer':
      return replyGivesShortAnswer(question.acceptedAnswers, reply) ? 'solution' : null;
    case 'free_text': {
      try {
        const verdict = await model.chat(essayCheckRequestOf(question.text, reply), { signal: parts.signal, maxTokens: 5, temperature: 0 });
        return essayCheckPasses(verdict.text) ? null : 'solution';
      } catch {
        return 'unchecked';
      }
    }
    default:
      // Choice questions are never offered the assistant under guarded (decision 1163).
      return null;
  }
};
