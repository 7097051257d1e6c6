import {
  admitAssistantMessage,
  assistantOfferFor,
  assistantOfferedOn,
  assistantRequestOf,
  attemptAiPolicyOf,
  conversationOf,
  insertionAdmission,
  MAX_ASSISTANT_INSERTIONS,
  remainingOf,
  STALE_PENDING_MS,
  type AssistantConversation,
  type AssistantInsertionInput,
  type AssistantInsertionRecorded,
  type AssistantMessageInput,
  type AssistantModelStatus,
  type AssistantRemaining,
  type AttemptAiSnapshot,
} from '@assay/domain/ai';
import type { QuestionDefinition, QuestionRecord } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import type { AttemptContext, Store } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';
import { ASSISTANT_WAITING_LINE, type AssistantModel } from '../ai/assistant-model.js';
import type { ExchangeEnd, PreparedExchange } from './assistant-exchange.js';

/** How long a candidate refused for a full waiting line is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/** An asked question of a running attempt (the attempt routes' refusals: 403.13, 403.11, 404.8). */
export type AskedQuestion = (token: string, questionId: number) => Promise<{ context: AttemptContext; question: QuestionRecord }>;

const NO_MODEL: AssistantModelStatus = { configured: false };

/** The language the candidate's answer is in: the one they name if the question takes it, else the saved one, else the first. */
const languageOf = (definition: QuestionDefinition, named: LanguageId | undefined, saved: string | null | undefined): LanguageId | undefined => {
  if (definition.type !== 'coding') return undefined;
  const takes = (language: string | null | undefined): language is LanguageId =>
    language !== null && language !== undefined && (definition.languages as string[]).includes(language);
  return takes(named) ? named : takes(saved) ? saved : definition.languages[0];
};

/**
 * The candidate's side of the assistant (docs/ai.md, "The assistant's API"): admits a message (the attempt's snapshot,
 * the org's switch, the model, one at a time, the budget), stores it and prepares what the model is sent; records how
 * it ended; reads the conversation; records insertions. The domain decides each refusal; this gathers the facts.
 */
export class CandidateAssistant {
  constructor(
    private readonly store: Store,
    private readonly asked: AskedQuestion,
    private readonly model: AssistantModel | undefined,
    private readonly now: () => number,
  ) {}

  /** Admits and stores a message; the caller runs the exchange and then `finish`es it. */
  async prepare(token: string, questionId: number, input: AssistantMessageInput): Promise<PreparedExchange> {
    const { context, question } = await this.asked(token, questionId);
    const { invitation } = context;
    const snapshot = await this.store.assistant.snapshotOf(invitation.id);
    const policy = attemptAiPolicyOf(snapshot, question.sectionId);
    const orgOn = (await this.store.assistant.orgSwitch(invitation.orgId)) ?? false;
    unwrap(assistantOfferFor(policy, question.definition.type, orgOn, this.model?.status.current() ?? NO_MODEL));
    // Offered means a snapshot holds a policy that offers it, and a model is there.
    const fixed = snapshot as AttemptAiSnapshot;
    const model = this.model as AssistantModel;
    if (model.gate.waiting >= ASSISTANT_WAITING_LINE)
      throw refusal(
        'server-busy',
        'The assistant has too many messages waiting for its model; try again in a moment. Your test goes on.',
        BUSY_RETRY_AFTER_SECONDS,
      );
    const at = this.now();
    const admission = unwrap(admitAssistantMessage(fixed.settings, await this.store.assistant.usageOf(invitation.id), at));
    const saved =
      input.shareAnswer && input.answer === undefined
        ? (await this.store.attempts.answers(invitation.id)).find((row) => row.questionId === questionId)
        : undefined;
    const savedAnswer = saved?.answer;
    const shared = !input.shareAnswer
      ? undefined
      : (input.answer ?? (savedAnswer && 'code' in savedAnswer ? savedAnswer.code : savedAnswer && 'text' in savedAnswer ? savedAnswer.text : undefined) ?? '');
    const language = languageOf(question.definition, input.language, savedAnswer && 'language' in savedAnswer ? savedAnswer.language : undefined);
    const definition = question.definition;
    const history = await this.store.assistant.messagesOf(invitation.id, questionId);
    const request = assistantRequestOf({
      policy: policy as 'guarded' | 'open',
      question: {
        text: definition.text,
        type: definition.type,
        ...(language ? { language } : {}),
        ...(definition.type === 'coding' && 'functionName' in definition && definition.functionName ? { functionName: definition.functionName } : {}),
      },
      sharedAnswer: shared,
      history,
      message: input.message,
    });
    const stored = await this.store.assistant.begin(
      invitation.id,
      {
        questionId,
        askedAt: at,
        text: input.message,
        sharedAnswer: shared !== undefined,
        answerChars: shared?.length ?? 0,
        policy,
        policyVersion: fixed.version,
      },
      admission.failStalePending ? at - STALE_PENDING_MS : undefined,
    );
    // Another message of the attempt was stored between the count and the write (two tabs): one at a time.
    if (!stored)
      throw refusal(
        'assistant-message-in-flight',
        'The assistant is still answering your last message: wait for its reply (or its end) before sending another.',
      );
    return { invitation, question: definition, language, policy: policy as 'guarded' | 'open', request, stored, maxReplyTokens: admission.maxReplyTokens };
  }

