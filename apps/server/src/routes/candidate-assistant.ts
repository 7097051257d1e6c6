import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@assay/domain';
import { AssistantConversation, AssistantInsertionInput, AssistantInsertionRecorded, AssistantMessageInput } from '@assay/domain/ai';
import { FailureEnvelope, succeed } from '@assay/domain/v2';
import type { CodeRunner } from '@assay/sandbox';
import type { AssistantModel } from '../ai/assistant-model.js';
import { runExchange, type AssistantEvent } from '../candidate/assistant-exchange.js';
import type { CandidateAssistant } from '../candidate/candidate-assistant.js';
import { envelopeResponses } from './responses.js';

export interface CandidateAssistantRouteOptions {
  assistant: CandidateAssistant;
  model: AssistantModel | undefined;
  runner: CodeRunner;
  now: () => number;
}

const TokenParams = z.object({ token: z.string().min(1).max(200) });
const QuestionParams = TokenParams.extend({ questionId: IdParam });
const tags = ['candidate'];

/** A comment line on a quiet stream, so proxies do not close it while the message waits for the model. */
const KEEP_ALIVE_MS = 15_000;

const STREAM_DESCRIPTION = [
  'Sends the candidate\'s message to the assistant on the operator\'s model and streams its reply as server-sent events (docs/ai.md, "Sending a message").',
  'Refusals come first, as the envelope: 403.71 (not offered on this question: its policy, a choice question under guarded, the org switched it off), 429.71 (the attempt’s budget is spent), 409.71 (a message of the attempt is still being answered), 503.71 (no model configured, with Retry-After), 503.2 (the waiting line is full), and the attempt routes’ 403.13, 403.11, 404.8.',
  'Accepted, the answer is `text/event-stream`: `accepted` {messageId, questionId, aiPolicy, policyVersion}; `delta` {text} for each piece of the reply; `checking` {} when a guarded reply is held for its check; `withheld` {reason, message} when it carried a solution; then `done` {messageId, state, model, usage, remaining} or `error` {messageId, kind, message, remaining}.',
  'The model sees the policy’s system prompt, the question as JSON data, the candidate’s earlier messages on this question, and their answer only when `shareAnswer` is true; never the hidden tests, other questions or other candidates. Closing the connection cancels the model’s request.',
].join(' ');

/** The event stream's framing: one event, its data one line of JSON. */
const frame = ({ event, data }: AssistantEvent): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The assistant's candidate routes (issue 60, docs/ai.md): a message answered as a stream, the conversation so far, insertions. */
export const candidateAssistantRoutes: FastifyPluginAsyncZod<CandidateAssistantRouteOptions> = async (app, { assistant, model, runner, now }) => {
  app.post(
    '/:token/assistant/:questionId',
    {
      schema: {
        tags,
        summary: 'Ask the AI assistant about a question (a stream of server-sent events)',
        description: STREAM_DESCRIPTION,
        params: QuestionParams,
        body: AssistantMessageInput,
        response: {
          200: z.any().meta({
            description: 'The reply as server-sent events: accepted, delta…, checking, withheld, then done or error (docs/ai.md).',
            content: { 'text/event-stream': { schema: { type: 'string', description: 'event: <name>\\ndata: <JSON>\\n\\n, repeated' } } },
          }),
          '4xx': FailureEnvelope,
          '5xx': FailureEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { token, questionId } = request.params;
      // Every refusal is thrown from here, before a byte of the stream: the candidate API's envelope answers it.
      const prepared = await assistant.prepare(token, questionId, request.body);
      const stream = new PassThrough();
      const cancel = new AbortController();
      let finished = false;
      reply.raw.once('close', () => {
        if (!finished) cancel.abort();
      });
      const emit = (event: AssistantEvent) => {
        if (!stream.writableEnded) stream.write(frame(event));
      };
      const keepAlive = setInterval(() => stream.write(': waiting\n\n'), KEEP_ALIVE_MS);
      const { stored } = prepared;
      emit({ event: 'accepted', data: { messageId: stored.messageId, questionId, aiPolicy: stored.policy, policyVersion: stored.policyVersion } });
      void (async () => {
        try {
          const end = await runExchange(model as AssistantModel, runner, prepared, emit, cancel.signal, now);
          const remaining = await assistant.finish(prepared, end);
          const { outcome } = end;
          if (end.failureKind)
            emit({
              event: 'error',
              data: { messageId: stored.messageId, kind: end.failureKind, message: outcome.failure ?? 'The message was cancelled.', remaining },
            });
          else
            emit({
              event: 'done',
              data: {
                messageId: stored.messageId,
                state: outcome.state,
                model: outcome.model,
                usage: { promptTokens: outcome.promptTokens, completionTokens: outcome.completionTokens, estimated: outcome.tokensEstimated },
                remaining,
              },
            });
        } catch (error) {
          // A bug or the database: the candidate is told plainly; the message stays pending until it is failed as stale.
          request.log.error({ err: error }, 'assistant exchange failed');
          emit({
            event: 'error',
            data: { messageId: stored.messageId, kind: 'internal', message: 'The assistant failed on our side; try again. Your test goes on.' },
          });
        } finally {
          finished = true;
          clearInterval(keepAlive);
          stream.end();
        }
      })();
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(stream);
    },
  );

  app.get(
    '/:token/assistant/:questionId',
    {
      schema: {
        tags,
        summary: 'The conversation with the AI assistant on a question so far (a reloaded page)',
        description: 'Oldest first; a withheld reply reads as the sentence the candidate was shown, never its text. docs/ai.md.',
        params: QuestionParams,
        response: envelopeResponses(AssistantConversation),
      },
    },
    async (request) => succeed(await assistant.conversation(request.params.token, request.params.questionId)),
  );

  app.post(
    '/:token/assistant/:questionId/insertions',
    {
      schema: {
        tags,
        summary: "Record an insertion from the assistant's reply into the candidate's answer",
        description:
          'The page calls it when the candidate inserts from an answered reply (one click): how many characters, where (line and column from 1); the server stamps the time. 404.71 for a messageId that is not an answered reply on this question; 429.71 past 1,000 insertions an attempt.',
        params: QuestionParams,
        body: AssistantInsertionInput,
        response: envelopeResponses(AssistantInsertionRecorded),
      },
    },
    async (request) => succeed(await assistant.insert(request.params.token, request.params.questionId, request.body)),
  );
};
