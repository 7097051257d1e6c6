import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalError } from '../refusal-error.js';
import type { RateLimit } from '@assay/config';
import { clientAddress, tooManyRequests } from './too-many-requests.js';
import type { Hit, WindowCounter } from './window-counter.js';

/**
 * Counts failed credentials per client address (bad API keys, bad admin tokens): only failures use up the
 * budget, and once it is gone the address gets 429.1 instead of another answer to its guess.
 */
export class FailureLimiter {
  constructor(
    private readonly counter: WindowCounter,
    private readonly name: string,
    readonly limit: RateLimit,
  ) {}

  /**
   * Before a lookup or a secret comparison: refuses an address over budget, on any instance. Answered from
   * memory once this instance knows; else one read of the shared window (no hit is counted).
   */
  async refuseIfBlocked(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let blockedMs = 0;
    try {
      blockedMs = await this.counter.blockedMs(this.keyOf(request), this.limit.max);
    } catch (error) {
      request.log.warn({ err: error }, `could not read the ${this.name} budget`);
    }
    if (blockedMs > 0) throw tooManyRequests(reply, this.limit, blockedMs);
  }

  /** Counts one failure and answers what to throw: the failure itself, or 429.1 once the budget is used up. */
  async counted(request: FastifyRequest, reply: FastifyReply, failure: RefusalError): Promise<RefusalError> {
    try {
      return this.verdict(reply, await this.counter.take(this.keyOf(request), this.limit.max, this.limit.windowMs), failure);
    } catch (error) {
      // The counters' database is unreachable: the failure is still the truthful answer.
      request.log.warn({ err: error }, `could not count a ${this.name} failure`);
      return failure;
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
