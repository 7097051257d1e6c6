import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { ListTestsResponse, ResponseErrorResponse, SendTestResponse, TestStatusResponse, greenhouseAuthorization } from './greenhouse-contract.js';
import type { Harness } from './test-app.js';

const BASE = '/partners/greenhouse';

/** A success checked against the vendor's contract (helpers/greenhouse-contract.ts): HTTP 200, JSON, the documented shape. */
export const expectContract = <Schema extends z.ZodType>(response: LightMyRequestResponse, schema: Schema): z.infer<Schema> => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const parsed = schema.safeParse(response.json());
  expect(parsed.error?.issues ?? [], response.body).toEqual([]);
  return parsed.data as z.infer<Schema>;
};

/** A refusal of the partner API (decision 452): Greenhouse reads the HTTP status; the body is { status, statuscode, errors }. */
export const expectGreenhouseFailure = (response: LightMyRequestResponse, statuscode: string) => {
  const status = Number(statuscode.split('.')[0]);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ status: number; statuscode: string; errors: string[] }>();
  expect(Object.keys(body).sort()).toEqual(['errors', 'status', 'statuscode']);
  expect(body).toMatchObject({ status, statuscode });
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).not.toBe('');
  if (status === 401) expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
  return body;
};

/** Greenhouse's four calls, as it makes them: HTTP Basic with the key (no x-api-key), JSON bodies. */
export const greenhouse = (h: Harness, apiKey: string = h.org.apiKey) => {
  const headers = (key: string | null): Record<string, string> => (key === null ? {} : { authorization: greenhouseAuthorization(key) });
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, key: string | null = apiKey, extra: Record<string, string> = {}) =>
    h.request({ method, url: `${BASE}${path}`, apiKey: null, headers: { ...headers(key), ...extra }, ...(body === undefined ? {} : { body }) });
  return {
    call,
    listTests: (key?: string | null) => call('GET', '/list_tests', undefined, key),
    sendTest: (body: unknown, key?: string | null) => call('POST', '/send_test', body, key),
    testStatus: (interviewId: string, key?: string | null) =>
      call('GET', `/test_status?partner_interview_id=${encodeURIComponent(interviewId)}`, undefined, key),
    responseError: (body: unknown, key?: string | null) => call('POST', '/response_error', body, key),
    /** list_tests, checked against the contract. */
    tests: async () => expectContract(await call('GET', '/list_tests'), ListTestsResponse),
    /** send_test, checked against the contract: the interview id. */
    send: async (body: unknown) => expectContract(await call('POST', '/send_test', body), SendTestResponse).partner_interview_id,
    /** test_status, checked against the contract. */
    status: async (interviewId: string) => expectContract(await call('GET', `/test_status?partner_interview_id=${interviewId}`), TestStatusResponse),
    /** response_error, checked against the contract. */
    reportError: async (body: unknown) => expectContract(await call('POST', '/response_error', body), ResponseErrorResponse),
  };
};
