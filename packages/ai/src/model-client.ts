import type { ModelConnection } from '@assay/config';
import OpenAI from 'openai';
import { isRetryable, ModelFailure, modelFailureOf } from './model-failure.js';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** True when the server sent no usage and the counts are estimated (a token per four characters). */
  readonly estimated: boolean;
}

export interface ChatAnswer {
  readonly text: string;
  readonly usage: ChatUsage;
  /** The model the server says answered (it may differ from the one asked, e.g. an alias). */
  readonly model: string;
  /** `stop`, `length` (cut at maxTokens), or null when the server did not say. */
  readonly finishReason: string | null;
  /** Milliseconds from sending (the last try) to the first piece of text. */
  readonly firstTokenMs: number | undefined;
}

export interface ChatOptions {
  readonly signal?: AbortSignal;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Each piece of the reply as it streams in; never called again after the promise settles. */
  readonly onText?: (piece: string) => void;
}

/** What a probe found: the model answers (and whether the server lists it), or why not. */
export type ModelProbe =
  | { readonly answers: true; readonly model: string; readonly listed: boolean | undefined }
  | { readonly answers: false; readonly model: string; readonly failure: { readonly kind: ModelFailure['kind']; readonly message: string } };

export interface ModelClientOptions {
  /** The fetch the client sends with (tests use the global one against a real peer). */
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

/** One try's failure, and whether part of the reply had already gone to the caller (then it is never tried again). */
class TryFailed {
  constructor(
    readonly failure: ModelFailure,
    readonly streamed: boolean,
  ) {}
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The operator's model through the official `openai` client, which speaks to any OpenAI-compatible server. Every chat
 * streams, so the time to the first token is known and a model that goes silent is given up on after
 * ASSAY_AI_TIMEOUT_MS (to connect, to a first token, between tokens), not only before its headers. Load failures (429,
 * 5xx) and unreachable servers are tried again up to ASSAY_AI_MAX_RETRIES times, honouring Retry-After up to that
 * same timeout (a model asking for an hour is answered "busy" now, not waited for), and only while nothing has been
 * streamed: a reply is never sent twice. The API key is sent and never shown (it is a Secret until here).
 */
export class ModelClient {
  readonly #connection: ModelConnection;
  readonly #client: OpenAI;
  readonly #now: () => number;

  constructor(connection: ModelConnection, options: ModelClientOptions = {}) {
    this.#connection = connection;
    this.#now = options.now ?? Date.now;
    this.#client = new OpenAI({
      baseURL: connection.baseUrl,
      // Local servers take any key; the client insists on one.
      apiKey: connection.apiKey?.reveal() ?? 'no-key',
      maxRetries: 0,
      timeout: connection.timeoutMs,
      logLevel: 'off',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  get model(): string {
    return this.#connection.model;
  }

  async chat(messages: readonly ChatMessage[], options: ChatOptions = {}): Promise<ChatAnswer> {
    const caller = options.signal ?? new AbortController().signal;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.#chatOnce(messages, options, caller);
      } catch (error) {
        if (!(error instanceof TryFailed)) throw error;
        const { failure, streamed } = error;
        if (streamed || !isRetryable(failure) || attempt >= this.#connection.maxRetries) throw failure;
        const delay = failure.retryAfterMs ?? Math.min(500 * 2 ** attempt, 8_000);
        if (delay > this.#connection.timeoutMs) throw failure;
        await wait(delay, caller).catch(() => {
          throw new ModelFailure('cancelled', 'The request to the model was cancelled.');
        });
      }
    }
  }

  /**
   * Whether the model answers now, for the start banner and /readyz: the server's model list (one cheap request), or
   * where a server has none (404), a one-token chat. A listed model set that lacks ours is said, not failed: aliases
   * and hosted routers answer for models they do not list.
   */
  async probe(signal?: AbortSignal): Promise<ModelProbe> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#connection.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const page = await this.#client.models.list({ signal: controller.signal });
      const listed = page.data.map((model) => model.id);
      return { answers: true, model: this.model, listed: listed.includes(this.model) };
    } catch (error) {
      const failure = modelFailureOf(error, this.#now(), { timedOut: controller.signal.aborted && !signal?.aborted, cancelled: signal?.aborted ?? false });
      if (failure.kind !== 'refused' || failure.status !== 404)
        return { answers: false, model: this.model, failure: { kind: failure.kind, message: failure.message } };
      try {
        await this.chat([{ role: 'user', content: 'ping' }], { maxTokens: 1, signal: controller.signal });
        return { answers: true, model: this.model, listed: undefined };
      } catch (chatError) {
        const chatFailure = chatError instanceof ModelFailure ? chatError : modelFailureOf(chatError, this.#now(), { timedOut: false, cancelled: false });
        return { answers: false, model: this.model, failure: { kind: chatFailure.kind, message: chatFailure.message } };
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async #chatOnce(messages: readonly ChatMessage[], options: ChatOptions, caller: AbortSignal): Promise<ChatAnswer> {
    const own = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        own.abort();
      }, this.#connection.timeoutMs);
    };
    const onCallerAbort = () => own.abort();
    caller.addEventListener('abort', onCallerAbort, { once: true });
    const started = this.#now();
    let text = '';
    let firstTokenMs: number | undefined;
    try {
      if (caller.aborted) throw new ModelFailure('cancelled', 'The request to the model was cancelled.');
      quiet();
      const stream = await this.#client.chat.completions.create(
        {
          model: this.#connection.model,
          messages: messages.map(({ role, content }) => ({ role, content })),
          stream: true,
          stream_options: { include_usage: true },
          ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        },
        { signal: own.signal },
      );
      let usage: ChatUsage | undefined;
      let model = this.#connection.model;
      let finishReason: string | null = null;
      for await (const chunk of stream) {
        quiet();
        if (chunk.model) model = chunk.model;
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, estimated: false };
        const choice = chunk.choices[0];
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        const piece = choice?.delta?.content;
        if (piece) {
          firstTokenMs ??= this.#now() - started;
          text += piece;
          options.onText?.(piece);
        }
      }
      // The client ends its stream quietly when the request is aborted, and so does a connection closed early:
      // neither is an answer.
      if (own.signal.aborted) throw new Error('aborted');
      if (finishReason === null) throw new ModelFailure('unreachable', 'The model stopped before finishing its reply (the stream ended early).');
      return {
        text,
        model,
        finishReason,
        firstTokenMs,
        usage: usage ?? {
          promptTokens: estimateTokens(messages.map((message) => message.content).join('\n')),
          completionTokens: estimateTokens(text),
          estimated: true,
        },
      };
    } catch (error) {
      // Once text has gone to the caller the reply cannot be asked again: the failure is final.
      throw new TryFailed(modelFailureOf(error, this.#now(), { timedOut, cancelled: caller.aborted }), text.length > 0);
    } finally {
      clearTimeout(timer);
      caller.removeEventListener('abort', onCallerAbort);
    }
  }
}
