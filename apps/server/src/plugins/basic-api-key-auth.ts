import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyOwner, Store } from '@assay/store';
import { looksLikeApiKey } from '../auth/api-key.js';
import { GREENHOUSE_MAX_KEY_LENGTH, basicCredentialsOf } from '../auth/basic-credentials.js';
import type { KeyOwnerCache } from '../auth/key-owner-cache.js';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { refusal } from '../refusal-error.js';
import { keyOwnerOf } from './api-key-auth.js';

const missing = () =>
  refusal('api-key-missing', 'Send an API key of the org as the HTTP Basic user name, with an empty password (Authorization: Basic base64("<key>:")).');
const invalid = () => refusal('api-key-invalid', 'The API key in the HTTP Basic user name is not valid.');

/**
 * Greenhouse's authentication: an org API key as the HTTP Basic user name and an empty password (its docs: the key is
 * under 171 characters). Anything else is 401 (decision 457), counted against the address like a wrong x-api-key, with
 * the same cache and lookup, so the org, its key's id and role are those of the v2 API.
 */
export const requireBasicApiKey = (app: FastifyInstance, store: Store, cache: KeyOwnerCache, failures: FailureLimiter): void => {
  app.decorateRequest('org', null as unknown as KeyOwner);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const credentials = basicCredentialsOf(Array.isArray(header) ? header[0] : header);
    if (!credentials || credentials.username === '') throw await failures.counted(request, reply, missing());
    const { username, password } = credentials;
    if (password !== '' || username.length > GREENHOUSE_MAX_KEY_LENGTH || !looksLikeApiKey(username)) throw await failures.counted(request, reply, invalid());
    const owner = await keyOwnerOf(store, cache, username);
    if (owner === null) throw await failures.counted(request, reply, invalid());
    request.org = owner;
  });
};
