import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  GreenhouseAcknowledgement,
  GreenhouseFailure,
  GreenhouseResponseErrorInput,
  GreenhouseSendTestAnswer,
  GreenhouseSendTestInput,
  GreenhouseTestList,
  GreenhouseTestStatus,
  GreenhouseTestStatusQuery,
  applicationIdOf,
  greenhouseErrorEntry,
  greenhouseFullName,
  greenhouseTestList,
  greenhouseTestStatus,
  normalizeEmail,
  partnerIdOf,
  type TestSummary,
} from '@assay/domain';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { checkGreenhousePatchUrl } from '../services/greenhouse-patch-url.js';
import type { Store } from '@assay/store';
import { partnerRouteCapabilities } from '../auth/route-capabilities.js';
import type { AppContext } from '../context.js';
import { requireBasicApiKey } from '../plugins/basic-api-key-auth.js';
import { declareRouteCapabilities } from '../plugins/route-capabilities.js';
import { found, unwrap } from '../refusal-error.js';
import { checkCallbackTarget } from '../services/callback-target.js';
import { sendGreenhouseTest } from '../services/greenhouse-send.js';

/** Greenhouse's answers are its own shapes: the body itself on success, its failure body otherwise (decision 452). */
const greenhouseResponses = <T extends z.ZodType>(answer: T) => ({ 200: answer, '4xx': GreenhouseFailure, '5xx': GreenhouseFailure });
const security = [{ greenhouseBasic: [] }];
const tags = ['greenhouse'];
const PAGE = 100;

/** Every test of the org, page by page (Greenhouse lists them all at once). */
const allTests = async (store: Store, orgId: number): Promise<TestSummary[]> => {
  const tests: TestSummary[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.tests.list(orgId, PAGE, offset);
    tests.push(...page.tests);
    if (page.tests.length < PAGE || tests.length >= page.testsCount) return tests;
  }
};

/**
 * The Greenhouse Assessment Partner API (issue 33, item 1; docs/greenhouse.md), under /partners/greenhouse: an org API
 * key as the HTTP Basic user name. Each handler reads, asks the domain, and writes what it decided. Failures leave
 * through the one error handler, which answers Greenhouse's way in this front's scope (fronts/greenhouse/failures.ts).
 */
