import type { RetryPolicy } from './retry-policy.js';

export interface ClientOptions {
  /** Where Assay answers, e.g. `https://assay.example.com`; `""` for the page's own origin in a browser. */
  baseUrl: string;
  /** Sent as `x-api-key` on `/v2/org` calls. Candidate and public calls never send it. */
  apiKey?: string;
  /** `ASSAY_ADMIN_TOKEN`, sent as `Authorization: Bearer …` on `/admin` calls only. */
  adminToken?: string;
  /** Any fetch with the standard signature; the global one by default (Node 20, browsers). */
  fetch?: typeof fetch;
  /** Per attempt: until the whole JSON answer is in, or between two chunks of a download. Default 60 s. */
  timeoutMs?: number;
  /** Retries of idempotent calls on 429, 503, network errors and time-outs. Default 2; 0 turns them off. */
  retries?: number;
  /** Backoff tuning (initial and largest delay, the longest `Retry-After` waited out). */
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries'>>;
  /**
   * Give every POST that the server deduplicates (`/v2/org`, `/admin`) a fresh Idempotency-Key, kept across
   * its retries, so those POSTs are retried too. Off by default.
   */
  autoIdempotencyKeys?: boolean;
  /** Extra headers on every request (a user agent, a tracing header). */
  headers?: Record<string, string>;
}

/** Options of one call; every method takes them last. */
export interface CallOptions {
  /** Cancels the call (and its retries and any download in progress). */
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /**
   * Sent as `Idempotency-Key`: the server answers a repeat of the same key and body with the first answer
   * (`Idempotent-Replayed: true`), so the call is safe to retry.
   */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** The browser's `keepalive`: lets a last save finish while the page unloads. */
  keepalive?: boolean;
}

export interface DownloadProgress {
  /** Bytes received so far. */
  loaded: number;
  /** From Content-Length, when the server sent one. */
  total?: number;
}

export interface DownloadOptions extends CallOptions {
  /** Called for every chunk received, and once at the end of an empty body. */
  onProgress?: (progress: DownloadProgress) => void;
}
