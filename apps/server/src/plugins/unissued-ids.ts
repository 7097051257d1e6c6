import type { FastifyInstance } from 'fastify';
import { unissuedPathIdRefusal } from '@assay/domain';
import { RefusalError } from '../refusal-error.js';

/** Ids that cannot exist (0, past 2^53 - 1) answer their resource's 404 before validation turns them into numbers. */
export const answerUnissuedIds = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    const refusal = request.params && typeof request.params === 'object' ? unissuedPathIdRefusal(request.params as Record<string, unknown>) : undefined;
    if (refusal) throw new RefusalError(refusal);
  });
};