export const greenhousePartnerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, config, now } = context;
  declareRouteCapabilities(app, partnerRouteCapabilities);
  requireBasicApiKey(app, store, context.keyCache, context.credentialLimits.apiKey);

  app.get(
    '/list_tests',
    {
      schema: {
        tags,
        summary: 'Greenhouse: list the tests it may send',
        description: 'A bare JSON array of the org’s Active tests: partner_test_id is the v2 testId as a string.',
        security,
        response: greenhouseResponses(GreenhouseTestList),
      },
    },
    async (request) => greenhouseTestList(await allTests(store, request.org.orgId)),
  );

  app.post(
    '/send_test',
    {
      schema: {
        tags,
        summary: 'Greenhouse: send a test to a candidate',
        description:
          'Registers the candidate for the test (as 4.7) and emails them their link. The interview is the application (application_id of ' +
          'greenhouse_profile_url) and the test: sent again, it answers the same partner_interview_id. When the report is generated, Assay ' +
          'sends PATCH to `url` with the org’s Greenhouse credentials (PUT /v2/org/integrations/greenhouse), so `url` must be https ' +
          '(400.11 otherwise; plain http only to this machine where private callbacks are allowed). 404.2 for a test the org does not have.',
        security,
        body: GreenhouseSendTestInput,
        response: greenhouseResponses(GreenhouseSendTestAnswer),
      },
    },
    async (request) => {
      const { orgId, keyId } = request.org;
      const { partner_test_id: partnerTestId, candidate, url } = request.body;
      const applicationId = unwrap(applicationIdOf(candidate.greenhouse_profile_url));
      // The PATCH carries the org's Greenhouse credentials: https only (decision 637), refused at once, before any lookup.
      checkGreenhousePatchUrl(url, config.allowPrivateCallbacks);
      const testId = partnerIdOf(partnerTestId);
      const test = found(testId === undefined ? undefined : await store.tests.find(orgId, testId), 'test-not-found', `No test ${partnerTestId}.`);
      // Checked before the transaction: the DNS lookup waits for the network (as a callbackURL's).
      await checkCallbackTarget(url, config.allowPrivateCallbacks, undefined, 'url');
      const send = {
        orgId,
        keyId,
        testId: test.id,
        applicationId,
        email: candidate.email,
        fullName: greenhouseFullName(candidate),
        callbackUrl: url,
      };
      const interviewId = await sendGreenhouseTest(store, send, now());
      return { partner_interview_id: String(interviewId) };
    },
  );

  app.get(
    '/test_status',
    {
      schema: {
        tags,
        summary: 'Greenhouse: where an interview stands',
        description:
          'partner_status "complete" once the report is generated (no answer awaits a grade), with the score, flat metadata (total, ' +
          'percentage, time, per-section scores) and a signed link to the report PDF; before, another status and nulls. 404.13 for an ' +
          'interview of another org, or none.',
        security,
        querystring: GreenhouseTestStatusQuery,
        response: greenhouseResponses(GreenhouseTestStatus),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const text = request.query.partner_interview_id;
      const interviewId = partnerIdOf(text);
      const interview = found(
        interviewId === undefined ? undefined : await store.greenhouse.find(orgId, interviewId),
        'greenhouse-interview-not-found',
        `No interview ${text}.`,
      );
      const [record, sections, invitation, key] = await Promise.all([
        store.reports.report(orgId, interview.invitationId),
        store.reports.sections(orgId, interview.invitationId),
        store.invitations.find(orgId, interview.invitationId),
        store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey),
      ]);
      if (!record || !sections || !invitation) throw new Error(`interview ${interview.id} names invitation ${interview.invitationId}, which is gone`);
      const { completedAt, startedAt, reportLinkGeneration } = invitation;
      const signReportLink = () =>
        signedReportUrl(config.publicUrl, key, { invitationId: invitation.id, completedAt: completedAt ?? 0, generation: reportLinkGeneration }, now());
      return greenhouseTestStatus({ report: record.report, sections, startedAt, completedAt, signReportLink });
    },
  );

  app.post(
    '/response_error',
    {
      schema: {
        tags,
        summary: 'Greenhouse: an answer it could not use',
        description:
          'Recorded, as the caller’s report, in the history of the interview’s invitation (kind greenhouse-error: the first 5 errors, 200 ' +
          'characters each; the first and last 10 such entries are kept) — the interview named by partner_interview_id, else the org’s ' +
          'latest of partner_test_id sent to candidate_email; otherwise in the server log. An admin key only (the key Greenhouse sends ' +
          'tests with; 403.17 for a reviewer key). Always {"status":200} for a well-formed report.',
        security,
        body: GreenhouseResponseErrorInput,
        response: greenhouseResponses(GreenhouseAcknowledgement),
      },
    },
    async (request) => {
      const { orgId, keyId } = request.org;
      const body = request.body;
      const interviewId = body.partner_interview_id ? partnerIdOf(body.partner_interview_id) : undefined;
      const testId = body.partner_test_id ? partnerIdOf(body.partner_test_id) : undefined;
      const interview =
        (interviewId === undefined ? undefined : await store.greenhouse.find(orgId, interviewId)) ??
        (testId === undefined || !body.candidate_email ? undefined : await store.greenhouse.findByEmail(orgId, testId, normalizeEmail(body.candidate_email)));
      const entry = greenhouseErrorEntry(body);
      if (interview) await store.history.record(interview.invitationId, entry, { keyId }, now());
      // Nothing to attach it to (a list_tests error, an id of nothing): the log keeps it, at warn, with the org.
      else
        request.log.warn(
          { orgId, greenhouseError: { ...entry.details, partnerTestId: body.partner_test_id, partnerInterviewId: body.partner_interview_id } },
          'Greenhouse reported an error',
        );
      return { status: 200 as const };
    },
  );
};
