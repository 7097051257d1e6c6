import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { describeStatus, type FailureCode } from '@assay/domain/v2';
import { envelope } from './test-app.js';

/**
 * Every failure: a JSON envelope whose statuscode's class is the HTTP status, whose description is the
 * catalogue's, and whose result is a non-empty message string.
 */
export const expectFailure = (response: LightMyRequestResponse, statuscode: string, description?: string) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = envelope<unknown>(response);
  expect(body.statuscode, response.body).toBe(statuscode);
  expect(response.statusCode).toBe(Number(statuscode.split('.')[0]));
  expect(body.description).toBe(description ?? describeStatus(statuscode as FailureCode));
  expect(typeof body.result).toBe('string');
  expect(body.result).not.toBe('');
  return body as { statuscode: string; description: string; result: string };
};

/** A 200.1 envelope; answers its result. */
export const expectSuccess = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  const body = envelope<T>(response);
  expect(body.statuscode).toBe('200.1');
  return body.result;
};
