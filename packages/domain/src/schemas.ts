/**
 * `@assay/domain/schemas`: the zod schemas of the API's requests and responses (tests and their definitions,
 * test links, registrations, invitations, reports, webhooks, the candidate page, admin, health, paging) with the
 * text fields and formats they are built from, and the records the store keeps (orgs, tests, candidates,
 * invitations, jobs).
 */
export { documentedInteger, notBlank, WIRE_DATE_TIME_PATTERN, wireDateTimeFormat } from './schemas/documented-formats.js';
export { candidateCode, multiLineText, plainText, singleLineText, unionError, verbatimCode } from './schemas/text-fields.js';
export { parseStored } from './schemas/stored-text.js';
export { JsonValue } from './schemas/json-value.js';
export { MAX_PAGE_NO, MAX_PAGE_SIZE, pageOffset, PagingQuery, positiveIntegerText } from './schemas/paging.js';
export { ApiKeyList, ApiKeySummary, CreatedOrg, CreateOrgInput, IssuedKey, RevokedKey } from './schemas/admin.js';
export { ReadinessAi, ReadinessLanguages, readinessLanguages, ServiceHealth, ServiceReadiness } from './schemas/health.js';
export { ReadinessEmail, readinessEmailOf, type EmailSendingFacts } from './schemas/readiness-email.js';
export { ImportedTest, Section, SectionType, TestDetails, TestList, TestStatus, TestSummary } from './schemas/test.js';
export { TestVersionList, TestVersionMade, TestVersionSummary } from './test-versions/test-versions.js';
export { checkVersionKeys, questionMeaningOf } from './test-versions/version-keys.js';
export { currentQuestionIdsOf, questionIdentityOf } from './test-versions/question-identity.js';
export {
  type ContentHash,
  drawnExposuresOf,
  exposureIdentityOf,
  exposureLabelOf,
  type PoolShape,
  type RetiredQuestion,
  type RetirementPlan,
  retirementNoteOf,
  retirementPlanOf,
} from './test-versions/exposure-cap.js';
export { CodingLanguage, codingLanguageName } from './schemas/coding-language.js';
export { Marks, QUESTION_TEXT_FORMAT, QuestionBase } from './schemas/question-base.js';
export { MAX_QUESTION_SKILLS, MAX_SKILL_LENGTH, QuestionSkills, skillKeyOf, skillsOfQuestion } from './schemas/question-skills.js';
export {
  AcceptedAnswer,
  FreeTextQuestion,
  isWrittenQuestion,
  MAX_ANSWER_PATTERN_LENGTH,
  MAX_WORD_LIMIT,
  RubricCriterion,
  ShortAnswerQuestion,
  TextMatch,
} from './schemas/written-questions.js';
export type { WrittenQuestion } from './schemas/written-questions.js';
export {
  caseExpectedOf,
  caseInputsOf,
  codingFormOf,
  CodingQuestion,
  CodingTestCase,
  FunctionCodingQuestion,
  MAX_TEST_MINUTES,
  maxScoreOf,
  MultipleChoiceQuestion,
  QuestionDefinition,
  questionsAskedOf,
  ReportSettings,
  SectionDefinition,
  sectionMaxScoreOf,
  SingleChoiceQuestion,
  SqlCodingQuestion,
  SqlSettings,
  SqlTestCase,
  starterCodeOf,
  StdioCodingQuestion,
  StdioTestCase,
  TestDefinition,
  testDurationOf,
  testMaxScoreOf,
  VerdictBand,
} from './schemas/test-definition.js';
export { testDefinitionJsonSchema } from './schemas/test-definition-json-schema.js';
// Issue 62 item 3: tests written as files, their solutions checked against their hidden tests.
export { CodingSolution } from './schemas/coding-solutions.js';
export { DefinitionCheck, DefinitionPath, DefinitionProblem, SolutionRunResult } from './test-files/definition-check.js';
export { type SolutionCaseResult, type SolutionOutcome, type SolutionRun, solutionRunsOf, solutionVerdict } from './test-files/solution-runs.js';
export { SOLUTIONS_PER_CHECK_CAP, solutionsWithinCap } from './test-files/solution-cap.js';
export { AccessTime, TestLink, TestLinkInput, TestLinkList, TestLinkStatus } from './schemas/test-link.js';
export { HttpUrl, LinkRegistration, normalizeEmail, RegisterCandidateInput, Registration } from './schemas/registration.js';
export { CancelledInvitation, CancelQuery, Reattempt, ReattemptQuery, ResentInvitation, ResetInvitation, RevokedReportLinks } from './schemas/invitation.js';
export { INVITATION_DAYS_MAX, InvitationSettings, InvitationSettingsInput } from './schemas/invitation-settings.js';
export { CandidateReport, formatScore, ReportStatus, SectionReport, SectionReportEntry } from './schemas/report.js';
// Issue 48 (provisional): the report's score status and a test's list of invitations.
export { CandidateReportWithScore, ReportScoreFields, reportScoreFields, reportWithScore } from './schemas/report-score.js';
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
export {
  DeliveryAttempt,
  DeliveryLog,
  EVENTS_PAGE_DEFAULT,
  EVENTS_PAGE_MAX,
  EventsQuery,
  QueuedMessage,
  ReconciliationEvents,
  TestEventInput,
  WebhookSecret,
  WebhookSettings,
  WebhookSettingsInput,
} from './schemas/webhooks.js';
export {
  CandidateFacingOrg,
  candidateFacingOrg,
  CandidatePageSettings,
  candidatePageSettings,
  CandidatePageSettingsInput,
  CONTACT_NAME_MAX,
  DISPLAY_NAME_MAX,
  updateCandidatePage,
} from './schemas/candidate-page.js';
export type { CandidatePageChoices } from './schemas/candidate-page.js';
export { Org } from './records/org.js';
export { QuestionRecord, SectionRecord, TestRecord } from './records/test.js';
export { Candidate } from './records/candidate.js';
export { Invitation } from './records/invitation.js';
export { DeliveryKind, deliveryProgress, Job, JobKind, JobStatus, LinkEmailReason, linkEmailReasonOf } from './records/job.js';
// Least privilege (issue 32): the body of issuing an API key (a role and a label).
export { IssueKeyInput } from './keys/api-key-input.js';
export { Person, PersonInput, PersonList, PersonUpdate, WhoAmI } from './people/person.js';
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
export {
  BANK_BODY_LIMIT_BYTES,
  BankFormat,
  BankImportReport,
  BankImportRequest,
  DEFAULT_MINUTES_PER_QUESTION,
  MAX_BANK_LENGTH,
  NotCarriedBankPart,
  SkippedBankItem,
} from './bank/bank-import.js';
export type { BankBody, BankCategory, BankItem, BankNumberAnswer, BankOption, BankQuestion, BankTextAnswer } from './bank/bank-item.js';
export { sectionNameOfCategory } from './bank/bank-item.js';
export { acceptedTextOf, questionOfBankItem } from './bank/question-of-bank-item.js';
export type { BankQuestionOutcome } from './bank/question-of-bank-item.js';
export { testOfBank } from './bank/test-of-bank.js';
export type { BankTest, BankTestOptions } from './bank/test-of-bank.js';
