import { performance } from 'node:perf_hooks';
import type { Agent } from 'undici';
import { parseCallbackUrl } from './callback-url.js';
import { BlockedAddressError, createGuardedConnector } from './guarded-connector.js';
import { systemLookup, type HostLookup } from './host-check.js';
import { parseRetryAfter } from './retry-after.js';
import { loadUndici } from './undici.js';

export interface DeliveryRequest {
  readonly url: string;
  /** POST by default; Greenhouse's "test completed" is a PATCH without a body. */
  readonly method?: 'POST' | 'PATCH';
  /** Sent byte for byte: it is what the signature headers cover. Null: no body (and no content-type). */
  readonly body: string | null;
  readonly headers: Readonly<Record<string, string>>;
  /** The whole exchange: connect, headers and body. Default 15 s. */
  readonly timeoutMs?: number;
  readonly allowPrivate: boolean;
  /** Replaces the system resolver, for tests: the addresses it gives are checked and connected to. */
  readonly lookup?: HostLookup;
}

export interface DeliveryResult {
  /** delivered: stop, it arrived. gone: stop, the receiver answered 410. retry: schedule another attempt. */
  readonly outcome: 'delivered' | 'retry' | 'gone';
  readonly status?: number;
  readonly latencyMs: number;
  readonly error?: string;
  readonly retryAfterMs?: number;
  readonly connectedAddress?: string;
  /** Refused by the URL or address policy before anything was sent. */
  readonly blocked?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const USER_AGENT = 'Assay-Webhooks/1';
/** Enough for any receiver's acknowledgement or error page; a body that streams on is cut off. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_EXCERPT_CHARS = 200;
/**
 * undici's own connect, headers and body timeouts are per phase; the abort timer below is what bounds the
 * whole exchange. Theirs are set a little later so they only ever act as a backstop and never race it.
 */
const BACKSTOP_MS = 1_000;

/**
 * The agents of attempts in flight. Each attempt gets its own agent: it is the only way to know which
 * address the request went to, no pooled socket outlives its attempt, and callbacks (one per completed
 * test) are too sparse for connection reuse to matter.
 */
const liveAgents = new Set<Agent>();

/** For shutdown: lets every attempt in flight finish (each is bounded by its timeout), then closes its agent. */
export const closeDeliveryAgents = async (): Promise<void> => {
  await Promise.all([...liveAgents].map((agent) => agent.close()));
};

class DeliveryTimeoutError extends Error {
  override readonly name = 'DeliveryTimeoutError';
}

const causes = (error: unknown): unknown[] => {
  const found: unknown[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (value === undefined || value === null || depth > 5) return;
    found.push(value);
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner, depth + 1);
    if (value instanceof Error) visit(value.cause, depth + 1);
  };
  visit(error, 0);
  return found;
};

const describe = (error: unknown): string => {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describe))].join('; ');
  }
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message || code || error.name;
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
};

const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A printable start of the receiver's answer, for the integrator reading the delivery log. */
const excerpt = (body: Buffer): string =>
  body
    .subarray(0, 4 * MAX_EXCERPT_CHARS)
    .toString('utf8')
    .replace(/[\u0000-\u001f\u007f\ufffd]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_EXCERPT_CHARS);

/**
 * Reads at most `limit` bytes; the rest is never read, and the socket goes with the agent. What arrived
 * before a failure (timeout, reset) is kept, so the log can still show the start of the answer.
 */
const readCapped = async (body: AsyncIterable<Buffer>, limit: number): Promise<{ bytes: Buffer; error?: unknown }> => {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const part = chunk.subarray(0, limit - size);
      chunks.push(part);
      size += part.length;
      if (size >= limit) break;
    }
    return { bytes: Buffer.concat(chunks) };
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error };
  }
};

/** Ours win over the caller's, whatever their case: the receiver must see JSON from Assay (when there is a body). */
const requestHeaders = (headers: Readonly<Record<string, string>>, withBody: boolean): Record<string, string> => {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  if (withBody) merged['content-type'] = 'application/json';
  else delete merged['content-type'];
  merged['user-agent'] = USER_AGENT;
  return merged;
};

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

