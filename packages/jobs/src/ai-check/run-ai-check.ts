import { createHash } from 'node:crypto';
import { DEFAULT_SCORING_BUDGET, type CodingLanguage, type CodingQuestion, type QuestionDefinition, type QuestionRecord } from '@assay/domain';
import {
  AI_CHECK_TRIES,
  aiCheckAnswerIsRight,
  aiCheckCodeOf,
  aiCheckLanguagesOf,
  aiCheckRequestOf,
  aiCheckResultOf,
  aiCheckScoringOf,
  aiCheckVersionText,
  type AiCheckLanguageResult,
  type AiCheckQuestionResult,
} from '@assay/domain/ai';
import type { CodeRunner } from '@assay/sandbox';
import type { AiCheckRecord, Store } from '@assay/store';
import { codingRunRequest } from '../coding-run.js';

/** The model as a check uses it: a place at the fair gate, then one chat (`@assay/ai`'s FairGate and ModelClient). */
export interface AiCheckModel {
  enter(org: string, candidate: string, signal?: AbortSignal): Promise<() => void>;
  chat(
    messages: readonly { role: 'system' | 'user' | 'assistant'; content: string }[],
    options: { signal?: AbortSignal; maxTokens?: number; temperature?: number },
  ): Promise<{ text: string }>;
}

export interface AiCheckDeps {
  store: Store;
  runner: CodeRunner;
  model: AiCheckModel;
  now: () => number;
  /** Aborted when the server stops: the check ends failed, saying so. */
  signal?: AbortSignal;
}

/**
 * The check's place at the model (decision 1241): its own "org" in the fair gate, so when candidates wait it takes one
 * turn among their orgs, and it asks one thing at a time, so it never holds more than one of ASSAY_AI_MAX_CONCURRENT.
 */
export const AI_CHECK_GATE_ORG = 'ai-check';
/** Long enough for a whole solution; a try cut at it is judged as it is. */
const MAX_TOKENS = 2_000;
/** Above the usual default, so the three tries are three different attempts rather than one repeated (decision 1240). */
const TEMPERATURE = 0.8;

/** The question version: the first 16 hex digits of the SHA-256 of its whole definition. */
export const questionVersionOf = (question: QuestionDefinition): string => createHash('sha256').update(aiCheckVersionText(question)).digest('hex').slice(0, 16);

/** Why a question could not be checked: the model's (or the sandbox's) own sentence. */
class NotChecked extends Error {}

const sentenceOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const ask = async (deps: AiCheckDeps, testId: number, question: QuestionDefinition, language?: CodingLanguage): Promise<string> => {
  const release = await deps.model.enter(AI_CHECK_GATE_ORG, `test:${testId}`, deps.signal);
  try {
    const answer = await deps.model.chat(aiCheckRequestOf(question, language), { signal: deps.signal, maxTokens: MAX_TOKENS, temperature: TEMPERATURE });
    return answer.text;
  } finally {
    release();
  }
};

/** One try in one language: the model's code against every hidden test, in the scoring lane. */
const solves = async (deps: AiCheckDeps, check: AiCheckRecord, question: CodingQuestion, language: CodingLanguage): Promise<boolean> => {
  const code = aiCheckCodeOf(await ask(deps, check.testId, question, language));
  const request = codingRunRequest(question, code, language, 'hiddenTests');
  const owner = { org: `org:${check.orgId}`, link: `ai-check:${check.id}`, candidate: `ai-check:${check.id}` };
  const outcome = await deps.runner.run(request, { lane: 'scoring', owner, stopAfterTimeouts: DEFAULT_SCORING_BUDGET.stopAfterTimeouts });
  if (outcome.fault !== undefined) throw new NotChecked(`the sandbox could not run the answer: ${outcome.fault}`);
  return question.hiddenTests.length > 0 && question.hiddenTests.every((_, index) => outcome.results[index]?.passed === true);
};

type Facts = Omit<AiCheckQuestionResult, 'summary' | 'questionId' | 'version' | 'type' | 'status' | 'reason'>;

const checkCoding = async (deps: AiCheckDeps, check: AiCheckRecord, question: CodingQuestion): Promise<Facts> => {
  const languages: AiCheckLanguageResult[] = [];
  for (const language of aiCheckLanguagesOf(question)) {
    let solved = 0;
    for (let index = 0; index < AI_CHECK_TRIES; index += 1) if (await solves(deps, check, question, language)) solved += 1;
    languages.push({ language, tries: AI_CHECK_TRIES, solved });
  }
  return { scoring: 'tests', languages, tries: AI_CHECK_TRIES * languages.length, solved: null };
};

const checkOther = async (deps: AiCheckDeps, check: AiCheckRecord, question: QuestionDefinition): Promise<Facts> => {
  const scoring = aiCheckScoringOf(question);
  let right = 0;
  for (let index = 0; index < AI_CHECK_TRIES; index += 1) if (aiCheckAnswerIsRight(question, await ask(deps, check.testId, question))) right += 1;
  return { scoring, languages: [], tries: AI_CHECK_TRIES, solved: scoring === 'not-scored' ? null : right };
};

const checkQuestion = async (deps: AiCheckDeps, check: AiCheckRecord, { id, definition }: QuestionRecord): Promise<AiCheckQuestionResult> => {
  const identity = { questionId: id, version: questionVersionOf(definition), type: definition.type };
  try {
    const facts = definition.type === 'coding' ? await checkCoding(deps, check, definition) : await checkOther(deps, check, definition);
    return aiCheckResultOf({ ...identity, status: 'checked', reason: null, ...facts });
  } catch (error) {
    if (deps.signal?.aborted) throw error;
    // The model (or the sandbox) failed on this question: it is "not checked", saying why, and the rest go on.
    const scoring = aiCheckScoringOf(definition);
    return aiCheckResultOf({ ...identity, status: 'not-checked', reason: sentenceOf(error), scoring, languages: [], tries: 0, solved: null });
  }
};

/**
 * Runs a started check: each question of the test in order, its result stored as soon as it is known (GET shows the
 * progress), then the check done. Nothing here changes a score or a status: it is the author's information.
 */
export const runAiCheck = async (deps: AiCheckDeps, check: AiCheckRecord, questions: readonly QuestionRecord[]): Promise<void> => {
  const results: AiCheckQuestionResult[] = [];
  try {
    for (const question of questions) {
      results.push(await checkQuestion(deps, check, question));
      await deps.store.aiChecks.progress(check.id, results, deps.now());
    }
    await deps.store.aiChecks.finish(check.id, 'done', null, deps.now());
  } catch (error) {
    const problem = deps.signal?.aborted ? 'The check stopped because the server was shutting down; start it again.' : sentenceOf(error);
    await deps.store.aiChecks.finish(check.id, 'failed', problem, deps.now());
  }
};
