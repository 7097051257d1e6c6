import type { CandidateAssistantApi, CandidateFollowUpsApi, CandidateRuns } from '@assay/client';
import type { AiPolicy } from '@assay/domain/ai';
import type { Answer } from '../answers.js';
import type { AssistantBudget } from './assistant-budget.js';
import type { PendingRuns } from './pending-runs.js';

/** Quiet after the last keystroke before an answer being typed (code, a written answer) is sent. */
export const TYPING_SAVE_DELAY_MS = 600;

/** What a question needs from the page. */
export interface QuestionContext {
  /** The answer to show. */
  readonly answer: Answer | undefined;
  /** An edit; `debounceMs` when more keystrokes are likely to follow. */
  onChange(answer: Answer, debounceMs?: number): void;
  /** Tells `listener` each time this question's latest edit is saved (null) or refused for good (the server's words). */
  watchSaving(listener: (refusal: string | null) => void): void;
  /** The attempt's runs: sample tests and custom input, started, followed and cancelled. */
  readonly runs: Pick<CandidateRuns, 'start' | 'get' | 'cancel'>;
  /** The attempt's runs on their way, kept in this browser to follow again after a reload (none: not kept). */
  readonly pendingRuns?: PendingRuns;
  /** The AI assistant, when the attempt's policy offers it on this question (issue 60). */
  readonly assistant?: {
    readonly api: CandidateAssistantApi;
    readonly policy: Exclude<AiPolicy, 'none'>;
    readonly budget: AssistantBudget;
    /** Messages sent on this question before the page loaded. */
    readonly messages: number;
    /** Why it cannot answer now (the server's sentence); null when it can. */
    readonly unavailable: string | null;
  };
  /** Authorship follow-ups, when the attempt asks them (issue 60): the question's "Submit this answer" and its panel. */
  readonly followUps?: Omit<FollowUpHooks, 'questionId'>;
}

/** What the follow-up panel needs from the page (docs/ai.md "Authorship follow-ups"). */
export interface FollowUpHooks {
  readonly api: CandidateFollowUpsApi;
  readonly questionId: number;
  /** How many follow-ups the attempt asks per submitted answer, and the seconds of each. */
  readonly count: number;
  readonly seconds: number;
  /** Sends the page's unsaved answers: the server reads the submitted answer from what is saved. */
  flush(): Promise<unknown>;
}
