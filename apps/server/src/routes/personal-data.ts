import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PersonalData, PersonalDataRequest, candidateFacingOrg, normalizeEmail } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { outboxEmailsAbout } from '../services/outbox-mentions.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * Snapshot images one document carries at most (decision 877): 32 MiB, some 43 MiB of base64 — a long proctored test
 * of one person fits; the images past it are listed with their time and size, and `snapshotsOmitted` counts them.
 */
export const EXPORT_IMAGE_BUDGET_BYTES = 32 * 1024 * 1024;

/** Access (issue 51 item 3, GDPR Art. 15): everything the org holds about one email address, in one JSON document. */
export const personalDataRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  app.post(
    '/candidates/export',
    {
      // A read: no Idempotency-Key is claimed, and its answer is never kept (decision 879).
      config: { keepsNoAnswer: true },
      schema: {
        tags: ['data protection'],
        summary: 'Everything held about one email address, as one JSON document (Assay extension)',
        description:
          'For a data subject’s request of access (GDPR Art. 15): every candidate of the organization registered with the address ' +
          '(compared trimmed and in lower case), each invitation with its status, dates, link, scores, marks, answers (code and text), ' +
          'grades, events (window departures, section views), pastes and keystroke timing, code playback, camera snapshots (base64, ' +
          'up to 32 MiB of images; the rest listed with `data: null` and counted in `snapshotsOmitted`), evidence reviews, similarity ' +
          'pairs (the other candidate by invitation id only), history, decision, tags, notes, ratings, deliveries with their log, ' +
          'Greenhouse interviews and reminders; the bulk-invitation rows with the address; and the emails in the outbox folder about ' +
          'them. The address goes in the body so it stays out of URLs and logs. An admin key only (403.17). Nothing under the address: ' +
          '404.52 (another organization’s candidate answers the same). An `Idempotency-Key` is ignored: the answer is never kept.',
        security: apiKeySecurity,
        body: PersonalDataRequest,
        response: envelopeResponses(PersonalData),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const emailKey = normalizeEmail(request.body.emailId);
      const exportedAt = new Date(now()).toISOString();
      const stored = found(
        await store.personalData.ofEmail(orgId, emailKey, { publicUrl: config.publicUrl, imageBudgetBytes: EXPORT_IMAGE_BUDGET_BYTES }),
        'candidate-not-found',
        'This organization holds no candidate with that email address (no registration, no bulk-invitation row).',
      );
      const org = await store.orgs.find(orgId);
      const outboxEmails = await outboxEmailsAbout(store, config.outboxDir, { orgId, emailKey, invitations: stored.invitations });
      return succeed({
        format: 'assay-personal-data/1' as const,
        exportedAt,
        emailId: request.body.emailId.trim(),
        holder: org ? candidateFacingOrg(org.name, org).displayName : '',
        ...stored,
        outboxEmails,
      });
    },
  );
};
