/**
 * `@assay/domain/schemas`: the zod schemas of the API's requests and responses (tests and their definitions,
 * test links, registrations, invitations, reports, webhooks, the candidate page, admin, health, paging) with the
 * text fields and formats they are built from, and the records the store keeps (orgs, tests, candidates,
 * invitations, jobs).
 */
export * from './schemas/documented-formats.js';
export * from './schemas/text-fields.js';
export * from './schemas/stored-text.js';
export * from './schemas/json-value.js';
export * from './schemas/paging.js';
export * from './schemas/admin.js';
export * from './schemas/health.js';
export * from './schemas/test.js';
export * from './schemas/coding-language.js';
export * from './schemas/question-base.js';
export { MAX_QUESTION_SKILLS, MAX_SKILL_LENGTH, QuestionSkills, skillKeyOf, skillsOfQuestion } from './schemas/question-skills.js';
export * from './schemas/written-questions.js';
export * from './schemas/test-definition.js';
export * from './schemas/test-definition-json-schema.js';
export * from './schemas/test-link.js';
export * from './schemas/registration.js';
export * from './schemas/invitation.js';
export * from './schemas/invitation-settings.js';
export * from './schemas/report.js';
// Issue 48 (provisional): the report's score status and a test's list of invitations.
export { CandidateReportWithScore, ReportScoreFields, reportScoreFields } from './schemas/report-score.js';
export {
  InvitationList,
  InvitationListIntegrity,
  InvitationListQuery,
  InvitationListRow,
  InvitationListSort,
  InvitationListStatus,
} from './schemas/invitation-list.js';
// Issue 50 (pipeline): a test's invitations counted per stage, with the completion rate and the score distribution.
export { InvitationSummary, ScoreBucket, ScoreStatistics } from './schemas/invitation-summary.js';
export { invitationSummary, type SummaryFacts } from './report/invitation-summary.js';
export * from './schemas/webhooks.js';
export * from './schemas/candidate-page.js';
export * from './records/org.js';
export * from './records/test.js';
export * from './records/candidate.js';
export * from './records/invitation.js';
export * from './records/job.js';
// Least privilege (issue 32): the body of issuing an API key (a role and a label).
export * from './keys/api-key-input.js';
export * from './people/person.js';
export { OrgKeyInput, OrgPeople, OrgPerson } from './people/org-people.js';
// Issue 51 item 3 (access): everything an org holds about one email address.
export {
  PersonalBulkRow,
  PersonalCandidate,
  PersonalData,
  PersonalDataRequest,
  PersonalInvitation,
  PersonalOutboxEmail,
} from './schemas/personal-data.js';
export { V3Test, V3TestDetails, V3TestList, V3TestListQuery, V3TestStatus, toV3Test, toV3TestDetails } from './v3/tests.js';
export { V3ScheduleType, V3TestLink, V3TestLinkList, scheduleTypeOf, toV3TestLink } from './v3/test-links.js';
export { V3TimeZoneList } from './v3/time-zones.js';
export {
  V3BusinessUnit,
  V3BusinessUnitList,
  V3User,
  V3UserCreateInput,
  V3UserStatus,
  V3UserStatusInput,
  V3UserUpdateInput,
  businessUnitsOf,
  checkBusinessUnit,
  checkNewUserEmail,
  personByEmail,
  v3UserOf,
} from './v3/accounts.js';
export { V3DateTime, v3DateTimeOf } from './v3/utc-date-time.js';
