import {
  AssayApiError,
  AssayConnectionError,
  AssayDecodeError,
  AssayTimeoutError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
} from '@assay/client';
import { describe, expect, it } from 'vitest';
import { failureOf } from './failure.js';

const refusal = (status: number, statuscode: string | null, message: string) => ({
  status,
  statuscode,
  description: null,
  message,
  headers: new Headers(),
  body: '',
});

describe('failureOf', () => {
  it("keeps the server's message of a refusal, which trying again does not change", () => {
    expect(failureOf(new PermissionDeniedError(refusal(403, '403.5', 'This test link is not active.')))).toEqual({
      message: 'This test link is not active.',
      retryable: false,
      status: 403,
    });
    expect(failureOf(new NotFoundError(refusal(404, '404.1', 'No such invitation.')))).toMatchObject({ retryable: false, status: 404 });
    expect(failureOf(new ConflictError(refusal(409, '409.3', 'Already submitted.')))).toMatchObject({ retryable: false, status: 409 });
  });

  it('counts rate limits, server failures and 408 as worth another try', () => {
    expect(failureOf(new RateLimitError(refusal(429, '429.1', 'Slow down.')))).toMatchObject({ retryable: true, status: 429 });
    expect(failureOf(new InternalServerError(refusal(500, '500.1', 'Oops.')))).toMatchObject({ retryable: true, status: 500 });
    expect(failureOf(new ServiceUnavailableError(refusal(503, '503.1', 'Busy.')))).toMatchObject({ retryable: true, status: 503 });
    expect(failureOf(new AssayApiError(refusal(408, null, 'HTTP 408')))).toMatchObject({ retryable: true, status: 408 });
  });

  it("does not show a proxy's error page as the message", () => {
    expect(failureOf(new InternalServerError(refusal(502, null, 'HTTP 502 Bad Gateway')))).toEqual({
      message: 'The server answered unexpectedly (HTTP 502). Please try again.',
      retryable: true,
      status: 502,
    });
  });

  it('says "no connection" for network failures and time-outs, and retries them', () => {
    expect(failureOf(new AssayConnectionError())).toEqual({ message: 'No connection to the server.', retryable: true, status: 0 });
    expect(failureOf(new AssayTimeoutError(30_000))).toEqual({ message: 'No connection to the server.', retryable: true, status: 0 });
  });

  it('does not retry a success whose body cannot be read', () => {
    expect(failureOf(new AssayDecodeError('bad', 200, '<html>', null))).toEqual({
      message: 'The server answered unexpectedly (HTTP 200). Please try again.',
      retryable: false,
      status: 200,
    });
  });

  it('treats anything else thrown as a passing failure', () => {
    expect(failureOf(new TypeError('boom'))).toEqual({ message: 'boom', retryable: true, status: 0 });
    expect(failureOf('odd')).toEqual({ message: 'odd', retryable: true, status: 0 });
  });
});
