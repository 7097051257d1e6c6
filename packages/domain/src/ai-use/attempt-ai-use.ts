import { savedAnswerLanguage } from '../candidate/answer-language.js';
import type { QuestionSignals } from '../candidate/question-signals.js';
import type { Answer } from '../candidate/scoring.js';
import type { Departure } from '../report/timelines.js';
import { starterCodeOf, type QuestionDefinition } from '../schemas/test-definition.js';
import { aiUseEvidenceId, type AiUseFinding } from './ai-use-finding.js';
import { burstsAfterReturn } from './burst-after-return.js';
import { copiedQuestion } from './copied-question.js';
import { rewrittenAnswer } from './rewritten-answer.js';
import { transcribedAnswer } from './transcribed-answer.js';

/** What the four rules read of a finished attempt, gathered by the score job. */
export interface AttemptAiUseFacts {
  readonly startedAt: number | null;
  /** The questions the candidate was asked. */
  readonly questions: readonly { readonly questionId: number; readonly definition: QuestionDefinition }[];
  readonly answers: ReadonlyMap<number, { readonly answer: Answer; readonly savedAt: number }>;
  readonly signals: ReadonlyMap<number, QuestionSignals>;
  /** The attempt's counted departures, as its report lists them. */
  readonly departures: readonly Departure[];
}

/** The text an answer gives the copy rule, and the starter code to leave out; null for a choice question. */
const answerTextOf = (definition: QuestionDefinition, answer: Answer | undefined): { text: string | null; starterCode: string } | null => {
  if (definition.type === 'coding') {
    return { text: answer?.code ?? null, starterCode: starterCodeOf(definition, savedAnswerLanguage(definition, answer?.language)) };
  }
  if (definition.type === 'short_answer' || definition.type === 'free_text') return { text: answer?.text ?? null, starterCode: '' };
  return null;
};

/** Findings with one instant and kind would share an id: a later one moves on a millisecond (shown to the second, it reads the same). */
const uniqueIds = (findings: readonly AiUseFinding[]): AiUseFinding[] => {
  const taken = new Set<string>();
  return [...findings]
    .sort((a, b) => a.at - b.at || a.questionId - b.questionId)
    .map((finding) => {
      let next = finding;
      while (taken.has(aiUseEvidenceId(next))) next = { ...next, at: next.at + 1 };
      taken.add(aiUseEvidenceId(next));
      return next;
    });
};

/**
 * Every AI-use finding of an attempt (issue 60, item 5), under every policy: per question, copying its text,
 * transcription and a rewrite; per departure, a burst of typing after it. Evidence for a reviewer, in time order;
 * nothing here reads or changes a score.
 */
export const attemptAiUse = (facts: AttemptAiUseFacts): AiUseFinding[] => {
  if (facts.startedAt === null) return [];
  const perQuestion = facts.questions.flatMap(({ questionId, definition }) => {
    const written = answerTextOf(definition, facts.answers.get(questionId)?.answer);
    if (written === null) return [];
    const signals = facts.signals.get(questionId);
    const windows = signals?.typing ?? [];
    const copied = copiedQuestion({
      questionId,
      questionText: definition.text,
      answer: written.text,
      starterCode: written.starterCode,
      answerSavedAt: facts.answers.get(questionId)?.savedAt ?? null,
      pastes: (signals?.events ?? []).filter((event) => event.kind === 'paste'),
    });
    return [copied, transcribedAnswer(questionId, windows), rewrittenAnswer(questionId, windows)].filter((finding) => finding !== null);
  });
  const typed = facts.questions.map(({ questionId }) => ({ questionId, windows: facts.signals.get(questionId)?.typing ?? [] }));
  return uniqueIds([...perQuestion, ...burstsAfterReturn(facts.departures, typed, facts.startedAt)]);
};
