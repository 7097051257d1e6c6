import type { FastifyReply } from 'fastify';
import type { FailureCode } from '@assay/domain';
import { v2Front } from './v2/failures.js';

/**
 * A front: one wire format of the same core (the v2 envelope, iMocha's v3, Greenhouse's partner API). It is chosen by
 * where a route is registered — the encapsulated scope that declared it (fronts/declare-front.ts) — never by the URL
 * (decision 887). A front only says how a refusal leaves; its routes, auth and shapes live in its own folder.
 */
export interface Front {
  readonly name: 'v2' | 'v3' | 'greenhouse';
  /** A failure in this front's body and HTTP status: a domain refusal's code and its human message. */
  send(reply: FastifyReply, code: FailureCode, message: string): FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The front of this encapsulation scope: the root's is v2's envelope; a front's scope shadows it. */
    front: Front;
  }
}

/**
 * The front of the scope that registered the request's route (its not-found handler included); v2's envelope where no
 * front was declared (a plugin mounted on a bare Fastify, as the candidate pages' own tests do).
 */
export const frontOf = (reply: FastifyReply): Front => (reply.request.server.front as Front | undefined) ?? v2Front;
