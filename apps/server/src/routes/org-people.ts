import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, IssuedKey, OrgKeyInput, OrgPeople, Person, PersonInput, RevokedKey, mayDeactivatePerson, mayRevokeKey } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { issueKey, peopleWithKeys, revokeKey } from '../services/people-keys.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const PersonParams = z.object({ personId: IdParam });
const adminKeyOnly = 'An admin key only: any other role is refused (403.17).';

/**
 * An org's admin key manages the org's own people and keys (issue 50 item 5, decision 836): the same service as the
 * operator's `/admin/orgs/{orgId}/people|keys` routes, scoped to the key's org, so another org's person or key answers
 * 404 exactly like a missing one. The requesting key may not revoke itself or deactivate its own person (409.21).
 */
export const orgPeopleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, keyCache, now }) => {
  const noPerson = (personId: number) => `No person ${personId}.`;

  app.get(
    '/people',
    {
      schema: {
        tags: ['people'],
        summary: "The organization's people, each with their keys (Assay extension)",
        description: `Keys are listed with their prefix, role, label and dates, never their secret; revoked ones too. ${adminKeyOnly}`,
        security: apiKeySecurity,
        response: envelopeResponses(OrgPeople),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      return succeed({ orgId, people: await peopleWithKeys(store, orgId) });
    },
  );

  app.post(
    '/people',
    {
      schema: {
        tags: ['people'],
        summary: 'Add a person (name, optional email and role) to issue keys to (Assay extension)',
        description: `Without a role the person is an \`admin\`. ${adminKeyOnly}`,
        security: apiKeySecurity,
        body: PersonInput,
        response: envelopeResponses(Person),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      return answerWithEffect(reply, store, (repositories) => repositories.people.add(orgId, request.body, now()), succeed);
    },
  );

  app.post(
    '/people/:personId/keys',
    {
      schema: {
        tags: ['people'],
        summary: 'Issue a key for a person; the secret is shown only in this answer (Assay extension)',
        description: `Optional body \`{ "role": …, "label": "…" }\`: without a role the key has the person's role. 404.20 for an unknown person or another organization's, 409.20 for a deactivated one. ${adminKeyOnly}`,
        security: apiKeySecurity,
        params: PersonParams,
        body: OrgKeyInput.nullish(),
        response: envelopeResponses(IssuedKey),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const input = { ...(request.body ?? {}), personId: request.params.personId };
      const answer = await answerWithEffect(reply, store, (repositories) => issueKey(repositories, orgId, input, now()), succeed);
      // No key is revoked, but a new key may have been tried before it existed and be cached as unknown.
      keyCache.forget([]);
      return answer;
    },
  );

  app.post(
    '/keys/:keyId/revoke',
    {
      schema: {
        tags: ['people'],
        summary: 'Revoke one API key of the organization (Assay extension)',
        description: `Refused at once on every route. 404.6 for an unknown key or another organization's; 409.21 for the key making the request (decision 836: use another admin key). ${adminKeyOnly}`,
        security: apiKeySecurity,
        params: z.object({ keyId: IdParam }),
        response: envelopeResponses(RevokedKey),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const keyId = unwrap(mayRevokeKey(request.org, request.params.keyId));
      let keyHash = '';
      const answer = await answerWithEffect(
        reply,
        store,
        (repositories) => revokeKey(repositories, orgId, keyId, now()),
        (outcome) => {
          keyHash = outcome.keyHash;
          return succeed(outcome.revoked);
        },
      );
      keyCache.forget([keyHash]);
      return answer;
    },
  );

  app.post(
    '/people/:personId/deactivate',
    {
      schema: {
        tags: ['people'],
        summary: 'Deactivate a person: every key of theirs is revoked (Assay extension)',
        description: `The person stays, so history, grades and notes still name them. 404.20 for an unknown person or another organization's; 409.21 for the person of the key making the request. ${adminKeyOnly}`,
        security: apiKeySecurity,
        params: PersonParams,
        response: envelopeResponses(Person),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const personId = unwrap(mayDeactivatePerson(request.org, request.params.personId));
      let revoked: string[] = [];
      const answer = await answerWithEffect(
        reply,
        store,
        (repositories) => repositories.people.deactivate(orgId, personId, now()),
        (outcome) => {
          const deactivation = found(outcome, 'person-not-found', noPerson(personId));
          revoked = deactivation.revokedKeyHashes;
          return succeed(deactivation.person);
        },
      );
      keyCache.forget(revoked);
      return answer;
    },
  );
};
