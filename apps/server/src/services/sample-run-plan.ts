import { answerLanguageFor, customRunInputOf, ok, type CodingLanguage, type CodingQuestion, type JsonValue, type Result } from '@assay/domain';
import { runnableHere, type LanguageAvailabilities, type LanguageId } from '@assay/domain/languages';
import type { CustomInput } from '@assay/jobs';
import type { RunRequest } from '@assay/sandbox';
import type { CandidateAttempts } from '../candidate/attempts-service.js';
import { sampleRunRequest } from '../candidate/sample-run-request.js';

/** What a candidate asks to run: the code, its language (the question's first when left out), and maybe their own input. */
export interface SampleRunAsk {
  readonly code: string;
  readonly language?: CodingLanguage | undefined;
  readonly customArgs?: readonly JsonValue[] | undefined;
  readonly customInput?: string | undefined;
}

/** What this server can run, and the languages whose runs warm the sandbox's candidate lane first. */
export interface RunnableHere {
  readonly languages: LanguageAvailabilities;
  readonly prewarm: readonly LanguageId[];
}

/** A run the candidate may make, decided once for both run routes (decision 1302). */
export interface SampleRunPlan {
  readonly question: CodingQuestion;
  readonly language: CodingLanguage;
  /** A custom-input run's arguments or stdin; undefined for a run of the sample tests. */
  readonly custom: CustomInput | undefined;
  /** What the sandbox runs. */
  readonly request: RunRequest;
  /** The report counts how often the samples were run; a custom-input run is not one. */
  readonly countsAsSampleRun: boolean;
  /** Its language is one the sandbox warms ahead: the candidate lane starts warming now. */
  readonly warmsUp: boolean;
}

/**
 * Which language, which input, and whether this server may run it: a language the question does not accept is 400.2,
 * custom input of the wrong form 400.2, a language this server cannot run now 409.5 (decision 1302).
 */
export const planSampleRun = (question: CodingQuestion, ask: SampleRunAsk, here: RunnableHere): Result<SampleRunPlan> => {
  const language = answerLanguageFor(question, ask.language);
  if (language.err) return language;
  const custom = customRunInputOf(question, ask);
  if (custom.err) return custom;
  const runnable = runnableHere(language.val, here.languages);
  if (runnable.err) return runnable;
  return ok({
    question,
    language: language.val,
    custom: custom.val,
    request: sampleRunRequest(question, ask.code, language.val, custom.val),
    countsAsSampleRun: custom.val === undefined,
    warmsUp: here.prewarm.includes(language.val),
  });
};

/** A planned run and whose it is in the sandbox's fair shares. */
export type PreparedSampleRun = SampleRunPlan & { readonly owner: Awaited<ReturnType<CandidateAttempts['codingQuestionForRun']>>['owner'] };

/**
 * The use case both run routes call (the synchronous `POST …/run/:questionId` and the followed `POST …/runs`): the
 * attempt's coding question (the attempt running, the question drawn for it, or the practice question), then the
 * plan. They differ only in how they wait for the sandbox and answer.
 */
export const prepareSampleRun = async (
  attempts: CandidateAttempts,
  here: RunnableHere,
  { token, questionId, address, ask }: { token: string; questionId: number; address: string; ask: SampleRunAsk },
): Promise<Result<PreparedSampleRun>> => {
  const { question, owner } = await attempts.codingQuestionForRun(token, questionId, address);
  const plan = planSampleRun(question, ask, here);
  return plan.err ? plan : ok({ ...plan.val, owner });
};
