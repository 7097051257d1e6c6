import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalError } from '../refusal-error.js';
import type { RateLimit } from '@assay/config';
import { clientAddress, tooManyRequests } from './too-many-requests.js';
import type { Hit, WindowCounter } from './window-counter.js';

/**
 * Counts failed credentials per client address (wrong API keys, admin tokens, take-test tokens, report-link
 * signatures): only failures use up the budget, and once it is gone the address gets 429.1 instead of another
 * answer to its guess. The credential is always checked first, so a right one is accepted from an address over
 * its budget: a neighbour behind the same NAT, CI runner or proxy cannot lock its holder out (decision 209,
 * "A right credential is never throttled by a neighbour's failures"). Guessing gains nothing from that: a wrong guess answers 429.1, and the secrets
 * are too large to find by trying (API keys and take-test tokens 256 bits, admin tokens ≥ 64 bits by their start
 * check, report links an HMAC).
 */
export class FailureLimiter {
  constructor(
    private readonly counter: WindowCounter,
    private readonly name: string,
    readonly limit: RateLimit,
  ) {}

  /** Counts one failure and answers what to throw: the failure itself, or 429.1 once the budget is used up. */
  async counted(request: FastifyRequest, reply: FastifyReply, failure: RefusalError): Promise<RefusalError> {
    return (await this.overBudget(request, reply)) ?? failure;
  }

  /** Counts one failure whose answer is someone else's to give: 429.1 once the budget is used up, else undefined. */
  async overBudget(request: FastifyRequest, reply: FastifyReply): Promise<RefusalError | undefined> {
    try {
      const hit = await this.counter.take(this.keyOf(request), this.limit.max, this.limit.windowMs);
      return hit.count > this.limit.max ? tooManyRequests(reply, this.limit, hit.ttlMs) : undefined;
    } catch (error) {
      // The counters' database is unreachable: the failure is still the truthful answer.
      request.log.warn({ err: error }, `could not count a ${this.name} failure`);
      return undefined;
    }
  }

  /** `counted` without waiting, when the counters live in this process; undefined when they are shared. */
  countedAtOnce(request: FastifyRequest, reply: FastifyReply, failure: RefusalError): RefusalError | undefined {
    const hit = this.counter.takeAtOnce(this.keyOf(request), this.limit.max, this.limit.windowMs);
    return hit && this.verdict(reply, hit, failure);
  }

  private verdict(reply: FastifyReply, hit: Hit, failure: RefusalError): RefusalError {
    return hit.count > this.limit.max ? tooManyRequests(reply, this.limit, hit.ttlMs) : failure;
  }

  private keyOf(request: FastifyRequest): string {
    return `${this.name}:${clientAddress(request)}`;
  }
}
