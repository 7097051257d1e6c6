import type { FastifyReply } from 'fastify';
import { httpStatusOf, type FailureCode, type V3Failure } from '@assay/domain';

/** Where iMocha's v3 shapes are served (decision 846); only `POST /v3/gdpr/requests` so far. */
export const V3_PREFIX = '/v3';

/** Whether a failure answers the v3 way: any request under its prefix, a route's or not. */
export const answersV3Way = (reply: FastifyReply): boolean => reply.request.url.startsWith(`${V3_PREFIX}/`);

/** iMocha answers an address it holds nothing of with 400, not 404: its documented status. */
const v3Status = (code: FailureCode): number => (code === '404.51' ? 400 : httpStatusOf(code));

/** A failure the v3 way: `{ statusCode, message, errors: [message], statuscode }` with a plain HTTP status. */
export const sendV3Failure = (reply: FastifyReply, code: FailureCode, message: string): FastifyReply => {
  const status = v3Status(code);
  const body: V3Failure = { statusCode: status, message, errors: [message], statuscode: code };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
};
