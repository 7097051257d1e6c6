import type { Generated } from 'kysely';

// The assistant's transcript (migration 054; docs/ai.md, "The transcript"): what a candidate asked, what the model
// answered, what was inserted from it.

/** One message to the assistant and its reply; `state` is the domain's `AssistantMessageState`. */
export interface AssistantMessagesTable {
  id: Generated<number>;
  invitation_id: number;
  question_id: number;
  /** Its number among the attempt's messages, from 1. */
  seq: number;
  asked_at: number;
  message: string;
  /** 1: the candidate shared their answer with this message. */
  shared_answer: number;
  answer_chars: number;
  state: string;
  /** The reply as it came (a withheld one too), cut at MAX_STORED_REPLY_CHARS; null while pending or when none came. */
  reply: string | null;
  withheld_reason: string | null;
  /** The sentence the candidate saw when the model did not answer. */
  failure: string | null;
  model: string | null;
  policy: string;
  policy_version: string;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** 1: the model's server sent no usage, and tokens were estimated. */
  tokens_estimated: Generated<number>;
  first_token_ms: number | null;
  answered_at: number | null;
}

/** One insertion from a reply into the candidate's answer. */
export interface AssistantInsertionsTable {
  id: Generated<number>;
  invitation_id: number;
  question_id: number;
  message_id: number;
  seq: number;
  at: number;
  chars: number;
  line: number;
  col: number;
}
