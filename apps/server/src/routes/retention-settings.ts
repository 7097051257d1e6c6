import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, RetentionSettings, RetentionSettingsInput, decideRetention } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['org'];

const RULES =
  `endedDays: an invitation is erased that many days after it ended (completed, expired or cancelled); mediaDays: camera snapshots and code playback are deleted that many days after the attempt ended, scores kept; ` +
  `unstartedDays: an invitation never started is erased that many days after it was made or its window closed, whichever is later. Each ${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS}, or null to keep; mediaDays at most endedDays (400.56). ` +
  'Erasing keeps an anonymised row ("Erased candidate") so scores and statistics hold. The worker applies them hourly, to everything already older too.';

/** The org's retention (issue 51 item 2; docs/data-protection.md, "Retention"): the rules are the domain's, the sweep is the worker's. */
export const retentionSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store }) => {
  const current = async (orgId: number) => found(await store.retention.settings(orgId), 'org-not-found', `No organization ${orgId}.`);

  app.get(
    '/retention-settings',
    {
      schema: {
        tags,
        summary: 'Read the org’s retention periods (Assay extension)',
        description: `${RULES} A new org starts at 365, 60 and 180 days; an org made before retention existed keeps everything (null) until an admin chooses (decision 849).`,
        security: apiKeySecurity,
        response: envelopeResponses(RetentionSettings),
      },
    },
    async (request) => succeed(await current(request.org.orgId)),
  );

  app.put(
    '/retention-settings',
    {
      schema: {
        tags,
        summary: 'Choose the org’s retention periods (Assay extension)',
        description: `${RULES} A period left out stays as it is. An admin key only (403.17).`,
        security: apiKeySecurity,
        body: RetentionSettingsInput,
        response: envelopeResponses(RetentionSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const next = unwrap(decideRetention(await current(orgId), request.body));
      await store.retention.setSettings(orgId, next);
      return succeed(next);
    },
  );
};
