import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyOwner, Store } from '@assay/store';
import { hashApiKey, looksLikeApiKey, sameHash } from '../auth/api-key.js';
import type { KeyOwnerCache } from '../auth/key-owner-cache.js';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { refusal } from '../refusal-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The org that owns the request's API key: every query of the request is scoped to it. */
    org: KeyOwner;
  }
}

const headerValue = (request: FastifyRequest): string | undefined => {
  const value = request.headers['x-api-key'];
  return Array.isArray(value) ? value[0] : value;
};

const invalidKey = () => refusal('api-key-invalid', 'The API key in x-api-key is not valid.');

/**
 * The active key's owner, or null: from the cache when the key was seen recently, else one SHA-256 and one indexed read
 * (the answer, an unknown key's null included, is cached). Shared by x-api-key and Greenhouse's HTTP Basic.
 */
export const keyOwnerOf = async (store: Store, cache: KeyOwnerCache, apiKey: string): Promise<KeyOwner | null> => {
  const cached = cache.get(apiKey);
  if (cached !== undefined) return cached;
  const keyHash = hashApiKey(apiKey);
  const found = await store.apiKeys.findActiveOwner(keyHash);
  const owner = found && sameHash(found.keyHash, keyHash) ? found : null;
  cache.set(apiKey, owner);
  return owner;
};

/**
 * `x-api-key` on every route of the scope it is added to; runs before the body is read. Every 401 counts
 * against the client address's budget (`failures`), and an address over it gets 429.1 for every wrong key;
 * the key is looked up first (one SHA-256, one indexed read; a key seen recently not even that), so a right
 * key is accepted from any address, however many wrong ones a neighbour behind it sent.
 */
export const requireApiKey = (app: FastifyInstance, store: Store, cache: KeyOwnerCache, failures: FailureLimiter): void => {
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, apiKey: string | undefined): Promise<void> => {
    if (!apiKey) throw await failures.counted(request, reply, refusal('api-key-missing', 'Send your API key in the x-api-key header.'));
    if (!looksLikeApiKey(apiKey)) throw await failures.counted(request, reply, invalidKey());
    const owner = await keyOwnerOf(store, cache, apiKey);
    if (owner === null) throw await failures.counted(request, reply, invalidKey());
    request.org = owner;
  };

  app.decorateRequest('org', null as unknown as KeyOwner);
  // A key seen recently is answered at once, without a promise; everything else takes the checks above.
  app.addHook('onRequest', (request, reply, done) => {
    const apiKey = headerValue(request)?.trim();
    const known = apiKey ? cache.get(apiKey) : undefined;
    if (known) {
      request.org = known;
      return done();
    }
    if (known === null) {
      const answer = failures.countedAtOnce(request, reply, invalidKey());
      if (answer) return done(answer);
    }
    authenticate(request, reply, apiKey).then(() => done(), done);
  });
};
