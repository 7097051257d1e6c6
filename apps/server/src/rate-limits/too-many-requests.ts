import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import { refusal, type RefusalError } from '../refusal-error.js';
import type { RateLimit } from '@assay/config';

/**
 * Addresses in their counted form, by the address as the socket (or X-Forwarded-For) gave it. normalizeIP tests every
 * address against an IPv6 pattern (~0.6 µs) and parses an IPv6 one twice (~75 µs): paid once per client, not per
 * request (decision 501). Bounded: an address not seen lately is normalized again.
 */
const normalized = new LRUCache<string, string>({ max: 4096 });

/**
 * The client a per-address limit counts: the socket's address, or the one `ASSAY_TRUST_PROXY` lets
 * X-Forwarded-For name. IPv6 clients count per /64, the block one subscriber usually gets.
 */
export const clientAddress = (request: FastifyRequest): string => {
  const ip = request.ip;
  if (!ip) return 'unknown';
  let form = normalized.get(ip);
  if (form === undefined) {
    form = normalizeIP(ip);
    normalized.set(ip, form);
  }
  return form;
};

export const secondsUntil = (ttlMs: number): number => Math.max(1, Math.ceil(ttlMs / 1000));

export const tooManyRequestsMessage = (ttlMs: number): string => `Too many requests: try again in ${secondsUntil(ttlMs)} s (README, "Rate limits").`;

/** 429.1 with the headers the limit hooks send too (RateLimit draft, Retry-After), for limits counted by hand. */
export const tooManyRequests = (reply: FastifyReply, limit: RateLimit, ttlMs: number): RefusalError => {
  const seconds = secondsUntil(ttlMs);
  reply.header('ratelimit-limit', limit.max).header('ratelimit-remaining', 0).header('ratelimit-reset', seconds).header('retry-after', seconds);
  return refusal('too-many-requests', tooManyRequestsMessage(ttlMs));
};
