import type { FastifyReply } from 'fastify';
import type { Front } from './front.js';
import { v2Front } from './v2/failures.js';

/**
 * The front of the scope that registered the request's route (its not-found handler included); v2's envelope where no
 * front was declared (a plugin mounted on a bare Fastify, as the candidate pages' own tests do).
 */
export const frontOf = (reply: FastifyReply): Front => (reply.request.server.front as Front | undefined) ?? v2Front;