  /** Stores how the message ended; answers what remains of the budget. */
  async finish(prepared: PreparedExchange, end: ExchangeEnd): Promise<AssistantRemaining> {
    await this.store.assistant.finish(prepared.stored.messageId, end.outcome);
    return this.remaining(prepared.invitation.id);
  }

  async remaining(invitationId: number): Promise<AssistantRemaining> {
    const snapshot = await this.store.assistant.snapshotOf(invitationId);
    if (!snapshot) return { messages: 0, tokens: 0 };
    return remainingOf(snapshot.settings, await this.store.assistant.usageOf(invitationId));
  }

  /** The conversation so far on a question, as the candidate saw it (a reloaded page). */
  async conversation(token: string, questionId: number): Promise<AssistantConversation> {
    const { context, question } = await this.asked(token, questionId);
    const id = context.invitation.id;
    const [snapshot, messages, insertions, remaining] = await Promise.all([
      this.store.assistant.snapshotOf(id),
      this.store.assistant.messagesOf(id, questionId),
      this.store.assistant.insertionsOf(id),
      this.remaining(id),
    ]);
    const aiPolicy = attemptAiPolicyOf(snapshot, question.sectionId);
    return conversationOf({ questionId, aiPolicy, offered: assistantOfferedOn(aiPolicy, question.definition.type) }, messages, insertions, remaining);
  }

  /** An insertion from an answered reply on this question into the candidate's answer, stamped now. */
  async insert(token: string, questionId: number, input: AssistantInsertionInput): Promise<AssistantInsertionRecorded> {
    const { context } = await this.asked(token, questionId);
    const id = context.invitation.id;
    const [messages, recorded] = await Promise.all([this.store.assistant.messagesOf(id, questionId), this.store.assistant.insertionCount(id)]);
    unwrap(
      insertionAdmission(
        messages.find((message) => message.messageId === input.messageId),
        recorded,
        MAX_ASSISTANT_INSERTIONS,
      ),
    );
    const at = this.now();
    // Two insertions at once may take the same number: the second tries once more with the next.
    const made =
      (await this.store.assistant.recordInsertion(id, questionId, input, at)) ?? (await this.store.assistant.recordInsertion(id, questionId, input, at));
    if (!made) throw refusal('state-conflict', 'Another insertion was being recorded at the same moment; send this one again.');
    return { insertionId: made.insertionId, messageId: made.messageId, questionId, at: new Date(at).toISOString() };
  }
}
