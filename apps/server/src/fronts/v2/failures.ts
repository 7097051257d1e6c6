import type { FastifyReply } from 'fastify';
import { fail, httpStatusOf, type FailureCode } from '@assay/domain';
import type { Front } from '../front.js';

/**
 * The v2 envelope `{"statuscode","result"}` with the HTTP status of its statuscode: the root's front, so the candidate
 * API, /admin and every page not under another front answer it too.
 */
export const v2Front: Front = {
  name: 'v2',
  send: (reply: FastifyReply, code: FailureCode, message: string): FastifyReply =>
    reply.code(httpStatusOf(code)).type('application/json; charset=utf-8').send(fail(code, message)),
};
