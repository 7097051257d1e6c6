import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyList, CreateOrgInput, CreatedOrg, IdParam, IssueKeyInput, IssuedKey, RevokedKey, newOrgTimeZoneId } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import { hashApiKey, sameHash } from '../auth/api-key.js';
import type { Repositories } from '@assay/store';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { honourIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import { found, refusal, unwrap } from '../refusal-error.js';
import { issueKey as issueKeyFor, revokeKey } from '../services/people-keys.js';
import { adminPeopleRoutes } from './admin-people.js';
import { envelopeResponses } from './responses.js';

const adminSecurity = [{ adminToken: [] }];
const OrgParams = z.object({ orgId: IdParam });

/** The operator API: on only when ASSAY_ADMIN_TOKEN is set, and then only with that bearer token. */
export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, store, keyCache, now, credentialLimits }) => {
  const tokenHash = config.adminToken === undefined ? undefined : hashApiKey(config.adminToken);
  app.addHook('onRequest', async (request, reply) => {
    if (tokenHash === undefined) throw refusal('admin-api-disabled', 'The admin API is disabled: set ASSAY_ADMIN_TOKEN to enable it.');
    // The token is compared first: the operator's right token works from an address a neighbour's guesses put over
    // its budget; the guesses get 429.1 (a token passed the start's strength check, so guessing it is hopeless anyway).
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || !sameHash(hashApiKey(token), tokenHash)) {
      throw await credentialLimits.adminToken.counted(
        request,
        reply,
        refusal('admin-token-invalid', 'Send the admin token as Authorization: Bearer <ASSAY_ADMIN_TOKEN>.'),
      );
    }
  });
  honourIdempotencyKeys(app, { keys: store.idempotencyKeys, now, scopeOf: () => 'admin' });

  const orgOf = async (orgId: number) => found(await store.orgs.find(orgId), 'org-not-found', `No organization ${orgId}.`);
  const issueKey = (repositories: Repositories, orgId: number, input: IssueKeyInput = {}) => issueKeyFor(repositories, orgId, input, now());
  const issueKeyDescription =
    'Optional body `{ "role": "admin" | "recruiter" | "reviewer" | "blind-reviewer" | "hiring-manager", "label": "…", "personId": 7 }`. Without a role the key is a full (`admin`) key, or has its person\'s role; a `recruiter` key invites and changes invitations and links but not the organization\'s settings, a `reviewer` key reads tests and reports and grades, a `hiring-manager` key also notes, tags, rates and decides but never invites or changes invitations, tests or links, and each is refused (403.17, naming the roles that may) on every route its role may not use (docs/security.md). Without a label the key is labelled with its prefix. With `personId` the key is that person\'s (404.20 for an unknown person, 409.20 for a deactivated one); without, it gets an unnamed person of its own. The API key is shown only in this response.';
  /** After a key's change commits: this instance's cache answers from the database again. */
  const forgetKeys = <Answer>(answer: Answer, keyHashes: readonly string[] = []): Answer => {
    keyCache.forget(keyHashes);
    return answer;
  };

  await app.register(adminPeopleRoutes, { store, keyCache, now });

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
    async (request, reply) => {
      const timeZoneId = unwrap(newOrgTimeZoneId(request.body.timeZoneId));
      // The org and its first key together: a crash between them left an org nobody could use.
      const create = async (repositories: Repositories) => {
        const org = await repositories.orgs.create({ name: request.body.name, email: request.body.email, timeZoneId }, now());
        const { apiKey } = await issueKey(repositories, org.id);
        return { orgId: org.id, apiKey };
      };
      return forgetKeys(await answerWithEffect(reply, store, create, succeed));
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
      schema: {
        tags: ['admin'],
        summary: 'Issue an additional API key, with a role and a label',
        description: issueKeyDescription,
        security: adminSecurity,
        params: OrgParams,
        body: IssueKeyInput.nullish(),
        response: envelopeResponses(IssuedKey),
      },
    },
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      return forgetKeys(await answerWithEffect(reply, store, (repositories) => issueKey(repositories, org.id, request.body ?? undefined), succeed));
    },
  );

  app.post(
    '/orgs/:orgId/keys/rotate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rotate: issue a new key and revoke every other key of the organization',
        description: `${issueKeyDescription} Revoked keys keep their role and label in the list.`,
        security: adminSecurity,
        params: OrgParams,
        body: IssueKeyInput.nullish(),
        response: envelopeResponses(IssuedKey),
      },
    },
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      let revoked: string[] = [];
      const rotate = async (repositories: Repositories) => {
        const issued = await issueKey(repositories, org.id, request.body ?? undefined);
        revoked = await repositories.apiKeys.revokeAllExcept(org.id, issued.keyId, now());
        return issued;
      };
      const answer = await answerWithEffect(reply, store, rotate, succeed);
      return forgetKeys(answer, revoked);
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
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      const { keyId } = request.params;
      let keyHash = '';
      const answer = await answerWithEffect(
        reply,
        store,
        (repositories) => revokeKey(repositories, org.id, keyId, now()),
        (outcome) => {
          keyHash = outcome.keyHash;
          return succeed(outcome.revoked);
        },
      );
      return forgetKeys(answer, [keyHash]);
    },
  );
};
