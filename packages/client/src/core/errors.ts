import type { StatusCode } from '@assay/domain/v2';

/** Every error this package throws on purpose. */
export class AssayError extends Error {
  override name = 'AssayError';
}

/** A statuscode from the catalogue, or one a newer (or foreign) v2 server sends that this version does not know. */
export type AnyStatusCode = StatusCode | (string & {});

export interface AssayApiErrorInit {
  /** The HTTP status of the response. */
  status: number;
  /** The envelope's `statuscode` (`"403.4"`); null when the body was not an envelope (a proxy's error page). */
  statuscode: AnyStatusCode | null;
  /** The envelope's `description`: the catalogue's text for the statuscode. */
  description: string | null;
  /** The envelope's `result` message, or the best text available. */
  message: string;
  headers: Headers;
  /** The body as received, for logs. */
  body: string;
}

/** The server answered and refused: the v2 failure envelope, typed. `message` is the envelope's `result`. */
export class AssayApiError extends AssayError {
  override name = 'AssayApiError';
  readonly status: number;
  readonly statuscode: AnyStatusCode | null;
  readonly description: string | null;
  readonly headers: Headers;
  readonly body: string;
  /** The server's `x-request-id`: quote it when reporting a problem. */
  readonly requestId: string | null;
  /** From `Retry-After` (seconds or an HTTP date), when the server sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(init: AssayApiErrorInit, retryAfterMs?: number) {
    super(init.message);
    this.status = init.status;
    this.statuscode = init.statuscode;
    this.description = init.description;
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.headers.get('x-request-id');
    this.retryAfterMs = retryAfterMs;
  }
}

/** 400: the request is malformed or failed validation (400.1–400.13). */
export class BadRequestError extends AssayApiError {
  override name = 'BadRequestError';
}
/** 401: API key or admin token missing or wrong. */
export class AuthenticationError extends AssayApiError {
  override name = 'AuthenticationError';
}
/** 403: understood but not allowed now (403.4 cancel/reattempt refusals, access rules, disabled admin API…). */
export class PermissionDeniedError extends AssayApiError {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource for this org (other orgs' ids answer exactly like missing ones). */
export class NotFoundError extends AssayApiError {
  override name = 'NotFoundError';
}
/** 409: conflicts with the resource's state, or the same Idempotency-Key is still being processed. */
export class ConflictError extends AssayApiError {
  override name = 'ConflictError';
}
/** 422: an Idempotency-Key was reused with a different request. */
export class UnprocessableEntityError extends AssayApiError {
  override name = 'UnprocessableEntityError';
}
/** 429: slow down; `retryAfterMs` says for how long when the server knows. */
export class RateLimitError extends AssayApiError {
  override name = 'RateLimitError';
}
/** 5xx: the server failed or is not ready. */
export class InternalServerError extends AssayApiError {
  override name = 'InternalServerError';
}
/** 503: not ready or busy; worth retrying later. */
export class ServiceUnavailableError extends InternalServerError {
  override name = 'ServiceUnavailableError';
}

/** No answer: DNS, refused connection, reset, TLS, or the body broke off. */
export class AssayConnectionError extends AssayError {
  override name = 'AssayConnectionError';
  constructor(message = 'Could not reach the Assay server.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer in time (`timeoutMs`); for downloads, no data for that long. */
export class AssayTimeoutError extends AssayConnectionError {
  override name = 'AssayTimeoutError';
  constructor(timeoutMs: number) {
    super(`The Assay server did not answer within ${timeoutMs} ms.`);
  }
}

/** The caller's AbortSignal fired. */
export class AssayUserAbortError extends AssayError {
  override name = 'AssayUserAbortError';
  constructor(options?: { cause?: unknown }) {
    super('The request was aborted.', options);
  }
}

/** A success response whose body is not what the API promises, even read tolerantly. */
export class AssayDecodeError extends AssayError {
  override name = 'AssayDecodeError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** The class of a refusal: the statuscode's (some v2 servers send HTTP 200 with a 403.4 envelope), else the HTTP status. */
export const statusFamily = (status: number, statuscode: string | null): number => {
  const family = statuscode ? Number.parseInt(statuscode, 10) : Number.NaN;
  return Number.isNaN(family) ? status : family;
};

/** Builds the error of a refusal, one class per family. */
export const apiErrorOf = (init: AssayApiErrorInit, retryAfterMs?: number): AssayApiError => {
  const family = statusFamily(init.status, init.statuscode);
  const ErrorClass =
    family === 400
      ? BadRequestError
      : family === 401
        ? AuthenticationError
        : family === 403
          ? PermissionDeniedError
          : family === 404
            ? NotFoundError
            : family === 409
              ? ConflictError
              : family === 422
                ? UnprocessableEntityError
                : family === 429
                  ? RateLimitError
                  : family === 503
                    ? ServiceUnavailableError
                    : family >= 500
                      ? InternalServerError
                      : AssayApiError;
  return new ErrorClass(init, retryAfterMs);
};
