/**
 * The operationId of every documented route, keyed by method and OpenAPI path. Generated clients name
 * their functions after these, so they are part of the public contract: never rename one. A new route
 * needs a line here — test/openapi/operation-ids.test.ts names any route that lacks one.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Operations and reference data (public)
  'GET /healthz': 'getHealth',
  'GET /readyz': 'getReadiness',
  'GET /v2/timezones': 'listTimeZones',
  'GET /v2/test-definition.schema.json': 'getTestDefinitionSchema',
  'GET /v2/reports/{testInvitationId}/pdf': 'getSignedReportPdf',

  // Candidate API (public: the token or access key in the path is the credential)
  'GET /candidate/v1/{token}': 'getCandidateSession',
  'POST /candidate/v1/{token}/start': 'startAttempt',
  'PUT /candidate/v1/{token}/answers/{questionId}': 'saveAnswer',
  'POST /candidate/v1/{token}/events': 'recordProctoringEvent',
  'POST /candidate/v1/{token}/snapshots': 'uploadSnapshot',
  'POST /candidate/v1/{token}/run/{questionId}': 'runSampleTests',
  'POST /candidate/v1/{token}/runs': 'startRun',
  'GET /candidate/v1/{token}/runs/{runId}': 'getRun',
  'DELETE /candidate/v1/{token}/runs/{runId}': 'cancelRun',
  'POST /candidate/v1/{token}/submit': 'submitAttempt',
  'GET /candidate/v1/links/{accessKey}': 'getPublicLink',
  'POST /candidate/v1/links/{accessKey}/register': 'registerOnPublicLink',

  // The assessment API v2 (API key)
  'GET /v2/org/tests': 'listTests',
  'POST /v2/org/tests': 'importTest',
  'GET /v2/org/tests/{testId}': 'getTest',
  'POST /v2/org/tests/{testId}/testlinks': 'createTestLink',
  'GET /v2/org/tests/{testId}/testlinks': 'listTestLinks',
  'POST /v2/org/tests/{testId}/testlinks/{testLinkId}': 'updateTestLink',
  'GET /v2/org/tests/{testId}/testlinks/{testLinkId}': 'getTestLink',
  'POST /v2/org/tests/{testId}/register': 'registerCandidate',
  'POST /v2/org/tests/{testId}/testlinks/{testLinkId}/register': 'registerCandidateByTestLink',
  'POST /v2/org/tests/{testId}/invitations/bulk': 'inviteCandidatesInBulk',
  'GET /v2/org/bulk-invitations/{jobId}': 'getBulkInvitationJob',
  'GET /v2/org/testinvitation/{testInvitationId}/cancel': 'cancelInvitation',
  'GET /v2/org/testinvitation/{testInvitationId}/reattempt': 'reattemptInvitation',
  'GET /v2/org/testinvitation/{testInvitationId}/reset': 'resetInvitation',
  'POST /v2/org/testinvitation/{testInvitationId}/resend': 'resendInvitation',
  'GET /v2/org/invitation-settings': 'getInvitationSettings',
  'PUT /v2/org/invitation-settings': 'setInvitationSettings',
  'GET /v2/org/report/{testInvitationId}': 'getCandidateReport',
  'GET /v2/org/report/{testInvitationId}/sections': 'getSectionReport',
  'GET /v2/org/report/{testInvitationId}/details': 'getReportDetails',
  'GET /v2/org/report/{testInvitationId}/pdf': 'exportReportPdf',
  'POST /v2/org/report/{testInvitationId}/links/revoke': 'revokeReportLinks',
  'GET /v2/org/report/{testId}/excel': 'exportTestExcel',
  'GET /v2/org/webhooks': 'getWebhookSettings',
  'POST /v2/org/webhooks/secret/rotate': 'rotateWebhookSecret',
  'POST /v2/org/webhooks/settings': 'updateWebhookSettings',
  'POST /v2/org/webhooks/test': 'sendTestEvent',
  'GET /v2/org/testinvitation/{testInvitationId}/deliveries': 'listDeliveries',
  'PUT /v2/org/testinvitation/{testInvitationId}/evidence/{eventId}': 'reviewEvidence',
  'GET /v2/org/testinvitation/{testInvitationId}/history': 'getInvitationHistory',
  'GET /v2/org/testinvitation/{testInvitationId}/similarity': 'listSimilarityPairs',
  'POST /v2/org/deliveries/{jobId}/redeliver': 'redeliver',
  'GET /v2/org/events': 'listEvents',
  'GET /v2/org/candidate-page': 'getCandidatePageSettings',
  'POST /v2/org/candidate-page': 'updateCandidatePageSettings',
  'PUT /v2/org/testinvitation/{testInvitationId}/grades/{questionId}': 'gradeAnswer',
  'GET /v2/org/tests/{testId}/review': 'getReviewQueue',
  'GET /v2/org/tests/{testId}/invitations': 'listTestInvitations',
  'GET /v2/org/tests/{testId}/invitations/summary': 'summarizeTestInvitations',
  'PUT /v2/org/review/{reference}/grade': 'gradeByReviewReference',
  'GET /v2/org/integrations/greenhouse': 'getGreenhouseIntegration',
  'PUT /v2/org/integrations/greenhouse': 'configureGreenhouseIntegration',
  'GET /v2/org/tests/{testId}/reminders': 'getTestReminders',
  'PUT /v2/org/tests/{testId}/reminders': 'setTestReminders',
  'GET /v2/org/tests/{testId}/testlinks/{testLinkId}/reminders': 'getTestLinkReminders',
  'PUT /v2/org/tests/{testId}/testlinks/{testLinkId}/reminders': 'setTestLinkReminders',
  'PUT /v2/org/testinvitation/{testInvitationId}/expiry': 'setInvitationExpiry',
  'GET /v2/org/testinvitation/{testInvitationId}/evaluation': 'getCandidateEvaluation',
  'GET /v2/org/me': 'getOwnKey',
  'PUT /v2/org/testinvitation/{testInvitationId}/decision': 'decideOnCandidate',
  'POST /v2/org/testinvitation/{testInvitationId}/tags': 'addCandidateTag',
  'DELETE /v2/org/testinvitation/{testInvitationId}/tags/{tag}': 'removeCandidateTag',
  'GET /v2/org/testinvitation/{testInvitationId}/notes': 'listCandidateNotes',
  'POST /v2/org/testinvitation/{testInvitationId}/notes': 'addCandidateNote',
  'PATCH /v2/org/testinvitation/{testInvitationId}/notes/{noteId}': 'editCandidateNote',
  'DELETE /v2/org/testinvitation/{testInvitationId}/notes/{noteId}': 'deleteCandidateNote',
  'PUT /v2/org/testinvitation/{testInvitationId}/rating': 'rateCandidate',
  'DELETE /v2/org/testinvitation/{testInvitationId}/rating': 'removeCandidateRating',

  // Greenhouse's Assessment Partner API (an org API key as the HTTP Basic user name)
  'GET /partners/greenhouse/list_tests': 'greenhouseListTests',
  'POST /partners/greenhouse/send_test': 'greenhouseSendTest',
  'GET /partners/greenhouse/test_status': 'greenhouseTestStatus',
  'POST /partners/greenhouse/response_error': 'greenhouseResponseError',

  // Operator API (admin token)
  'POST /admin/orgs': 'createOrg',
  'GET /admin/orgs/{orgId}/keys': 'listApiKeys',
  'POST /admin/orgs/{orgId}/keys': 'issueApiKey',
  'POST /admin/orgs/{orgId}/keys/rotate': 'rotateApiKeys',
  'POST /admin/orgs/{orgId}/keys/{keyId}/revoke': 'revokeApiKey',
  'GET /admin/orgs/{orgId}/people': 'listPeople',
  'POST /admin/orgs/{orgId}/people': 'addPerson',
  'POST /admin/orgs/{orgId}/people/{personId}': 'updatePerson',
  'POST /admin/orgs/{orgId}/people/{personId}/deactivate': 'deactivatePerson',
};

/** Fastify's `/tests/:testId` as OpenAPI's `/tests/{testId}`. */
export const openApiPath = (fastifyUrl: string): string => fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
