import type { FastifyReply } from 'fastify';
import type { V3Failure } from '@assay/domain';
import type { Front } from '../front.js';
import { v2StatusOfRefusal } from '../v2/status-of-refusal.js';
import { v3HttpStatusOf } from './status-of-refusal.js';

/**
 * A failure the v3 way: `{ statusCode, message, errors: [message], statuscode }` with a plain HTTP status (its table:
 * ./status-of-refusal.ts). The fine v2 statuscode rides along (decision 954).
 */
export const v3Front: Front = {
  name: 'v3',
  send: (reply: FastifyReply, { kind, message }): FastifyReply => {
    const status = v3HttpStatusOf(kind);
    const body: V3Failure = { statusCode: status, message, errors: [message], statuscode: v2StatusOfRefusal(kind) };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  },
};
