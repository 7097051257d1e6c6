import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvitationSettings, InvitationSettingsInput } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['org'];

/**
 * The org's invitation settings: whether a registration that leaves out `sendEmail` emails the candidate (decision
 * 815), the deadline a single invitation gets when it names none (1394), and when one without any deadline is reminded (1395).
 */
export const invitationSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  app.get(
    '/invitation-settings',
    {
      schema: {
        tags,
        summary: 'Read the org’s invitation settings (Assay extension)',
        description:
          'sendEmailByDefault: whether a registration that leaves out sendEmail emails the candidate (false until set); defaultDeadlineDays: the expiry in days a single invitation made without one is given; ' +
          'remindAfterDays: the days after which a candidate invited without any deadline who has not started is reminded (null: none, as until set).',
        security: apiKeySecurity,
        response: envelopeResponses(InvitationSettings),
      },
    },
    async (request) => succeed(await store.orgs.invitationSettings(request.org.orgId)),
  );

  app.put(
    '/invitation-settings',
    {
      schema: {
        tags,
        summary: 'Choose the org’s invitation settings (Assay extension)',
        description:
          'A partial update: the fields left out keep their values; answers all of them. sendEmailByDefault true: a registration (4.7, 4.8) that leaves out sendEmail emails the candidate and answers emailQueued; false (the default): it emails nobody and answers as before (decision 780). ' +
          'defaultDeadlineDays and remindAfterDays: 1–365 whole days, or null for none (400.2 otherwise). An admin key only (403.17).',
        security: apiKeySecurity,
        body: InvitationSettingsInput,
        response: envelopeResponses(InvitationSettings),
      },
    },
    async (request) => succeed(await store.orgs.setInvitationSettings(request.org.orgId, request.body)),
  );
};
