import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CandidatePageSettings, CandidatePageSettingsInput, candidatePageSettings, updateCandidatePage } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { Repositories } from '@assay/store';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['org'];

/** What the key's org shows candidates about itself: a display name and a contact, on every candidate page. */
export const candidatePageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  const orgOf = async (repositories: Repositories, orgId: number) => found(await repositories.orgs.find(orgId), 'org-not-found', 'No such organization.');

  app.get(
    '/candidate-page',
    {
      schema: {
        tags,
        summary: 'What candidate pages say about the organization',
        description:
          "The display name and contact the org chose (null: not chosen), and `shown`: what candidates see now (the org's own name without a display name).",
        security: apiKeySecurity,
        response: envelopeResponses(CandidatePageSettings),
      },
    },
    async (request) => {
      const org = await orgOf(store, request.org.orgId);
      return succeed(candidatePageSettings(org.name, org));
    },
  );

  app.post(
    '/candidate-page',
    {
      schema: {
        tags,
        summary: 'Choose the display name and contact candidate pages show',
        description:
          'Every candidate page (the landing, the questions, the finish and expired pages, a public link) says "Assessment from <displayName>" and how to ask the contact. ' +
          'A field left out keeps its value; null or "" clears it. A contactName with neither contactEmail nor contactUrl is refused (400.17).',
        security: apiKeySecurity,
        body: CandidatePageSettingsInput,
        response: envelopeResponses(CandidatePageSettings),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const choose = async (repositories: Repositories) => {
        const org = await orgOf(repositories, orgId);
        const choices = unwrap(updateCandidatePage(org, request.body));
        await repositories.orgs.setCandidatePage(orgId, choices);
        return candidatePageSettings(org.name, choices);
      };
      return answerWithEffect(reply, store, choose, succeed);
    },
  );
};
