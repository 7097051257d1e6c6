import type { FastifyInstance } from 'fastify';
import { unissuedPathIdRefusal } from '@assay/domain';
import { RefusalError } from '../refusal-error.js';

/** Well-formed ids the service never issues (past 2^53 - 1) answer their resource's 404, quoted as sent, before validation turns them into numbers. */
export const answerUnissuedIds = (app: FastifyInstance): void => {
  // A callback hook: no promise per request (Fastify answers what it throws like a rejection).
  app.addHook('preValidation', (request, _reply, done) => {
    const refusal = request.params && typeof request.params === 'object' ? unissuedPathIdRefusal(request.params as Record<string, unknown>) : undefined;
    if (refusal) throw new RefusalError(refusal);
    done();
  });
};
