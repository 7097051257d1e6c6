import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GreenhouseIntegration, GreenhouseIntegrationInput, greenhouseEndpoints } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { Store } from '@assay/store';
import type { AppContext } from '../context.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['greenhouse'];

/** The org's Greenhouse connection, as answered: configured or not, the user name, when set, and the URLs to give. */
const integrationOf = async (store: Pick<Store, 'greenhouse'>, orgId: number, publicUrl: string): Promise<GreenhouseIntegration> => {
  const credentials = await store.greenhouse.credentials(orgId);
  return {
    configured: credentials !== undefined,
    callbackUsername: credentials?.username ?? null,
    updatedAt: credentials ? new Date(credentials.updatedAt).toISOString() : null,
    endpoints: greenhouseEndpoints(publicUrl),
  };
};

/** Connecting an org to Greenhouse (issue 33, item 1; docs/greenhouse.md): the credentials of its PATCH "test completed". */
export const greenhouseIntegrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  app.get(
    '/integrations/greenhouse',
    {
      schema: {
        tags,
        summary: 'The org’s Greenhouse connection (Assay extension)',
        description:
          'Whether callback credentials are set (the password is never answered), and the four partner API URLs to give Greenhouse with an ' +
          'API key of the org as the HTTP Basic user name.',
        security: apiKeySecurity,
        response: envelopeResponses(GreenhouseIntegration),
      },
    },
    async (request) => succeed(await integrationOf(store, request.org.orgId, config.publicUrl)),
  );

  app.put(
    '/integrations/greenhouse',
    {
      schema: {
        tags,
        summary: 'Set the credentials Greenhouse issued for its PATCH (Assay extension)',
        description:
          'HTTP Basic credentials for PATCH "test completed", sent to the url of each send_test once the report is generated. Replaces any ' +
          'earlier ones; the password is write-only. A reviewer key is refused (403.17).',
        security: apiKeySecurity,
        body: GreenhouseIntegrationInput,
        response: envelopeResponses(GreenhouseIntegration),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { callbackUsername, callbackPassword } = request.body;
      await store.greenhouse.saveCredentials(orgId, { username: callbackUsername, password: callbackPassword }, now());
      return succeed(await integrationOf(store, orgId, config.publicUrl));
    },
  );
};
