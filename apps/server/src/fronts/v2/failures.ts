import type { FastifyReply } from 'fastify';
import { fail, httpStatusOf } from '@assay/domain/v2';
import type { Front } from '../front.js';
import { v2StatusOfRefusal } from './status-of-refusal.js';

/**
 * The v2 envelope `{"statuscode","result"}` with the HTTP status of its statuscode: the root's front, so the candidate
 * API, /admin and every page not under another front answer it too.
 */
export const v2Front: Front = {
  name: 'v2',
  send: (reply: FastifyReply, { kind, message }): FastifyReply => {
    const code = v2StatusOfRefusal(kind);
    return reply.code(httpStatusOf(code)).type('application/json; charset=utf-8').send(fail(code, message));
  },
};
