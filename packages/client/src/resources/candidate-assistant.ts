import {
  AssistantConversation,
  AssistantInsertionRecorded,
  AssistantStreamEvent,
  type AssistantInsertionInput,
  type AssistantMessageInput,
} from '@assay/domain/ai';
import { EventStreamReader } from '../core/event-stream.js';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/** What `ask` is told as the reply streams: each event of docs/ai.md's table, decoded. */
export interface AskOptions extends Pick<CallOptions, 'signal'> {
  onEvent: (event: AssistantStreamEvent) => void;
}

/**
 * The attempt's AI assistant (`/candidate/v1/{token}/assistant/{questionId}`, docs/ai.md "The assistant's API"): a
 * message answered as a stream of events, the conversation so far, and the record of an insertion into the answer.
 */
export class CandidateAssistantApi {
  constructor(
    private readonly transport: Transport,
    private readonly base: string,
  ) {}

  /**
   * Sends a message and reads the reply's events as they come (`onEvent`), resolving after the last. Refusals before
   * the stream (403.71, 429.71, 409.71, 503.71, 503.2) throw as AssayApiError; a POST, so never retried. Aborting
   * `signal` closes the stream: the server cancels the model's request and keeps the message as cancelled.
   */
  async ask(questionId: number, input: AssistantMessageInput, { onEvent, signal }: AskOptions): Promise<void> {
    const download = await this.transport.download(
      { method: 'POST', path: `${this.base}/${segment(questionId)}`, body: input, credential: 'none' },
      { retries: 0, ...(signal ? { signal } : {}) },
    );
    const reader = new EventStreamReader();
    const decoder = new TextDecoder();
    const deliver = (text: string) => {
      for (const { event, data } of reader.feed(text)) {
        let json: unknown;
        try {
          json = JSON.parse(data) as unknown;
        } catch {
          continue;
        }
        const decoded = AssistantStreamEvent.safeParse({ event, data: json });
        // An event this client does not know is a newer server's: skipped, as the stream's readers agree.
        if (decoded.success) onEvent(decoded.data);
      }
    };
    const source = download.stream.getReader();
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      deliver(decoder.decode(value, { stream: true }));
    }
    deliver(`${decoder.decode()}\n\n`);
  }

  /** The conversation on a question so far, oldest first (a reloaded page). */
  conversation(questionId: number, options?: CallOptions): Promise<AssistantConversation> {
    return this.transport.json({ method: 'GET', path: `${this.base}/${segment(questionId)}`, credential: 'none' }, AssistantConversation, options);
  }

  /** Records an insertion from an answered reply into the answer: its size and where it starts (line and column from 1). */
  recordInsertion(questionId: number, insertion: AssistantInsertionInput, options?: CallOptions): Promise<AssistantInsertionRecorded> {
    return this.transport.json(
      { method: 'POST', path: `${this.base}/${segment(questionId)}/insertions`, body: insertion, credential: 'none' },
      AssistantInsertionRecorded,
      options,
    );
  }
}
