import OpenAI from 'openai';

/**
 * Why the model gave no (whole) answer, in words an operator or a candidate can act on. Never carries the API key,
 * the prompt or the server's body: only its status and a short reason.
 *
 * - `unreachable`: nothing answered at the URL (refused, reset, DNS).
 * - `timeout`: the model stayed silent longer than ASSAY_AI_TIMEOUT_MS (to connect, to a first or a next token).
 * - `overloaded`: 429 or 5xx still after the retries, or a Retry-After longer than we wait.
 * - `refused`: another 4xx — a wrong key (401/403), an unknown model (404), a request the server will not take.
 * - `cancelled`: the caller gave up (the candidate left, the server is stopping).
 */
export type ModelFailureKind = 'unreachable' | 'timeout' | 'overloaded' | 'refused' | 'cancelled';

export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    message: string,
    /** The HTTP status the model answered, if it answered. */
    readonly status?: number,
    /** How long the model asked us to wait (Retry-After), in milliseconds, when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelFailure';
  }
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds; undefined when absent or unreadable. */
export const retryAfterMsOf = (headers: Headers | undefined, now: number): number | undefined => {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/** Whether another try may get an answer: load and connection failures, not refusals or the caller's cancel. */
export const isRetryable = (failure: ModelFailure): boolean => failure.kind === 'overloaded' || failure.kind === 'unreachable';

/** Any error the client or the stream threw, as a ModelFailure. */
export const modelFailureOf = (error: unknown, now: number, { timedOut, cancelled }: { timedOut: boolean; cancelled: boolean }): ModelFailure => {
  if (error instanceof ModelFailure) return error;
  if (cancelled) return new ModelFailure('cancelled', 'The request to the model was cancelled.');
  if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError)
    return new ModelFailure('timeout', 'The model did not answer in time (ASSAY_AI_TIMEOUT_MS).');
  if (error instanceof OpenAI.APIConnectionError)
    return new ModelFailure('unreachable', 'The model could not be reached (connection refused, reset or not resolved).');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    const retryAfterMs = retryAfterMsOf(error.headers, now);
    if (status === 429 || status === 408 || status >= 500)
      return new ModelFailure('overloaded', `The model is busy or failing (HTTP ${status}).`, status, retryAfterMs);
    const why =
      status === 401 || status === 403
        ? 'the API key was refused (ASSAY_AI_API_KEY)'
        : status === 404
          ? 'the model or the path was not found (ASSAY_AI_MODEL, ASSAY_AI_BASE_URL)'
          : 'the request was refused';
    return new ModelFailure('refused', `The model answered HTTP ${status}: ${why}.`, status);
  }
  if (error instanceof Error && error.name === 'AbortError') return new ModelFailure('cancelled', 'The request to the model was cancelled.');
  return new ModelFailure('unreachable', 'The model gave no usable answer (the stream ended early or was not chat-completions).');
};
