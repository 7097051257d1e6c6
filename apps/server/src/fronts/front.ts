import type { FastifyReply } from 'fastify';
import type { Refusal } from '@assay/domain';

/**
 * A front: one wire format of the same core (the v2 envelope, iMocha's v3, Greenhouse's partner API). It is chosen by
 * where a route is registered — the encapsulated scope that declared it (fronts/declare-front.ts) — never by the URL
 * (decision 887). A front only says how a refusal leaves (its kind mapped in its own `status-of-refusal.ts`, decision
 * 953); its routes, auth and shapes live in its own folder, and its descriptor says
 * where it is mounted and what it spends (fronts/front-descriptor.ts, decision 1300).
 */
export interface Front {
  /** Its descriptor's name (fronts/<name>/descriptor.ts), for logs and tests. */
  readonly name: string;
  /** A failure in this front's body and HTTP status: what went wrong (the refusal's kind) and its human message. */
  send(reply: FastifyReply, refusal: Pick<Refusal, 'kind' | 'message'>): FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The front of this encapsulation scope: the root's is v2's envelope; a front's scope shadows it. */
    front: Front;
  }
}
