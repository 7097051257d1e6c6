import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A chat message as the chat-completions protocol carries it. */
export interface PeerMessage {
  readonly role: string;
  readonly content: string;
}

/** One chat-completions request the peer received, parsed. */
export interface PeerChatRequest {
  readonly model: string;
  readonly messages: readonly PeerMessage[];
  readonly stream: boolean;
  readonly body: Record<string, unknown>;
  readonly headers: IncomingHttpHeaders;
}

/**
 * What the peer does with one request: answer `text` (streamed when asked, split into tokens of `tokenChars`), fail
 * with an HTTP status (and Retry-After), cut the connection after some of the text, or never answer.
 */
export type PeerReply =
  | { readonly text: string }
  | { readonly status: number; readonly message?: string; readonly retryAfterSeconds?: number }
  | { readonly text: string; readonly cutAfterChars: number }
  | { readonly hang: true };

export interface OpenAiPeerOptions {
  /** The model the peer serves (listed by /v1/models, named in every chunk). Default `peer-model`. */
  readonly model?: string;
  /** When set, requests without `Authorization: Bearer <apiKey>` answer 401 as real servers do. */
  readonly apiKey?: string;
  /** What to answer; default an explanation that names the request's last user message's length. */
  readonly reply?: (request: PeerChatRequest) => PeerReply;
  /** Milliseconds before the first chunk (the model's own time to first token). Default 0. */
  readonly firstTokenDelayMs?: number;
  /** Milliseconds between chunks. Default 0. */
  readonly tokenDelayMs?: number;
  /** Characters per streamed chunk. Default 4 (about a token). */
  readonly tokenChars?: number;
}

export interface OpenAiPeer {
  /** http://127.0.0.1:PORT/v1 — what ASSAY_AI_BASE_URL names. */
  readonly baseUrl: string;
  readonly model: string;
  /** Every chat-completions request received, in order of arrival. */
  readonly requests: PeerChatRequest[];
  /** Requests being answered now, and the most there ever were at once. */
  readonly inFlight: () => number;
  readonly maxInFlight: () => number;
  /** Replaces what the peer answers from now on. */
  setReply(reply: (request: PeerChatRequest) => PeerReply): void;
  /** Replaces the delays from now on. */
  setDelays(delays: { firstTokenDelayMs?: number; tokenDelayMs?: number }): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Tokens as servers without a tokenizer at hand estimate them: a token per four characters. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

const defaultReply = (request: PeerChatRequest): PeerReply => {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  return { text: `I read your message of ${last?.content.length ?? 0} characters. Think about the empty input first.` };
};

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 (`/v1/chat/completions`, `/v1/models`), for suites that
 * need a model: no model is reachable where the tests run. It streams as real servers (OpenAI, vLLM, llama.cpp's
 * server, Ollama) do — `text/event-stream`, a role chunk, content chunks, a finish chunk, a usage chunk when
 * `stream_options.include_usage` asks for it, then `data: [DONE]` — and writes each event in two pieces so that a
 * client which assumes one event per read fails here as it would on a real network. It records what it was sent, can
 * be slow, fail with any status, cut a stream, or never answer.
 */
export const startOpenAiPeer = async (options: OpenAiPeerOptions = {}): Promise<OpenAiPeer> => {
  const model = options.model ?? 'peer-model';
  let reply = options.reply ?? defaultReply;
  let firstTokenDelayMs = options.firstTokenDelayMs ?? 0;
  let tokenDelayMs = options.tokenDelayMs ?? 0;
  const tokenChars = options.tokenChars ?? 4;
  const requests: PeerChatRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlight = 0;
  let serial = 0;

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const writeEvent = async (response: ServerResponse, data: string) => {
    const event = `data: ${data}\n\n`;
    const half = Math.max(1, Math.floor(event.length / 2));
    response.write(event.slice(0, half));
    await sleep(0);
    response.write(event.slice(half));
  };

  const answer = async (request: PeerChatRequest, response: ServerResponse) => {
    const chosen = reply(request);
    if ('hang' in chosen) return;
    if ('status' in chosen) {
      const headers: Record<string, string> = chosen.retryAfterSeconds === undefined ? {} : { 'retry-after': String(chosen.retryAfterSeconds) };
      json(response, chosen.status, { error: { message: chosen.message ?? `peer failed with ${chosen.status}`, type: 'peer_error', code: null } }, headers);
      return;
    }
    serial += 1;
    const id = `chatcmpl-peer-${serial}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = tokensOf(request.messages.map((message) => message.content).join('\n'));
    const usage = { prompt_tokens: promptTokens, completion_tokens: tokensOf(chosen.text), total_tokens: promptTokens + tokensOf(chosen.text) };
    await sleep(firstTokenDelayMs);
    if (!request.stream) {
      json(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: chosen.text }, finish_reason: 'stop', logprobs: null }],
        usage,
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] });
    await writeEvent(response, chunk({ role: 'assistant', content: '' }, null));
    const limit = 'cutAfterChars' in chosen ? chosen.cutAfterChars : chosen.text.length;
    for (let at = 0; at < Math.min(limit, chosen.text.length); at += tokenChars) {
      if (at > 0) await sleep(tokenDelayMs);
      await writeEvent(response, chunk({ content: chosen.text.slice(at, Math.min(at + tokenChars, limit)) }, null));
    }
    if ('cutAfterChars' in chosen) {
      // What was written goes out, then the connection closes with no finish chunk and no [DONE].
      response.socket?.end();
      return;
    }
    await writeEvent(response, chunk({}, 'stop'));
    const streamOptions = request.body.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) await writeEvent(response, JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }));
    await writeEvent(response, '[DONE]');
    response.end();
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (part: Buffer) => chunks.push(part));
    incoming.on('end', () => {
      const path = (incoming.url ?? '').split('?')[0];
      if (options.apiKey !== undefined && incoming.headers.authorization !== `Bearer ${options.apiKey}`) {
        json(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
        return;
      }
      if (incoming.method === 'GET' && path === '/v1/models') {
        json(response, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'peer' }] });
        return;
      }
      if (incoming.method !== 'POST' || path !== '/v1/chat/completions') {
        json(response, 404, { error: { message: `No route ${incoming.method} ${path}`, type: 'not_found' } });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        json(response, 400, { error: { message: 'The body is not valid JSON.', type: 'invalid_request_error' } });
        return;
      }
      const request: PeerChatRequest = {
        model: String(body.model ?? ''),
        messages: Array.isArray(body.messages) ? (body.messages as PeerMessage[]) : [],
        stream: body.stream === true,
        body,
        headers: incoming.headers,
      };
      requests.push(request);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        inFlight -= 1;
      };
      response.on('close', settle);
      answer(request, response).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    setReply: (next) => {
      reply = next;
    },
    setDelays: (delays) => {
      firstTokenDelayMs = delays.firstTokenDelayMs ?? firstTokenDelayMs;
      tokenDelayMs = delays.tokenDelayMs ?? tokenDelayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
