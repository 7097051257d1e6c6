import type { z } from 'zod';
import { AttemptSignal, sleep } from './attempt-signal.js';
import { decodeResult, readEnvelope, v3FailureAsEnvelope } from './decode.js';
import {
  AssayApiError,
  AssayConnectionError,
  AssayDecodeError,
  AssayError,
  AssayTimeoutError,
  AssayUserAbortError,
  apiErrorOf,
  statusFamily,
} from './errors.js';
import { FileDownload } from './file-download.js';
import { redactUrl } from './redact-url.js';
import { newIdempotencyKey } from './idempotency-key.js';
import type { CallOptions, ClientOptions, DownloadOptions } from './options.js';
import { defaultRetryPolicy, parseRetryAfter, retryDelayMs, type AttemptFailure, type RetryPolicy } from './retry-policy.js';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** From the server root, starting with `/`; path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A CSV body sent as it is (`text/csv`), instead of `body` as JSON. */
  csv?: string;
  credential: 'apiKey' | 'adminToken' | 'none';
  /** Override for the spec's GETs that change things (cancel, reattempt, reset): never retried blindly. */
  idempotent?: boolean;
  /** The server deduplicates this POST by Idempotency-Key (`/v2/org`, `/admin`). */
  acceptsIdempotencyKey?: boolean;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** One place that talks HTTP: headers, credentials, time-outs, retries, and refusals turned into errors. */
