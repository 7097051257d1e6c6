import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { RefusalKind } from '@assay/domain';
import { isDatabaseUnavailable, mayBeSchemaChange } from '@assay/store';
import { RefusalError } from '../refusal-error.js';
import type { RouteIndex } from './method-not-allowed.js';
import { answerNoRoute, type FrontPrefixes } from '../fronts/declare-front.js';
import type { Front } from '../fronts/front.js';
import { frontOf } from '../fronts/front-of.js';
import { v2Front } from '../fronts/v2/failures.js';
import { applyResponseHeaders } from './response-headers.js';

const validationCodes: Record<string, RefusalKind> = {
  body: 'invalid-field',
  params: 'invalid-path-id',
  querystring: 'invalid-query',
  headers: 'invalid-field',
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

/** Fastify's own request errors, each mapped to a specific refusal kind and a message a person can act on. */
const frameworkCodes: Record<string, [RefusalKind, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: ['body-not-json', 'The request body is empty: send a JSON object.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['body-not-json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['body-too-large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported-content-type', 'Send request bodies as application/json;charset=utf-8.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['body-not-json', 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_INVALID_TYPE: ['unsupported-content-type', 'The Content-Type header is not valid.'],
};

/**
 * The catch-all refusal kind of each HTTP status a plugin may fail with (the static file server: 403 outside its
 * root, 412 and 416 for conditions and ranges it cannot meet). A status without one answers `malformed-request`.
 */
const FAILURE_BY_STATUS: Readonly<Record<number, RefusalKind>> = {
  400: 'malformed-request',
  403: 'path-not-served',
  404: 'route-not-found',
  405: 'method-not-allowed',
  408: 'request-timeout',
  409: 'state-conflict',
  413: 'body-too-large',
  414: 'url-too-long',
  429: 'too-many-requests',
  431: 'headers-too-large',
};

/** When to try again after `database-unavailable`: a lock another process holds on SQLite (a backup, a shell) or a PostgreSQL restart lasts seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** A failure in the front of the scope that registered the request's route (decision 887): v2's envelope unless a front says otherwise. */
export const sendFailure = (reply: FastifyReply, kind: RefusalKind, message: string): FastifyReply => frontOf(reply).send(reply, { kind, message });

/**
 * Failures inside Fastify's router, before any hook runs (Fastify's `frameworkErrors` option): they answer
 * like everything else instead of Fastify's own JSON, with the headers the onSend hook would give. No route was
 * chosen, so the front is the one whose declared prefix the URL is under (decision 887).
 */
export const answerFrameworkErrors =
  (prefixes: FrontPrefixes) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    applyResponseHeaders(reply);
    const front: Front = prefixes.frontOfUrl(request.url) ?? v2Front;
    if (error.code === 'FST_ERR_BAD_URL')
      return front.send(reply, { kind: 'malformed-url', message: 'The URL is not valid: check its percent-encoding (%XX).' });
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return front.send(reply, { kind: 'url-too-long', message: 'A part of the URL path is too long.' });
    request.log.error({ err: error }, 'router failure');
    return front.send(reply, { kind: 'internal-error', message: `Something went wrong on our side; quote request id ${request.id} if you report it.` });
  };

/** What the error handler asks of the newer-schema guard (plugins/newer-schema.ts), named here so neither imports the other. */
export interface SchemaChangeAnswer {
  explains(error: unknown): Promise<boolean>;
  refuse(reply: FastifyReply): FastifyReply;
}

/** One error handler: every failure leaves in its front's shape, never a bare 5xx page. */
export const registerErrorEnvelope = (app: FastifyInstance, routes: RouteIndex, schema?: SchemaChangeAnswer): void => {
  // The root's front; a front's scope shadows it (fronts/declare-front.ts).
  app.decorate('front', v2Front);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RefusalError) {
      if (error.refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.refusal.retryAfterSeconds));
      return sendFailure(reply, error.refusal.kind, error.refusal.message);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendFailure(reply, validationCodes[error.validationContext ?? 'body'] ?? 'invalid-field', validationMessage(error));
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known) return sendFailure(reply, known[0], known[1]);
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return sendFailure(reply, 'body-not-json', 'The request body is not valid JSON.');
    }
    if (error.statusCode === 429) return sendFailure(reply, 'too-many-requests', 'Too many requests: slow down and retry later.');
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // A plugin's own refusal (not the body's fault): answered by its status class, with the plugin's words.
      request.log.info({ code: error.code, statusCode: error.statusCode }, 'unmapped client error');
      return sendFailure(reply, FAILURE_BY_STATUS[error.statusCode] ?? 'malformed-request', error.message || 'The request cannot be answered as it is.');
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: nothing was changed, and the same request succeeds once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendFailure(
        reply,
        'database-unavailable',
        'The database is unavailable right now (locked by another process, or not answering): retry after Retry-After seconds.',
      );
    }
    const failed = (): FastifyReply => {
      request.log.error({ err: error }, 'request failed');
      return sendFailure(reply, 'internal-error', `Something went wrong on our side; quote request id ${request.id} if you report it.`);
    };
    // A statement a newer build's migration broke ("cached plan must not change result type"): this process stops (decision 858).
    if (schema && mayBeSchemaChange(error)) return schema.explains(error).then((newer) => (newer ? schema.refuse(reply) : failed()));
    return failed();
  });

  app.setNotFoundHandler(answerNoRoute(routes));
};
