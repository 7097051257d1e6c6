import type { FastifyReply } from 'fastify';
import type { GreenhouseFailure } from '@assay/domain';
import type { Front } from '../front.js';
import { v2StatusOfRefusal } from '../v2/status-of-refusal.js';
import { greenhouseHttpStatusOf } from './status-of-refusal.js';

/**
 * A failure the Greenhouse way (decision 452): the HTTP status its docs name (401, 404; 400 for a body it should not
 * have sent; the table is ./status-of-refusal.ts), and a body `{ "status", "statuscode", "errors": [message] }` — its
 * own `errors` list, with Assay's v2 statuscode for whoever reads a log. The messages are the v2 API's.
 */
export const greenhouseFront: Front = {
  name: 'greenhouse',
  send: (reply: FastifyReply, { kind, message }): FastifyReply => {
    const status = greenhouseHttpStatusOf(kind);
    // RFC 9110: a 401 names the scheme to use.
    if (status === 401) reply.header('www-authenticate', 'Basic realm="Assay Greenhouse partner API", charset="UTF-8"');
    const body: GreenhouseFailure = { status, statuscode: v2StatusOfRefusal(kind), errors: [message] };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  },
};
