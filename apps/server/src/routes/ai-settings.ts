import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrgAiSettings, OrgAiSettingsInput, orgAiSettingsOf } from '@assay/domain/ai';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['org'];

/** The org's AI settings (issue 60, decision 1161; docs/ai.md): its switch for the assistant, the model, the prompts. */
export const aiSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, assistantModel }) => {
  const modelOf = () => (assistantModel ? { name: assistantModel.connection.model, host: assistantModel.host } : null);
  const switchOf = async (orgId: number) => found(await store.assistant.orgSwitch(orgId), 'org-not-found', `No organization ${orgId}.`);

  app.get(
    '/ai-settings',
    {
      schema: {
        tags,
        summary: 'Read the org’s AI assistant switch, the model and the system prompts (Assay extension)',
        description: 'What candidates’ assistants run on and follow, word for word (docs/ai.md). Every key may read it.',
        security: apiKeySecurity,
        response: envelopeResponses(OrgAiSettings),
      },
    },
    async (request) => succeed(orgAiSettingsOf(await switchOf(request.org.orgId), modelOf())),
  );

  app.put(
    '/ai-settings',
    {
      schema: {
        tags,
        summary: 'Switch the AI assistant on or off for the org (Assay extension)',
        description:
          'Off: the assistant answers 403.71 on every attempt of the org at once (the candidate’s panel says so; the test goes on), and a test or settings change that offers it is refused (400.31). Nothing recorded is touched. An admin key only (403.17).',
        security: apiKeySecurity,
        body: OrgAiSettingsInput,
        response: envelopeResponses(OrgAiSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      await switchOf(orgId);
      await store.assistant.setOrgSwitch(orgId, request.body.assistantEnabled);
      return succeed(orgAiSettingsOf(request.body.assistantEnabled, modelOf()));
    },
  );
};
