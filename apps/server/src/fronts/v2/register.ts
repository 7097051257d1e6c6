import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireApiKey } from '../../plugins/api-key-auth.js';
import { declareRouteCapabilities } from '../../plugins/route-capabilities.js';
import { bulkDecisionRoutes } from '../../routes/bulk-decisions.js';
import { bulkInvitationRoutes } from '../../routes/bulk-invitations.js';
import { candidateDecisionRoutes } from '../../routes/candidate-decisions.js';
import { candidateErasureRoutes } from '../../routes/candidate-erasure.js';
import { candidatePageRoutes } from '../../routes/candidate-page.js';
import { eventRoutes } from '../../routes/events.js';
import { exportRoutes } from '../../routes/exports.js';
import { gradingRoutes } from '../../routes/grading.js';
import { followUpReviewRoutes } from '../../routes/follow-up-review.js';
import { reviewTranscriptRoutes } from '../../routes/review-transcript.js';
import { greenhouseIntegrationRoutes } from '../../routes/greenhouse-integration.js';
import { invitationHistoryRoutes } from '../../routes/invitation-history.js';
import { invitationListRoutes } from '../../routes/invitation-list.js';
import { invitationResendRoutes } from '../../routes/invitation-resend.js';
import { invitationSettingsRoutes } from '../../routes/invitation-settings.js';
import { decisionEmailRoutes } from '../../routes/decision-emails.js';
import { invitationSimilarityRoutes } from '../../routes/invitation-similarity.js';
import { invitationSummaryRoutes } from '../../routes/invitation-summary.js';
import { candidateCompareRoutes } from '../../routes/candidate-compare.js';
import { itemAnalysisRoutes } from '../../routes/item-analysis.js';
import { testVersionRoutes } from '../../routes/test-versions.js';
import { testPreviewRoutes } from '../../routes/test-previews.js';
import { libraryAdditionRoutes } from '../../routes/library-additions.js';
import { invitationRoutes } from '../../routes/invitations.js';
import { orgPeopleRoutes } from '../../routes/org-people.js';
import { personalDataRoutes } from '../../routes/personal-data.js';
import { registrationRoutes } from '../../routes/registrations.js';
import { reminderRoutes } from '../../routes/reminders.js';
import { reportRoutes } from '../../routes/reports.js';
import { reportShareRoutes } from '../../routes/report-shares.js';
import { retentionSettingsRoutes } from '../../routes/retention-settings.js';
import { testLinkRoutes } from '../../routes/test-links.js';
import { testSettingsRoutes } from '../../routes/test-settings.js';
import { aiCheckRoutes } from '../../routes/ai-check.js';
import { aiSettingsRoutes } from '../../routes/ai-settings.js';
import { libraryRoutes } from '../../routes/library.js';
import { definitionCheckRoutes } from '../../routes/definition-check.js';
import { testRoutes } from '../../routes/tests.js';
import { bankImportRoutes } from '../../routes/bank-import.js';
import { webhookRoutes } from '../../routes/webhooks.js';
import { whoAmIRoutes } from '../../routes/who-am-i.js';

/** Every route plugin of the org API in v2's envelope: a new v2 area is one line here. */
const V2_ROUTES = [
  testRoutes,
  libraryRoutes,
  bankImportRoutes,
  testLinkRoutes,
  registrationRoutes,
  invitationRoutes,
  invitationHistoryRoutes,
  invitationSimilarityRoutes,
  invitationListRoutes,
  invitationSummaryRoutes,
  candidateCompareRoutes,
  candidateDecisionRoutes,
  bulkDecisionRoutes,
  reportRoutes,
  reportShareRoutes,
  exportRoutes,
  webhookRoutes,
  eventRoutes,
  candidatePageRoutes,
  gradingRoutes,
  followUpReviewRoutes,
  reviewTranscriptRoutes,
  greenhouseIntegrationRoutes,
  bulkInvitationRoutes,
  reminderRoutes,
  invitationResendRoutes,
  invitationSettingsRoutes,
  decisionEmailRoutes,
  testSettingsRoutes,
  aiSettingsRoutes,
  aiCheckRoutes,
  itemAnalysisRoutes,
  testVersionRoutes,
  testPreviewRoutes,
  libraryAdditionRoutes,
  definitionCheckRoutes,
  retentionSettingsRoutes,
  whoAmIRoutes,
  orgPeopleRoutes,
  personalDataRoutes,
  candidateErasureRoutes,
];

/**
 * The org API in v2's envelope: `x-api-key`, each route's capability from `orgRouteCapabilities`
 * (auth/route-capabilities.ts). Its prefix, failures, limit and Idempotency-Key come from its descriptor.
 */
export const registerV2Front: FastifyPluginAsyncZod<AppContext> = async (keyed, context) => {
  declareRouteCapabilities(keyed);
  requireApiKey(keyed, context.store, context.keyCache, context.credentialLimits.apiKey);
  for (const area of V2_ROUTES) await keyed.register(area, context);
};
