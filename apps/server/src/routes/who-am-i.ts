import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WhoAmI, actorName, capabilitiesOf } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * Who the request's key is (issue 50): its person, its role and everything that role may do, so a front (the TUI)
 * offers only the moves the key may make instead of failing with 403.17 after they are submitted. Every key may ask.
 */
export const whoAmIRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['org'],
        summary: "The API key's person, role and capabilities",
        description:
          "`capabilities` lists what the key's role may do, by the names docs/security.md gives them (e.g. `register-candidates`, `change-invitations`, `grade`); `shownAs` is how history entries, grades and reviews name the key: its person's name, else its label.",
        security: apiKeySecurity,
        response: envelopeResponses(WhoAmI),
      },
    },
    async (request) => {
      const { orgId, keyId, role, personId } = request.org;
      const key = found(await store.apiKeys.find(orgId, keyId), 'api-key-not-found', `No API key ${keyId}.`);
      const person = found(personId === null ? undefined : await store.people.find(orgId, personId), 'person-not-found', 'This API key has no person.');
      return succeed({
        orgId,
        keyId,
        role,
        person: { personId: person.personId, name: person.name, email: person.email },
        shownAs: actorName({ personName: person.name, label: key.label, prefix: key.prefix }),
        capabilities: capabilitiesOf(role),
      });
    },
  );
};
