import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '@assay/config';
import { clientAddress, tooManyRequests } from './too-many-requests.js';
import type { WindowCounter } from './window-counter.js';

/**
 * The emails a public link's anonymous registrations may cause (an address registered again is emailed its own
 * link): so many per client address and so many per link in a window, beside the one per address per 10 minutes of
 * the outbox. Whoever registers strangers' addresses cannot aim the org's sender at them in bulk, from one address
 * or from many; a candidate who lost their link asks for it once or twice.
 */
export class LinkEmailBudget {
  constructor(
    private readonly counter: WindowCounter,
    private readonly perClient: RateLimit,
    private readonly perLink: RateLimit,
  ) {}

  /** Counts one link email; throws 429.1 (with Retry-After) when either budget is used up, and nothing is sent. */
  async spend(request: FastifyRequest, reply: FastifyReply, testLinkId: number): Promise<void> {
    const budgets: [string, RateLimit][] = [
      [`link-email:${clientAddress(request)}`, this.perClient],
      // Counted only once the client's own budget allowed it: one client's flood does not use up the link's.
      [`link-email-link:${testLinkId}`, this.perLink],
    ];
    for (const [key, limit] of budgets) {
      const hit = await this.counter.take(key, limit.max, limit.windowMs);
      if (hit.count > limit.max) throw tooManyRequests(reply, limit, hit.ttlMs);
    }
  }
}