export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(
    private readonly options: ClientOptions,
    private readonly random: () => number = Math.random,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const given = options.fetch ?? globalThis.fetch;
    if (typeof given !== 'function') throw new AssayError('No fetch available: pass one as createClient({ fetch }).');
    this.fetch = given.bind(globalThis);
    this.policy = { ...defaultRetryPolicy, ...options.retryPolicy, ...(options.retries === undefined ? {} : { retries: options.retries }) };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** A v2 envelope call: the typed `result`. `prepare` reshapes the result first (the section report's two forms). */
  json<S extends z.ZodType>(spec: RequestSpec, schema: S, call: CallOptions = {}, prepare?: (result: unknown) => unknown): Promise<z.output<S>> {
    return this.exchange(spec, call, 'application/json', async (response, attempt) => {
      try {
        const body = await response.text();
        const { envelope } = readEnvelope(body);
        const requestId = response.headers.get('x-request-id');
        if (!envelope) throw new AssayDecodeError(`Expected a JSON envelope, got: ${body.slice(0, 200)}`, response.status, body, requestId);
        if (envelope.statuscode !== '200.1') throw this.refusal(response, body);
        const result = prepare ? prepare(envelope.result) : envelope.result;
        return decodeResult(schema, result, { status: response.status, body, requestId });
      } finally {
        attempt.dispose();
      }
    });
  }

  /** A bare JSON answer, typed (iMocha v3's shapes under /v3: no envelope). */
  bare<S extends z.ZodType>(spec: RequestSpec, schema: S, call: CallOptions = {}): Promise<z.output<S>> {
    return this.exchange(spec, call, 'application/json', async (response, attempt) => {
      try {
        const body = await response.text();
        const requestId = response.headers.get('x-request-id');
        let json: unknown;
        try {
          json = JSON.parse(body) as unknown;
        } catch {
          throw new AssayDecodeError(`Expected JSON, got: ${body.slice(0, 200)}`, response.status, body, requestId);
        }
        return decodeResult(schema, json, { status: response.status, body, requestId });
      } finally {
        attempt.dispose();
      }
    });
  }

  /** A plain JSON document, not an envelope (the test-definition JSON Schema). */
  document(spec: RequestSpec, call: CallOptions = {}): Promise<unknown> {
    return this.exchange(spec, call, 'application/json', async (response, attempt) => {
      try {
        const body = await response.text();
        try {
          return JSON.parse(body) as unknown;
        } catch {
          throw new AssayDecodeError('Expected a JSON document.', response.status, body, response.headers.get('x-request-id'));
        }
      } finally {
        attempt.dispose();
      }
    });
  }

  /** A file: the headers are in when this resolves; the body streams from the FileDownload. */
  download(spec: RequestSpec, call: DownloadOptions = {}): Promise<FileDownload> {
    return this.exchange(spec, call, '*/*', async (response, attempt) => {
      attempt.stopTimer();
      return new FileDownload(response, attempt, call.onProgress);
    });
  }

  private async exchange<T>(
    spec: RequestSpec,
    call: CallOptions,
    accept: string,
    consume: (response: Response, attempt: AttemptSignal) => Promise<T>,
  ): Promise<T> {
    const idempotencyKey =
      call.idempotencyKey ?? (spec.method === 'POST' && spec.acceptsIdempotencyKey && this.options.autoIdempotencyKeys ? newIdempotencyKey() : undefined);
    const idempotent = idempotencyKey !== undefined || (spec.idempotent ?? spec.method !== 'POST');
    const policy = call.retries === undefined ? this.policy : { ...this.policy, retries: call.retries };
    const timeoutMs = call.timeoutMs ?? this.timeoutMs;
    const url = this.url(spec);
    const init = this.init(spec, call, accept, idempotencyKey);

    for (let retriesMade = 0; ; retriesMade++) {
      const attempt = new AttemptSignal(call.signal, timeoutMs);
      let failure: AttemptFailure;
      let error: AssayError;
      try {
        const response = await this.fetch(url, { ...init, signal: attempt.signal });
        if (!response.ok) throw this.refusal(response, await response.text());
        return await consume(response, attempt);
      } catch (caught) {
        attempt.dispose();
        const aborted = attempt.abortError();
        if (aborted instanceof AssayUserAbortError) throw aborted;
        if (caught instanceof AssayDecodeError) throw caught;
        if (caught instanceof AssayApiError) {
          failure = {
            kind: 'status',
            status: statusFamily(caught.status, caught.statuscode),
            statuscode: caught.statuscode,
            retryAfterMs: caught.retryAfterMs,
          };
          error = caught;
        } else if (aborted instanceof AssayTimeoutError) {
          failure = { kind: 'timeout' };
          error = aborted;
        } else {
          failure = { kind: 'network' };
          error = new AssayConnectionError(`Could not reach the Assay server at ${redactUrl(this.baseUrl) || 'this origin'}.`, { cause: caught });
        }
      }
      const delay = retryDelayMs(policy, failure, { retriesMade, idempotent, hasIdempotencyKey: idempotencyKey !== undefined, random: this.random });
      if (delay === undefined) throw error;
      await sleep(delay, call.signal);
    }
  }

  /** The error of a refusal; the body may be an envelope or anything a proxy sends. */
  private refusal(response: Response, body: string): AssayApiError {
    const { envelope: read } = readEnvelope(body);
    // Under /v3 a failure is `{ statusCode, message, errors, statuscode }`: read as the envelope it stands for.
    const envelope = read ?? v3FailureAsEnvelope(body);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    const message =
      typeof envelope?.result === 'string' && envelope.result
        ? envelope.result
        : envelope?.description
          ? envelope.description
          : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return apiErrorOf(
      {
        status: response.status,
        statuscode: envelope?.statuscode ?? null,
        description: envelope?.description || null,
        message,
        headers: response.headers,
        body,
      },
      retryAfterMs,
    );
  }

  private url(spec: RequestSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) if (value !== undefined) query.set(name, String(value));
    const search = query.toString() ? `?${query.toString()}` : '';
    return `${this.baseUrl}${spec.path}${search}`;
  }

  private init(spec: RequestSpec, call: CallOptions, accept: string, idempotencyKey: string | undefined): RequestInit {
    // The spec sends this content type on every request, GETs included.
    const headers: Record<string, string> = { 'content-type': 'application/json;charset=utf-8', accept, ...this.options.headers };
    if (spec.credential === 'apiKey' && this.options.apiKey !== undefined) headers['x-api-key'] = this.options.apiKey;
    if (spec.credential === 'adminToken' && this.options.adminToken !== undefined) headers.authorization = `Bearer ${this.options.adminToken}`;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (spec.csv !== undefined) headers['content-type'] = 'text/csv;charset=utf-8';
    Object.assign(headers, call.headers);
    return {
      method: spec.method,
      headers,
      ...(spec.csv !== undefined ? { body: spec.csv } : spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
      ...(call.keepalive ? { keepalive: true } : {}),
    };
  }
}
