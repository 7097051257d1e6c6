import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpStatusOf, type FailureCode, type GreenhouseFailure } from '@assay/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the Greenhouse partner API's routes: their failures answer Greenhouse's way, not as the envelope. */
    greenhouseFailures?: boolean;
  }
}

/** Whether a failure on this reply's route answers Greenhouse's way (`answerFailuresGreenhouseWay`). */
export const answersGreenhouseWay = (reply: FastifyReply): boolean => reply.routeOptions.config?.greenhouseFailures === true;

/**
 * A failure the Greenhouse way (decision 452): the HTTP status its docs name (401, 404; 400 for a body it should not
 * have sent), and a body `{ "status", "statuscode", "errors": [message] }` — its own `errors` list, with Assay's
 * statuscode for whoever reads a log. The statuscodes and messages are the v2 API's.
 */
export const sendGreenhouseFailure = (reply: FastifyReply, code: FailureCode, message: string): FastifyReply => {
  const status = httpStatusOf(code);
  // RFC 9110: a 401 names the scheme to use.
  if (status === 401) reply.header('www-authenticate', 'Basic realm="Assay Greenhouse partner API", charset="UTF-8"');
  const body: GreenhouseFailure = { status, statuscode: code, errors: [message] };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
};

/**
 * Marks every route of the scope, so the one error handler (and every hook that answers a failure itself: shutting
 * down, a NUL in the body) writes Greenhouse's failure body there (`sendFailure` asks `answersGreenhouseWay`).
 */
export const answerFailuresGreenhouseWay = (scope: FastifyInstance): void => {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, greenhouseFailures: true };
  });
};
