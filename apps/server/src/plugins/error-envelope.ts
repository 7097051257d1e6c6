import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail, httpStatusOf, type FailureCode } from '@assay/domain';
import { isDatabaseUnavailable } from '@assay/store';
import { RefusalError } from '../refusal-error.js';
import type { RouteIndex } from './method-not-allowed.js';
import { answersGreenhouseWay, sendGreenhouseFailure } from './greenhouse-failures.js';
import { applyResponseHeaders } from './response-headers.js';
import { answersV3Way, sendV3Failure } from './v3-failures.js';

const validationCodes: Record<string, FailureCode> = {
  body: '400.2',
  params: '400.3',
  querystring: '400.4',
  headers: '400.2',
};

/** "accessTime: accessTime must be 0 …" reads badly: the path is added only when the message lacks it. */
const validationMessage = (error: FastifyError): string => {
  const where = error.validationContext === 'body' || !error.validationContext ? '' : `${error.validationContext} `;
  return (error.validation ?? [])
    .slice(0, 10)
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? 'is invalid';
      if (!path) return `${where}${/received (undefined|null)/.test(message) ? 'a JSON object is required' : message}`;
      return message.startsWith(`${path} `) ? `${where}${message}` : `${where}${path}: ${message}`;
    })
    .join('; ');
};

/** Fastify's own request errors, each mapped to a specific statuscode and a message a person can act on. */
const frameworkCodes: Record<string, [FailureCode, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: ['400.1', 'The request body is empty: send a JSON object.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['400.1', 'The request body is not valid JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['413.1', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['400.8', 'Send request bodies as application/json;charset=utf-8.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['400.1', 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_INVALID_TYPE: ['400.8', 'The Content-Type header is not valid.'],
};

/**
 * The catch-all statuscode of each HTTP status a plugin may fail with (the static file server: 403 outside its
 * root, 412 and 416 for conditions and ranges it cannot meet). A status without one answers 400.14.
 */
const FAILURE_BY_STATUS: Readonly<Record<number, FailureCode>> = {
  400: '400.14',
  403: '403.16',
  404: '404.1',
  405: '405.1',
  408: '408.1',
  409: '409.1',
  413: '413.1',
  414: '414.1',
  429: '429.1',
  431: '431.1',
};

/** When to try again after 503.4: a lock another process holds on SQLite (a backup, a shell) or a PostgreSQL restart lasts seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** A failure as the envelope; under Greenhouse's partner API, as Greenhouse's failure body (decision 452); under /v3, iMocha's (decision 846). */
export const sendFailure = (reply: FastifyReply, code: FailureCode, message: string): FastifyReply =>
  answersGreenhouseWay(reply)
    ? sendGreenhouseFailure(reply, code, message)
    : answersV3Way(reply)
      ? sendV3Failure(reply, code, message)
      : reply.code(httpStatusOf(code)).type('application/json; charset=utf-8').send(fail(code, message));

/**
 * Failures inside Fastify's router, before any hook runs (Fastify's `frameworkErrors` option): they answer
 * the envelope like everything else instead of Fastify's own JSON, with the headers the onSend hook would give.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  applyResponseHeaders(reply);
  if (error.code === 'FST_ERR_BAD_URL') return sendFailure(reply, '400.13', 'The URL is not valid: check its percent-encoding (%XX).');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendFailure(reply, '414.1', 'A part of the URL path is too long.');
  request.log.error({ err: error }, 'router failure');
  return sendFailure(reply, '500.1', `Something went wrong on our side; quote request id ${request.id} if you report it.`);
};

/** One error handler: every failure leaves as the envelope, never a bare 5xx page. */
export const registerErrorEnvelope = (app: FastifyInstance, routes: RouteIndex): void => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RefusalError) {
      if (error.refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.refusal.retryAfterSeconds));
      return sendFailure(reply, error.refusal.code, error.refusal.message);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendFailure(reply, validationCodes[error.validationContext ?? 'body'] ?? '400.2', validationMessage(error));
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known) return sendFailure(reply, known[0], known[1]);
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return sendFailure(reply, '400.1', 'The request body is not valid JSON.');
    }
    if (error.statusCode === 429) return sendFailure(reply, '429.1', 'Too many requests: slow down and retry later.');
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // A plugin's own refusal (not the body's fault): answered by its status class, with the plugin's words.
      request.log.info({ code: error.code, statusCode: error.statusCode }, 'unmapped client error');
      return sendFailure(reply, FAILURE_BY_STATUS[error.statusCode] ?? '400.14', error.message || 'The request cannot be answered as it is.');
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: nothing was changed, and the same request succeeds once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendFailure(
        reply,
        '503.4',
        'The database is unavailable right now (locked by another process, or not answering): retry after Retry-After seconds.',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, '500.1', `Something went wrong on our side; quote request id ${request.id} if you report it.`);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowedMethods(path);
    // A route that takes this method found nothing to serve (a file the static server lacks): not found, not 405.
    if (allowed.length > 0 && !allowed.includes(request.method as (typeof allowed)[number])) {
      reply.header('allow', allowed.join(', '));
      return sendFailure(reply, '405.1', `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.`);
    }
    return sendFailure(reply, '404.1', `No route ${request.method} ${path}: see /docs for the API reference.`);
  });
};
