import { AssayApiError, AssayConnectionError, AssayDecodeError, InternalServerError, RateLimitError } from '@assay/client';

/** A failed call as the page needs it: what to tell the candidate, and whether trying again may help. */
export interface Failure {
  readonly message: string;
  /** The network or the server failed, not the request: no answer, a time-out, 408, 429 or 5xx. */
  readonly retryable: boolean;
  /** The HTTP status of a refusal; 0 when no answer came. */
  readonly status: number;
}

const OFFLINE = 'No connection to the server.';
const unexpected = (status: number): string => `The server answered unexpectedly (HTTP ${status}). Please try again.`;

/** Maps the client's typed errors (and anything else thrown) to a Failure. */
export function failureOf(error: unknown): Failure {
  if (error instanceof AssayApiError) {
    // The client classes a refusal by its statuscode's family (HTTP status without an envelope).
    const retryable = error instanceof RateLimitError || error instanceof InternalServerError || error.status === 408;
    // Not the API's envelope (a proxy's error page): its text means nothing to a candidate.
    const message = error.statuscode === null ? unexpected(error.status) : error.message;
    return { message, retryable, status: error.status };
  }
  // Time-outs are connection errors too.
  if (error instanceof AssayConnectionError) return { message: OFFLINE, retryable: true, status: 0 };
  // A success whose body is not what the API promises: asking again gets the same.
  if (error instanceof AssayDecodeError) return { message: unexpected(error.status), retryable: false, status: error.status };
  return { message: error instanceof Error ? error.message : String(error), retryable: true, status: 0 };
}

/** The server's refusal behind an error (its statuscode and Retry-After), for the page's own retry rules; null when no answer came. */
export function refusalOf(error: unknown): { statuscode: string | null; retryAfterMs: number | undefined } | null {
  return error instanceof AssayApiError ? { statuscode: error.statuscode, retryAfterMs: error.retryAfterMs } : null;
}
