import type { Capability } from '@assay/domain';

/**
 * What every `/v2/org` route does, as `keyMayDo` names it: one line per route, read by the API-key hook
 * (plugins/route-capabilities.ts). A route missing here stops the server from starting. The method does not
 * tell a write from a read: cancel, reattempt and reset are GETs that change an invitation (the spec's), and
 * `GET /webhooks` shows the signing secrets.
 */
export const orgRouteCapabilities: Readonly<Record<string, Capability>> = {
  'GET /v2/org/tests': 'read-tests',
  'GET /v2/org/tests/:testId': 'read-tests',
  'POST /v2/org/tests': 'import-tests',
  'GET /v2/org/tests/:testId/versions': 'read-tests',
  'POST /v2/org/tests/:testId/versions': 'import-tests',
  'POST /v2/org/tests/previews': 'preview-tests',
  'POST /v2/org/tests/:testId/previews': 'preview-tests',
  'POST /v2/org/tests/:testId/library-items': 'import-tests',
  'GET /v2/org/library': 'read-tests',
  'GET /v2/org/library/items/:itemId': 'read-tests',
  'GET /v2/org/library/tests': 'read-tests',
  'POST /v2/org/library/import': 'import-tests',
  'POST /v2/org/tests/import-bank': 'import-tests',
  'GET /v2/org/tests/:testId/testlinks': 'read-tests',
  'GET /v2/org/tests/:testId/testlinks/:testLinkId': 'read-tests',
  'POST /v2/org/tests/:testId/testlinks': 'change-test-links',
  'POST /v2/org/tests/:testId/testlinks/:testLinkId': 'change-test-links',
  'POST /v2/org/tests/:testId/register': 'register-candidates',
  'POST /v2/org/tests/:testId/testlinks/:testLinkId/register': 'register-candidates',
  'POST /v2/org/tests/:testId/invitations/bulk': 'register-candidates',
  'GET /v2/org/bulk-invitations/:jobId': 'register-candidates',
  'GET /v2/org/testinvitation/:testInvitationId/cancel': 'change-invitations',
  'GET /v2/org/testinvitation/:testInvitationId/reattempt': 'change-invitations',
  'GET /v2/org/testinvitation/:testInvitationId/reset': 'change-invitations',
  'GET /v2/org/report/:testInvitationId': 'read-reports',
  'GET /v2/org/report/:testInvitationId/sections': 'read-reports',
  'GET /v2/org/report/:testInvitationId/details': 'read-reports',
  'GET /v2/org/report/:testInvitationId/pdf': 'read-reports',
  'GET /v2/org/report/:testId/excel': 'read-reports',
  'POST /v2/org/report/:testInvitationId/links/revoke': 'revoke-report-links',
  'POST /v2/org/testinvitation/:testInvitationId/share': 'share-reports',
  'GET /v2/org/shares': 'share-reports',
  'DELETE /v2/org/shares/:shareId': 'share-reports',
  'GET /v2/org/webhooks': 'read-webhook-secrets',
  'POST /v2/org/webhooks/secret/rotate': 'change-webhooks',
  'POST /v2/org/webhooks/settings': 'change-webhooks',
  'POST /v2/org/webhooks/test': 'change-webhooks',
  'GET /v2/org/testinvitation/:testInvitationId/deliveries': 'read-deliveries',
  'PUT /v2/org/testinvitation/:testInvitationId/evidence/:eventId': 'grade',
  'GET /v2/org/testinvitation/:testInvitationId/history': 'read-reports',
  'GET /v2/org/testinvitation/:testInvitationId/similarity': 'read-reports',
  'POST /v2/org/deliveries/:jobId/redeliver': 'change-webhooks',
  'GET /v2/org/events': 'read-events',
  'GET /v2/org/candidate-page': 'read-candidate-page',
  'POST /v2/org/candidate-page': 'change-candidate-page',
  'PUT /v2/org/testinvitation/:testInvitationId/grades/:questionId': 'grade',
  'GET /v2/org/tests/:testId/review': 'read-review-queue',
  'PUT /v2/org/review/:reference/grade': 'grade-by-reference',
  'GET /v2/org/tests/:testId/review/follow-ups': 'read-review-queue',
  'PUT /v2/org/testinvitation/:testInvitationId/follow-ups/:questionId/:position': 'grade',
  'PUT /v2/org/review/:reference/follow-ups/:position': 'grade-by-reference',
  'GET /v2/org/review/:reference/transcript': 'read-review-queue',
  'GET /v2/org/tests/:testId/invitations': 'read-reports',
  'GET /v2/org/tests/:testId/invitations/summary': 'read-reports',
  // Names candidates beside their reports: whoever reads reports, so never a blind reviewer (decision 1429).
  'GET /v2/org/tests/:testId/compare': 'read-reports',
  // Figures of the org's own attempts, made of their marks: whoever reads reports (issue 62 item 5).
  'GET /v2/org/tests/:testId/item-analysis': 'read-reports',
  'GET /v2/org/integrations/greenhouse': 'read-integrations',
  'PUT /v2/org/integrations/greenhouse': 'change-integrations',
  'GET /v2/org/tests/:testId/reminders': 'read-tests',
  'PUT /v2/org/tests/:testId/reminders': 'change-test-links',
  'GET /v2/org/tests/:testId/testlinks/:testLinkId/reminders': 'read-tests',
  // A test's settings (issue 52, decision 931): read like its reminders, changed by whoever changes its links.
  'GET /v2/org/tests/:testId/settings': 'read-tests',
  'PUT /v2/org/tests/:testId/settings': 'change-test-links',
  'PUT /v2/org/tests/:testId/testlinks/:testLinkId/reminders': 'change-test-links',
  'PUT /v2/org/testinvitation/:testInvitationId/expiry': 'change-invitations',
  'GET /v2/org/testinvitation/:testInvitationId/evaluation': 'read-reports',
  'GET /v2/org/testinvitation/:testInvitationId/notes': 'read-reports',
  'PUT /v2/org/testinvitation/:testInvitationId/decision': 'decide-candidates',
  'POST /v2/org/tests/:testId/decisions/bulk': 'decide-candidates',
  'POST /v2/org/testinvitation/:testInvitationId/tags': 'annotate-candidates',
  'DELETE /v2/org/testinvitation/:testInvitationId/tags/:tag': 'annotate-candidates',
  'POST /v2/org/testinvitation/:testInvitationId/notes': 'annotate-candidates',
  'PATCH /v2/org/testinvitation/:testInvitationId/notes/:noteId': 'annotate-candidates',
  'DELETE /v2/org/testinvitation/:testInvitationId/notes/:noteId': 'annotate-candidates',
  'PUT /v2/org/testinvitation/:testInvitationId/rating': 'annotate-candidates',
  'DELETE /v2/org/testinvitation/:testInvitationId/rating': 'annotate-candidates',
  'GET /v2/org/me': 'read-own-key',
  // Everything held about one person (issue 51, decision 876): an admin key only.
  'POST /v2/org/candidates/export': 'export-personal-data',
  'POST /v2/org/testinvitation/:testInvitationId/resend': 'change-invitations',
  // The org's default for sendEmail (decision 815): every key may read it (fronts show it), an admin sets it.
  'GET /v2/org/invitation-settings': 'read-candidate-page',
  'PUT /v2/org/invitation-settings': 'change-candidate-page',
  // The org's decision emails (issue 61 item 1, decision 1450): every key may read them, an admin sets them; whoever
  // decides may preview one for a candidate.
  'GET /v2/org/decision-emails': 'read-candidate-page',
  'PUT /v2/org/decision-emails': 'change-candidate-page',
  'POST /v2/org/testinvitation/:testInvitationId/decision-email/preview': 'decide-candidates',
  // The org's retention periods (issue 51 item 2, decision 855): every key may read them (the candidate page shows them), an admin sets them.
  'GET /v2/org/retention-settings': 'read-candidate-page',
  'PUT /v2/org/retention-settings': 'change-candidate-page',
  // The org's switch for the AI assistant (issue 60, decision 1161): every key may read it, an admin sets it.
  'GET /v2/org/ai-settings': 'read-candidate-page',
  'PUT /v2/org/ai-settings': 'change-candidate-page',
  // Which questions a model solves (issue 60 item 7, decision 1245): started by whoever changes the test's settings.
  'GET /v2/org/tests/:testId/ai-check': 'read-tests',
  'POST /v2/org/tests/:testId/ai-check': 'change-test-links',
  'POST /v2/org/test-definition/check': 'import-tests',
  // An org's admin key manages its own people and keys (decision 836).
  'GET /v2/org/people': 'manage-people',
  'POST /v2/org/people': 'manage-people',
  'POST /v2/org/people/:personId/keys': 'manage-people',
  'POST /v2/org/people/:personId/deactivate': 'manage-people',
  'POST /v2/org/keys/:keyId/revoke': 'manage-people',
  // Erasure of a candidate's personal data (issue 51, decision 845): admin only, it cannot be undone.
  'POST /v2/org/candidates/erase': 'erase-candidates',
};