const classify = (reply: Reply, latencyMs: number, connectedAddress: string | undefined): DeliveryResult => {
  const { status } = reply;
  const base = { status, latencyMs, ...(connectedAddress === undefined ? {} : { connectedAddress }) };
  // Once a 2xx is in, the receiver has the event: a body that then stalls must not cause a duplicate.
  if (status >= 200 && status < 300) return { outcome: 'delivered', ...base };
  if (status === 410) return { outcome: 'gone', ...base, error: 'HTTP 410: the receiver asked for no more deliveries' };
  const retryAfterMs = parseRetryAfter(headerValue(reply.headers['retry-after']), Date.now());
  const withRetryAfter = retryAfterMs === undefined ? base : { ...base, retryAfterMs };
  if (status >= 300 && status < 400) {
    // Following a redirect would let a public URL bounce the request to an internal one.
    const location = headerValue(reply.headers.location);
    const target = location === undefined ? '' : ` to ${location.slice(0, MAX_EXCERPT_CHARS)}`;
    return { outcome: 'retry', ...withRetryAfter, error: `redirects are not followed (HTTP ${status}${target})` };
  }
  const text = excerpt(reply.body);
  return { outcome: 'retry', ...withRetryAfter, error: text === '' ? `HTTP ${status}` : `HTTP ${status}: ${text}` };
};

/**
 * One delivery attempt: a JSON POST to the callback URL (or a bodiless PATCH), over a socket whose address was checked when it
 * was resolved and again once connected. Never throws for anything the network or the receiver does; the
 * result says whether to stop or to retry, and why.
 */
export const deliverWebhook = async (delivery: DeliveryRequest): Promise<DeliveryResult> => {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const timeoutMs = delivery.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);

  const parsed = parseCallbackUrl(delivery.url);
  if (!parsed.ok) return { outcome: 'retry', blocked: true, error: parsed.reason, latencyMs: elapsed() };

  const { Agent, buildConnector, request } = await loadUndici();
  const connector = createGuardedConnector({
    buildConnector,
    allowPrivate: delivery.allowPrivate,
    lookup: delivery.lookup ?? systemLookup,
    connectTimeoutMs: timeoutMs + BACKSTOP_MS,
  });
  const agent = new Agent({ connect: connector.connect, headersTimeout: timeoutMs + BACKSTOP_MS, bodyTimeout: timeoutMs + BACKSTOP_MS });
  liveAgents.add(agent);
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort(new DeliveryTimeoutError(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);

  const failure = (error: unknown, status?: number): DeliveryResult => {
    const connectedAddress = connector.connectedAddress();
    const common = {
      latencyMs: elapsed(),
      ...(status === undefined ? {} : { status }),
      ...(connectedAddress === undefined ? {} : { connectedAddress }),
    };
    const blocked = causes(error).find((cause) => cause instanceof BlockedAddressError);
    if (blocked instanceof BlockedAddressError) return { outcome: 'retry', blocked: true, error: blocked.message, ...common };
    const phase = status === undefined ? 'before the response headers' : 'while reading the response body';
    if (timedOut) return { outcome: 'retry', error: `timed out after ${timeoutMs} ms ${phase}`, ...common };
    return { outcome: 'retry', error: describe(error), ...common };
  };

  try {
    const response = await request(parsed.url, {
      method: delivery.method ?? 'POST',
      headers: requestHeaders(delivery.headers, delivery.body !== null),
      body: delivery.body,
      dispatcher: agent,
      signal: abort.signal,
    });
    const { bytes, error: bodyError } = await readCapped(response.body, MAX_RESPONSE_BYTES);
    const reply = { status: response.statusCode, headers: response.headers, body: bytes };
    const result = classify(reply, elapsed(), connector.connectedAddress());
    // The status decides the outcome; a body cut short (timeout, reset) is only worth a note on a failure.
    if (bodyError === undefined || result.outcome !== 'retry') return result;
    return { ...result, error: `${result.error}; ${failure(bodyError, response.statusCode).error}` };
  } catch (error) {
    return failure(error);
  } finally {
    clearTimeout(timer);
    liveAgents.delete(agent);
    await agent.destroy();
  }
};
