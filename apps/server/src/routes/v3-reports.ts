import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParam,
  INVITATION_STATUS,
  MAX_TEST_ATTEMPTS,
  V3Failure,
  V3Report,
  V3ReportQuery,
  V3TestAttemptsAnswer,
  V3TestAttemptsInput,
  V3TestAttemptsQuery,
  v3AttemptsWindow,
  v3ReportOf,
  v3TestAttemptsOf,
} from '@assay/domain';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { PDF_MEDIA_TYPE } from '@assay/reports/host';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { loadReportDetails } from '../services/report-details.js';
import { sendReportPdf } from './report-pdf-reply.js';

const tags = ['v3'];
const security = [{ apiKey: [] }];
const InvitationParams = z.object({ testInvitationId: IdParam });
const v3Responses = <T extends z.ZodType>(ok: T, status: 200 | 201 = 200) => ({ [status]: ok, '4xx': V3Failure, '5xx': V3Failure });
const notFound = (id: number) => `No report for test invitation ${id}.`;

/**
 * iMocha v3's report of an invitation, its PDF and its reconciliation of attempts (issue 52, rows 10, 11 and 13; decisions
 * 907–911), on the same invitations and report data as v2: an invitation made through either is read through both.
 * Failures are v3's `{ statusCode, message, errors }` (plugins/v3-failures.ts); another org's ids answer 404 like missing ones.
 */
export const v3ReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, config, now } = context;

  app.get(
    '/reports/:testInvitationId',
    {
      schema: {
        tags,
        summary: "An invitation's report, section-wise, skill-wise or both (iMocha v3)",
        description:
          'Built from the same data as `GET /v2/org/report/{id}/details` and the PDF. `reportType` 1 (default) lists `sections`, 2 `skills`, 3 both. ' +
          'An invitation not yet scored answers its status with 0 points and no `pdfReportUrl` (decision 907); an ended attempt whose report is not final says `Review Pending` (answers await a grader, with `review`) or `Scoring`, never `Complete` with 0 points (decision 1026); `sectionTime` is in minutes, `sectionTimeTaken` in seconds (decision 1027). `PerformanceCategory` is the ' +
          "label of the test's verdict band. 404 for an unknown id or another organization's.",
        security,
        params: InvitationParams,
        querystring: V3ReportQuery,
        response: v3Responses(V3Report),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testInvitationId } = request.params;
      const [details, facts] = await Promise.all([loadReportDetails(store, orgId, testInvitationId), store.v3Reports.reportFacts(orgId, testInvitationId)]);
      const known = found(details && facts && { details, facts }, 'invitation-not-found', notFound(testInvitationId));
      const [sections, key] = await Promise.all([
        store.tests.versionOfInvitation(testInvitationId).then((contentId) => store.tests.sections(contentId ?? known.details.test.testId)),
        store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey),
      ]);
      const { status, completedAt, reportLinkGeneration, endReason, closesAt } = known.facts;
      // The signed link of v2's callbacks (decision 909): the PDF of this completed attempt, no key, for 30 days.
      const pdfReportUrl =
        status === INVITATION_STATUS.completed && completedAt !== null
          ? signedReportUrl(config.publicUrl, key, { invitationId: testInvitationId, completedAt, generation: reportLinkGeneration }, now())
          : null;
      return v3ReportOf(known.details, { sections, endReason, closesAt, now: now(), pdfReportUrl }, request.query.reportType);
    },
  );

  app.get(
    '/reports/:testInvitationId/pdf',
    {
      schema: {
        tags,
        summary: "An invitation's report as a PDF (the path v3 does not publish: decision 909)",
        description: `The PDF of \`GET /v2/org/report/{id}/pdf\` with the same key: a ${PDF_MEDIA_TYPE} attachment named assay-report-{testInvitationId}.pdf. 404 for an unknown id or another organization's; 503 with Retry-After when every export worker is busy.`,
        security,
        params: InvitationParams,
        response: {
          200: z.any().meta({ description: 'The report as a PDF document', content: { [PDF_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } } } }),
          '4xx': V3Failure,
          '5xx': V3Failure,
        },
      },
    },
    async (request, reply) =>
      sendReportPdf(reply, context, request.org.orgId, request.params.testInvitationId, { by: { keyId: request.org.keyId }, format: 'pdf' }),
  );

  app.post(
    '/candidates/testattempts',
    {
      schema: {
        tags,
        summary: 'Attempts completed, cancelled or expired in a window (iMocha v3 reconciliation)',
        description:
          '`completed` lists Complete, Test Left and Terminated attempts by when they ended, `cancelled` by when they were cancelled, `expired` ' +
          'never-started invitations by when their window closed (their own expiry or their link’s end). The window is [StartDateTime, EndDateTime), ' +
          `UTC, at most 31 days; more than ${MAX_TEST_ATTEMPTS} attempts answer 400 (ask for a shorter window), never a silent cut (decision 911). ` +
          '`testStatus` is in the words of iMocha’s reconciliation: Completed, Testleft, Terminated, Cancelled, Expired (decision 1028).',
        security,
        querystring: V3TestAttemptsQuery,
        body: V3TestAttemptsInput,
        response: v3Responses(V3TestAttemptsAnswer),
      },
    },
    async (request) => {
      const { state } = request.query;
      const window = unwrap(v3AttemptsWindow(request.body));
      const rows = await store.v3Reports.testAttempts(request.org.orgId, state, window, now(), MAX_TEST_ATTEMPTS + 1);
      return unwrap(v3TestAttemptsOf(rows, state));
    },
  );
};
