import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvitationSettings, InvitationSettingsInput } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['org'];

/** The org's invitation settings (decision 815): whether a registration that leaves out `sendEmail` emails the candidate. */
export const invitationSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/invitation-settings',
    {
      schema: {
        tags,
        summary: 'Read the org’s invitation settings (Assay extension)',
        description: 'sendEmailByDefault: whether a registration that leaves out sendEmail emails the candidate (false until set).',
        security: apiKeySecurity,
        response: envelopeResponses(InvitationSettings),
      },
    },
    async (request) => succeed({ sendEmailByDefault: await store.orgs.sendEmailByDefault(request.org.orgId) }),
  );

  app.put(
    '/invitation-settings',
    {
      schema: {
        tags,
        summary: 'Choose the org’s invitation settings (Assay extension)',
        description:
          'sendEmailByDefault true: a registration (4.7, 4.8) that leaves out sendEmail emails the candidate and answers emailQueued; false (the default): it emails nobody and answers as before (decision 780). An admin key only (403.17).',
        security: apiKeySecurity,
        body: InvitationSettingsInput,
        response: envelopeResponses(InvitationSettings),
      },
    },
    async (request) => {
      await store.orgs.setSendEmailByDefault(request.org.orgId, request.body.sendEmailByDefault);
      return succeed({ sendEmailByDefault: request.body.sendEmailByDefault });
    },
  );
};
