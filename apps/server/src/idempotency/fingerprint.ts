import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'safe-stable-stringify';

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path (with its query) and the parsed
 * JSON body with keys sorted, so whitespace and key order do not matter but any value does.
 */
export const fingerprintOf = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(`${request.method}\n${request.url}\n${stringify(request.body) ?? ''}`, 'utf8')
    .digest('hex');
