import type { FastifyReply } from 'fastify';
import { httpStatusOf, type FailureCode, type V3Failure } from '@assay/domain';
import type { Front } from '../front.js';

/** Where iMocha's v3 shapes are served (decision 846). */
export const V3_PREFIX = '/v3';

/**
 * Where v3's plain HTTP status differs from the one the statuscode has in v2 (decision 888): the one table of it.
 * iMocha answers an address it holds nothing of with 400, not 404: its documented status.
 */
const V3_STATUS: Readonly<Partial<Record<FailureCode, number>>> = {
  '404.51': 400,
};

export const v3StatusOf = (code: FailureCode): number => V3_STATUS[code] ?? httpStatusOf(code);

/** A failure the v3 way: `{ statusCode, message, errors: [message], statuscode }` with a plain HTTP status. */
export const v3Front: Front = {
  name: 'v3',
  send: (reply: FastifyReply, code: FailureCode, message: string): FastifyReply => {
    const status = v3StatusOf(code);
    const body: V3Failure = { statusCode: status, message, errors: [message], statuscode: code };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  },
};
