import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Person, PersonInput, PersonList, PersonUpdate } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { Store } from '@assay/store';
import type { KeyOwnerCache } from '../auth/key-owner-cache.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found } from '../refusal-error.js';
import { envelopeResponses } from './responses.js';

const adminSecurity = [{ adminToken: [] }];
const OrgParams = z.object({ orgId: IdParam });
const PersonParams = z.object({ orgId: IdParam, personId: IdParam });

interface AdminPeopleOptions {
  readonly store: Store;
  readonly keyCache: KeyOwnerCache;
  readonly now: () => number;
}

/**
 * The people of an organization (issue 50, decision 771), under the operator API's token check (registered inside
 * adminRoutes). Another org's person answers 404.20 exactly like a missing one.
 */
export const adminPeopleRoutes: FastifyPluginAsyncZod<AdminPeopleOptions> = async (app, { store, keyCache, now }) => {
  const orgOf = async (orgId: number) => found(await store.orgs.find(orgId), 'org-not-found', `No organization ${orgId}.`);
  const noPerson = (orgId: number, personId: number) => `No person ${personId} in organization ${orgId}.`;

  app.get(
    '/orgs/:orgId/people',
    {
      schema: {
        tags: ['admin'],
        summary: "List an organization's people and their keys' ids",
        description: 'Every key issued before people existed has an unnamed person of its own (`name` null): its label names it.',
        security: adminSecurity,
        params: OrgParams,
        response: envelopeResponses(PersonList),
      },
    },
    async (request) => {
      const org = await orgOf(request.params.orgId);
      return succeed({ orgId: org.id, people: await store.people.list(org.id) });
    },
  );

  app.post(
    '/orgs/:orgId/people',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a person (name, optional email and role) to issue keys to',
        description:
          'Without a role the person is an `admin`. Issue them a key with `POST /admin/orgs/{orgId}/keys` and `{"personId": …}`; history entries, grades and evidence reviews of their keys name them.',
        security: adminSecurity,
        params: OrgParams,
        body: PersonInput,
        response: envelopeResponses(Person),
      },
    },
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      return answerWithEffect(reply, store, (repositories) => repositories.people.add(org.id, request.body, now()), succeed);
    },
  );

  app.post(
    '/orgs/:orgId/people/:personId',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a person's name, email or role",
        description: 'A new role applies at once to each of their active keys (decision 772). 404.20 for an unknown person or another organization’s.',
        security: adminSecurity,
        params: PersonParams,
        body: PersonUpdate,
        response: envelopeResponses(Person),
      },
    },
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      const { personId } = request.params;
      let changed: string[] = [];
      const answer = await answerWithEffect(
        reply,
        store,
        (repositories) => repositories.people.update(org.id, personId, request.body),
        (outcome) => {
          const update = found(outcome, 'person-not-found', noPerson(org.id, personId));
          changed = update.changedKeyHashes;
          return succeed(update.person);
        },
      );
      keyCache.forget(changed);
      return answer;
    },
  );

  app.post(
    '/orgs/:orgId/people/:personId/deactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deactivate a person: every key of theirs is revoked',
        description: 'The person stays, so their history entries, grades and reviews still name them; deactivating again answers the same.',
        security: adminSecurity,
        params: PersonParams,
        response: envelopeResponses(Person),
      },
    },
    async (request, reply) => {
      const org = await orgOf(request.params.orgId);
      const { personId } = request.params;
      let revoked: string[] = [];
      const answer = await answerWithEffect(
        reply,
        store,
        (repositories) => repositories.people.deactivate(org.id, personId, now()),
        (outcome) => {
          const deactivation = found(outcome, 'person-not-found', noPerson(org.id, personId));
          revoked = deactivation.revokedKeyHashes;
          return succeed(deactivation.person);
        },
      );
      keyCache.forget(revoked);
      return answer;
    },
  );
};
