import type { CandidateRuns } from '@assay/client';
import type { Answer } from '../answers.js';

/** What a question needs from the page. */
export interface QuestionContext {
  /** The answer to show. */
  readonly answer: Answer | undefined;
  /** An edit; `debounceMs` when more keystrokes are likely to follow. */
  onChange(answer: Answer, debounceMs?: number): void;
  /** The attempt's runs: sample tests and custom input, started, followed and cancelled. */
  readonly runs: Pick<CandidateRuns, 'start' | 'get' | 'cancel'>;
}
