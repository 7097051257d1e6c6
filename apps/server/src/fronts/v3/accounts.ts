import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  V3BusinessUnitList,
  V3User,
  V3UserCreateInput,
  V3UserStatusInput,
  V3UserUpdateInput,
  businessUnitsOf,
  checkBusinessUnit,
  checkNewUserEmail,
  mayDeactivatePerson,
  personByEmail,
  v3UserOf,
} from '@assay/domain';
import type { Repositories } from '@assay/store';
import type { AppContext } from '../../context.js';
import { answerWithEffect } from '../../idempotency/answer-with-effect.js';
import { honourIdempotencyKeys } from '../../idempotency/idempotency-keys.js';
import { found, unwrap } from '../../refusal-error.js';
import { v3Responses, v3Security } from './responses.js';

const tags = ['v3'];
const adminOnly = "An admin key only (the org's people are an admin's, decision 836); any other role is refused (403).";
/** iMocha's default for a user made through its API, and the narrowest role that still reads reports. */
const NEW_USER_ROLE = 'reviewer';

/**
 * iMocha v3's user and business-unit paths (decisions 981–984) on Assay's people (issue 50): the organization is the one
 * business unit, a user is a person found by email. People hold keys; nothing here issues one — an admin issues a
 * key to a new person (`POST /v2/org/people/{personId}/keys`, the TUI), since Assay has no passwords to mail.
 */
export const v3AccountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, keyCache, now }) => {
  const noOrg = (orgId: number) => `No organization ${orgId}.`;
  // An ATS retrying a create after a lost answer gets the answer, not "already exists".
  honourIdempotencyKeys(app, { keys: store.idempotencyKeys, now, scopeOf: (request) => `org:${request.org.orgId}` });

  app.get(
    '/accounts/business-units',
    {
      schema: {
        tags,
        summary: 'List business units (iMocha v3)',
        description: `A self-hosted Assay has one business unit, the organization the key belongs to: its id, name and creation (decision 981). ${adminOnly}`,
        security: v3Security,
        response: v3Responses(V3BusinessUnitList),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      return businessUnitsOf(found(await store.orgs.find(orgId), 'org-not-found', noOrg(orgId)));
    },
  );

  /** The person an email names, in the org, read in the transaction that changes them. */
  const userByEmail = async (repositories: Repositories, orgId: number, email: string) => unwrap(personByEmail(await repositories.people.list(orgId), email));

  app.post(
    '/accounts/user/create',
    {
      schema: {
        tags,
        summary: 'Create a user (iMocha v3)',
        description: `Adds a person with the \`reviewer\` role (iMocha's default) under \`email\` and \`fullName\` (v3's reference also spells \`fullname\`, \`Email\`, \`BusinessunitId\`: each is taken, decision 982). No email is sent and no key issued: an admin issues the person a key (decision 984). 409 for an address an active person has; 400 for a business unit that is not this organization. ${adminOnly}`,
        security: v3Security,
        body: V3UserCreateInput,
        response: v3Responses(V3User),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { email, fullName, businessUnitId } = request.body;
      unwrap(checkBusinessUnit(orgId, businessUnitId));
      const effect = async (repositories: Repositories) => {
        unwrap(checkNewUserEmail(await repositories.people.list(orgId), email));
        return repositories.people.add(orgId, { name: fullName, email, role: NEW_USER_ROLE }, now());
      };
      return answerWithEffect(reply, store, effect, (person) => v3UserOf(person, orgId));
    },
  );

  app.post(
    '/accounts/user/update',
    {
      schema: {
        tags,
        summary: "Change a user's business unit (iMocha v3)",
        description: `With one business unit there is nothing to move: the user and the unit are checked and the user answered (decision 981). 404 for an email no person has, 400 for another unit. ${adminOnly}`,
        security: v3Security,
        body: V3UserUpdateInput,
        response: v3Responses(V3User),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const effect = async (repositories: Repositories) => {
        const person = await userByEmail(repositories, orgId, request.body.email);
        unwrap(checkBusinessUnit(orgId, request.body.businessUnitId));
        return person;
      };
      return answerWithEffect(reply, store, effect, (person) => v3UserOf(person, orgId));
    },
  );

  app.post(
    '/accounts/user/status',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a user (iMocha v3)',
        description: `\`Inactive\` deactivates the person: every key of theirs is revoked at once, history still names them. \`Active\` ends a deactivation; revoked keys stay revoked, so an admin issues a new one (decision 984). The key making the request cannot deactivate its own person (409.21). ${adminOnly}`,
        security: v3Security,
        body: V3UserStatusInput,
        response: v3Responses(V3User),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { email, status } = request.body;
      let revoked: string[] = [];
      const effect = async (repositories: Repositories) => {
        const person = await userByEmail(repositories, orgId, email);
        if (status === 'Active')
          return found(await repositories.people.reactivate(orgId, person.personId), 'user-not-found', `No user with the email ${email}.`);
        const deactivation = found(
          await repositories.people.deactivate(orgId, unwrap(mayDeactivatePerson(request.org, person.personId)), now()),
          'user-not-found',
          `No user with the email ${email}.`,
        );
        revoked = deactivation.revokedKeyHashes;
        return deactivation.person;
      };
      const answer = await answerWithEffect(reply, store, effect, (person) => v3UserOf(person, orgId));
      keyCache.forget(revoked);
      return answer;
    },
  );
};
