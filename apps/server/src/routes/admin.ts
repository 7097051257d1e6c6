import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyList, CreateOrgInput, CreatedOrg, IdParam, IssuedKey, RevokedKey, UTC_TIME_ZONE_ID, findTimeZone, succeed } from '@assay/domain';
import { generateApiKey, hashApiKey, sameHash } from '../auth/api-key.js';
import type { AppContext } from '../context.js';
import { honourIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import { found, refusal } from '../refusal-error.js';
import { envelopeResponses } from './responses.js';

const adminSecurity = [{ adminToken: [] }];
const OrgParams = z.object({ orgId: IdParam });

/** The operator API: on only when ASSAY_ADMIN_TOKEN is set, and then only with that bearer token. */
export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, store, keyCache, now, credentialLimits }) => {
  const tokenHash = config.adminToken === undefined ? undefined : hashApiKey(config.adminToken);
  app.addHook('onRequest', async (request, reply) => {
    if (tokenHash === undefined) throw refusal('403.1', 'The admin API is disabled: set ASSAY_ADMIN_TOKEN to enable it.');
    // The token is compared first: the operator's right token works from an address a neighbour's guesses put over
    // its budget; the guesses get 429.1 (a token passed the start's strength check, so guessing it is hopeless anyway).
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || !sameHash(hashApiKey(token), tokenHash)) {
      throw await credentialLimits.adminToken.counted(request, reply, refusal('401.3', 'Send the admin token as Authorization: Bearer <ASSAY_ADMIN_TOKEN>.'));
    }
  });
  honourIdempotencyKeys(app, { keys: store.idempotencyKeys, now, scopeOf: () => 'admin' });

  const orgOf = async (orgId: number) => found(await store.orgs.find(orgId), '404.5', `No organization ${orgId}.`);
  const issueKey = async (orgId: number) => {
    const key = generateApiKey();
    const keyId = await store.apiKeys.insert(orgId, key.keyHash, key.prefix, now());
    keyCache.forget([]);
    return { orgId, keyId, apiKey: key.apiKey };
  };

  app.post(
    '/orgs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create an organization and its first API key',
        description: 'The API key is shown only in this response; Assay stores its hash.',
        security: adminSecurity,
        body: CreateOrgInput,
        response: envelopeResponses(CreatedOrg),
      },
    },
    async (request) => {
      const timeZoneId = request.body.timeZoneId ?? UTC_TIME_ZONE_ID;
      if (!findTimeZone(timeZoneId)) throw refusal('400.9', `timeZoneId ${timeZoneId} is not in the time zone table (GET /v2/timezones).`);
      const org = await store.orgs.create({ name: request.body.name, email: request.body.email, timeZoneId }, now());
      const { apiKey } = await issueKey(org.id);
      return succeed({ orgId: org.id, apiKey });
    },
  );

  app.get(
    '/orgs/:orgId/keys',
    {
      schema: {
        tags: ['admin'],
        summary: "List an organization's API keys",
        security: adminSecurity,
        params: OrgParams,
        response: envelopeResponses(ApiKeyList),
      },
    },
    async (request) => {
      const org = await orgOf(request.params.orgId);
      return succeed({ orgId: org.id, keys: await store.apiKeys.list(org.id) });
    },
  );

  app.post(
    '/orgs/:orgId/keys',
    {
      schema: { tags: ['admin'], summary: 'Issue an additional API key', security: adminSecurity, params: OrgParams, response: envelopeResponses(IssuedKey) },
    },
    async (request) => succeed(await issueKey((await orgOf(request.params.orgId)).id)),
  );

  app.post(
    '/orgs/:orgId/keys/rotate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rotate: issue a new key and revoke every other key of the organization',
        security: adminSecurity,
        params: OrgParams,
        response: envelopeResponses(IssuedKey),
      },
    },
    async (request) => {
      const org = await orgOf(request.params.orgId);
      const issued = await issueKey(org.id);
      keyCache.forget(await store.apiKeys.revokeAllExcept(org.id, issued.keyId, now()));
      return succeed(issued);
    },
  );

  app.post(
    '/orgs/:orgId/keys/:keyId/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke one API key',
        security: adminSecurity,
        params: z.object({ orgId: IdParam, keyId: IdParam }),
        response: envelopeResponses(RevokedKey),
      },
    },
    async (request) => {
      const org = await orgOf(request.params.orgId);
      const { keyId } = request.params;
      const revoked = found(await store.apiKeys.revoke(org.id, keyId, now()), '404.6', `No API key ${keyId} in organization ${org.id}.`);
      keyCache.forget([revoked.keyHash]);
      return succeed({ orgId: org.id, keyId, revokedAt: new Date(revoked.revokedAt).toISOString() });
    },
  );
};
