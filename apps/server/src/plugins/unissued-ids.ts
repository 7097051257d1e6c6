import type { FastifyInstance } from 'fastify';
import { unissuedPathIdRefusal } from '@assay/domain';
import { RefusalError } from '../refusal-error.js';

/** Well-formed ids the service never issues (past 2^53 - 1) answer their resource's 404, quoted as sent, before validation turns them into numbers. */
export const answerUnissuedIds = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    const refusal = request.params && typeof request.params === 'object' ? unissuedPathIdRefusal(request.params as Record<string, unknown>) : undefined;
    if (refusal) throw new RefusalError(refusal);
  });
};
