import {
  MAX_STORED_REPLY_CHARS,
  ReplyHold,
  WITHHELD_SOLUTION_MESSAGE,
  WITHHELD_UNCHECKED_MESSAGE,
  type AssistantChatMessage,
  type AssistantMessageOutcome,
  type AssistantMessageRecord,
  type AssistantStreamEvent,
  type WithheldReason,
} from '@assay/domain/ai';
import type { Invitation, QuestionDefinition } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import type { CodeRunner } from '@assay/sandbox';
import type { ChatAnswer, GateClosed, ModelFailure } from '@assay/ai';
import type { AssistantModel } from '../ai/assistant-model.js';
import { CHECK_BUDGET_MS, checkAsksTheModel, checkGuardedReply, holdModeOf } from './guarded-reply-check.js';

/** The events of the assistant's stream (docs/ai.md, "Sending a message"). */
/** One event of the reply's stream: the domain's schema, which the candidate page's client decodes (decision 1182). */
export type AssistantEvent = AssistantStreamEvent;

/** Everything one message needs once it is admitted and stored. */
export interface PreparedExchange {
  readonly invitation: Pick<Invitation, 'id' | 'orgId' | 'testId' | 'testLinkId'>;
  readonly question: QuestionDefinition;
  readonly language: LanguageId | undefined;
  readonly policy: 'guarded' | 'open';
  readonly request: AssistantChatMessage[];
  readonly stored: AssistantMessageRecord;
  readonly maxReplyTokens: number;
}

/** How the exchange ended, for the store and the `done`/`error` event. */
export type ExchangeEnd = { readonly outcome: AssistantMessageOutcome; readonly failureKind?: string };

const WITHHELD_MESSAGE: Record<WithheldReason, string> = { solution: WITHHELD_SOLUTION_MESSAGE, unchecked: WITHHELD_UNCHECKED_MESSAGE };

/** What the candidate reads when the model does not answer: plain, and the test goes on (issue 60, item 2). */
const failureSentence = (kind: string): string =>
  kind === 'busy'
    ? 'The assistant is busy with other candidates right now; try again in a minute. Your test goes on and nothing is lost.'
    : kind === 'timeout'
      ? 'The assistant took too long to answer; try again. Your test goes on and nothing is lost.'
      : kind === 'cancelled'
        ? 'The message was cancelled before the assistant answered.'
        : 'The assistant could not answer just now (its model is unavailable); try again later. Your test goes on and nothing is lost.';

// By name, not instanceof: importing @assay/ai's classes here would load the openai client at every start.
const isGateClosed = (error: unknown): error is GateClosed => error instanceof Error && error.name === 'GateClosed';
const isModelFailure = (error: unknown): error is ModelFailure => error instanceof Error && error.name === 'ModelFailure';

const cut = (text: string) => (text.length > MAX_STORED_REPLY_CHARS ? text.slice(0, MAX_STORED_REPLY_CHARS) : text);

/**
 * One message answered (decision 1162): a place at the model through the fair gate (org, then attempt), the reply
 * streamed through the hold of its policy, the guarded check, and how it ended. Emits the stream's events; never
 * throws for the model's failures (they end in `error`, the message kept with the failure).
 */
export const runExchange = async (
  model: AssistantModel,
  runner: CodeRunner,
  prepared: PreparedExchange,
  emit: (event: AssistantEvent) => void,
  signal: AbortSignal,
  now: () => number,
): Promise<ExchangeEnd> => {
  const { invitation, question, policy } = prepared;
  const hold = new ReplyHold(holdModeOf(policy, question));
  let text = '';
  let released = 0;
  const waitStarted = now();
  let release: (() => void) | undefined;
  try {
    release = await model.gate.enter(`org:${invitation.orgId}`, `attempt:${invitation.id}`, signal);
    model.observe.waited((now() - waitStarted) / 1000);
    const answer: ChatAnswer = await model.client.chat(prepared.request, {
      signal,
      maxTokens: prepared.maxReplyTokens,
      onText: (piece) => {
        text += piece;
        const step = hold.feed(piece);
        if (step.release) {
          released += step.release.length;
          emit({ event: 'delta', data: { text: step.release } });
        }
        if (step.startedHolding) emit({ event: 'checking', data: {} });
      },
    });
    model.status.noteAnswered();
    if (answer.firstTokenMs !== undefined) model.observe.firstToken(answer.firstTokenMs / 1000);
    const tail = hold.flush();
    if (tail) {
      released += tail.length;
      emit({ event: 'delta', data: { text: tail } });
    }
    // The model's place goes to the next candidate as soon as the reply is in, unless the check asks the model itself
    // (an essay): a coding reply's check runs in the sandbox for up to CHECK_BUDGET_MS, and held the place that long,
    // so with ASSAY_AI_MAX_CONCURRENT candidates' replies being checked nobody else got a first token (decision 1351).
    if (!checkAsksTheModel(policy, question)) {
      release();
      release = undefined;
    }
    const withheld =
      policy === 'guarded'
        ? await checkGuardedReply(runner, model.client, {
            ...prepared,
            reply: answer.text,
            signal: AbortSignal.any([signal, AbortSignal.timeout(CHECK_BUDGET_MS)]),
          })
        : null;
    if (withheld) emit({ event: 'withheld', data: { reason: withheld, message: WITHHELD_MESSAGE[withheld] } });
    else if (released < answer.text.length) emit({ event: 'delta', data: { text: answer.text.slice(released) } });
    model.observe.ended(withheld ? 'withheld' : 'answered');
    return {
      outcome: {
        state: withheld ? 'withheld' : 'answered',
        reply: cut(answer.text),
        withheldReason: withheld,
        failure: null,
        model: answer.model,
        promptTokens: answer.usage.promptTokens,
        completionTokens: answer.usage.completionTokens,
        tokensEstimated: answer.usage.estimated,
        firstTokenMs: answer.firstTokenMs === undefined ? null : Math.round(answer.firstTokenMs),
        answeredAt: now(),
      },
    };
  } catch (error) {
    if (!isGateClosed(error) && !isModelFailure(error)) throw error;
    const kind = isGateClosed(error) ? (error.reason === 'full' ? 'busy' : 'cancelled') : error.kind;
    if (isModelFailure(error) && kind !== 'cancelled') model.status.noteFailed(error.message);
    model.observe.ended(kind);
    const partial = text.length > 0;
    return {
      failureKind: kind,
      outcome: {
        state: kind === 'cancelled' ? 'cancelled' : 'failed',
        reply: partial ? cut(text) : null,
        withheldReason: null,
        failure: kind === 'cancelled' ? null : failureSentence(kind),
        model: partial ? model.connection.model : null,
        promptTokens: 0,
        // What streamed was the model's work: it counts, estimated a token per four characters (decision 1168).
        completionTokens: Math.ceil(text.length / 4),
        tokensEstimated: true,
        firstTokenMs: null,
        answeredAt: now(),
      },
    };
  } finally {
    release?.();
  }
};