/** iMocha v3's shapes (decisions 846, 887): each route does what its v2 counterpart does, so it asks the same capability. */
export const v3RouteCapabilities: Readonly<Record<string, Capability>> = {
  'POST /v3/gdpr/requests': 'erase-candidates',
  'GET /v3/tests': 'read-tests',
  'GET /v3/tests/:testId': 'read-tests',
  'GET /v3/tests/:testId/testlinks': 'read-tests',
  'GET /v3/tests/:testId/testlinks/:testLinkId': 'read-tests',
  // Public under v2 (`GET /v2/timezones`); under /v3 every route takes a key, and any key may read the table.
  'GET /v3/timezones': 'read-own-key',
  // Replaying callbacks is redelivery (decision 918).
  'POST /v3/callbacks/process': 'change-webhooks',
  // Reports and reconciliation (issue 52): read like v2's reports and events.
  'GET /v3/reports/:testInvitationId': 'read-reports',
  'GET /v3/reports/:testInvitationId/pdf': 'read-reports',
  'POST /v3/candidates/testattempts': 'read-events',
  // Issue 52: v3's invite and invitation moves, as v2's register, cancel and reattempt.
  'POST /v3/tests/:testId/invite': 'register-candidates',
  'POST /v3/tests/:testId/testlinks/:testLinkId/invite': 'register-candidates',
  'POST /v3/invitations/:testInvitationId/reattempt': 'change-invitations',
  'POST /v3/invitations/:testInvitationId/cancel': 'change-invitations',
  'GET /v3/tests/:testId/settings': 'read-tests',
  'POST /v3/tests/:testId/settings': 'change-test-links',
  // iMocha's users are the org's people (decisions 981–984): an admin's, as under /v2/org/people.
  'GET /v3/accounts/business-units': 'manage-people',
  'POST /v3/accounts/user/create': 'manage-people',
  'POST /v3/accounts/user/update': 'manage-people',
  'POST /v3/accounts/user/status': 'manage-people',
};

/**
 * The Greenhouse partner API (issue 33), authenticated by an org key as HTTP Basic user name: what each route does, so
 * a reviewer key given to Greenhouse lists tests and reads statuses but cannot send a test (403.17).
 */
export const partnerRouteCapabilities: Readonly<Record<string, Capability>> = {
  'GET /partners/greenhouse/list_tests': 'read-tests',
  'POST /partners/greenhouse/send_test': 'register-candidates',
  'GET /partners/greenhouse/test_status': 'read-reports',
  'POST /partners/greenhouse/response_error': 'report-partner-errors',
};

/** The table's key of a route; HEAD answers what GET does. */
export const routeKeyOf = (method: string, url: string): string => `${method === 'HEAD' ? 'GET' : method} ${url}`;
