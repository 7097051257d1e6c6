import type { FastifyReply } from 'fastify';

/** What Fastify sends a serialized JSON body as. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Bodies serialized once per value the store keeps: a page of tests is the same array on every read until it changes
 * (the store keeps pages), and writing 100 tests' JSON again on every request was the page's largest cost (issue 63,
 * decision 1405). Keyed by that array (a WeakMap: a page the store drops takes its body with it) and by what else the
 * body says (`variant`, e.g. the count of the org's tests, which changes without the page changing). The body is
 * written by the route's own serializer for 200 (`reply.serialize`), so it is byte for byte what the route would send.
 */
export class SerializedOnce<Kept extends object> {
  readonly #bodies = new WeakMap<Kept, { variant: unknown; body: ReturnType<FastifyReply['serialize']> }>();

  /** Sends `envelope()` serialized, from the body kept for `kept` and `variant` when there is one. */
  send(reply: FastifyReply, kept: Kept, variant: unknown, envelope: () => unknown): FastifyReply {
    const entry = this.#bodies.get(kept);
    if (entry !== undefined && entry.variant === variant) return reply.type(JSON_TYPE).send(entry.body);
    const body = reply.serialize(envelope());
    this.#bodies.set(kept, { variant, body });
    return reply.type(JSON_TYPE).send(body);
  }
}
