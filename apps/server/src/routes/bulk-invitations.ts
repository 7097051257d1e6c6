import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BulkInvitationBody, BulkInvitationJob, BulkJobQuery, IdParam } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found } from '../refusal-error.js';
import { acceptCsvBodies } from '../services/bulk-csv.js';
import { acceptStreamedJsonRows } from '../services/bulk-json.js';
import { bulkJobAnswer, requireTestBeforeBody, submitBulkFile } from '../services/bulk-invitations.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** A file of 10,000 rows with long names and every column fits; the server's own limit when it is larger (decision 484). */
export const BULK_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const bulkInvitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  // Both kinds of file are read as they arrive and counted as they are parsed (decision 630).
  acceptCsvBodies(app);
  acceptStreamedJsonRows(app);

  app.post(
    '/tests/:testId/invitations/bulk',
    {
      bodyLimit: Math.max(BULK_BODY_LIMIT_BYTES, config.bodyLimitBytes),
      preParsing: requireTestBeforeBody(store),
      schema: {
        tags: ['registration'],
        summary: 'Invite a file of candidates (Assay extension)',
        description:
          'A CSV (text/csv) or a JSON list of up to 10,000 rows (email, name, optional extraTimePercent and linkExpiresAt; docs/bulk-invitations.md). ' +
          'Answers at once (200.1, state queued) with the job (rows not yet read: GET /bulk-invitations/{jobId}); each row is registered as 4.7 registers one and its new candidate emailed, at a bounded rate. ' +
          'The same rows sent again for the same test answer the same job (resubmitted: true) and invite nobody. 404.2 for a missing test, answered before the file is read; 413.2 over 10,000 rows, answered at row 10,001; 400.20 for a CSV that cannot be read.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        body: BulkInvitationBody,
        response: envelopeResponses(BulkInvitationJob),
      },
    },
    async (request, reply) => submitBulkFile(reply, store, request.org, request.params.testId, request.body, now()),
  );

  app.get(
    '/bulk-invitations/:jobId',
    {
      schema: {
        tags: ['registration'],
        summary: 'A bulk invitation job (Assay extension)',
        description:
          "The job's progress and each row's outcome: invited, alreadyInvited, refused (with the reason) or pending. Another org's job answers 404.14.",
        security: apiKeySecurity,
        params: z.object({ jobId: IdParam }),
        querystring: BulkJobQuery,
        response: envelopeResponses(BulkInvitationJob),
      },
    },
    async (request) => {
      const job = found(
        await store.bulkInvitations.find(request.org.orgId, request.params.jobId),
        'bulk-job-not-found',
        `No bulk invitation job ${request.params.jobId}.`,
      );
      return succeed(await bulkJobAnswer(store, job, request.query.rows, false));
    },
  );
};
