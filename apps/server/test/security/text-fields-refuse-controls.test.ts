import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTestSettingsOf } from '@assay/domain';
import { ALL_LANGUAGES } from '@assay/domain/languages';
import { candidate, questionIdsOfTest, registerFor } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { sendTestRequest } from '../helpers/greenhouse-contract.js';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from '../helpers/test-app.js';
import { fetchDocument, operationsOf, type OpenApiDocument, type Schema } from '../openapi/served-document.js';
import { resolveRef } from './fuzz/schema-arbitrary.js';
import { countChanges, tableCounter, type TableCounts } from './fuzz/table-counts.js';

/**
 * Attack class: text that steers whoever reads it. A name with ESC clears a recruiter's terminal or plants an OSC 8
 * link; U+202E makes "exe.txt" read "txt.exe" in a report; a newline in a one-line field starts a fake line. Every
 * text field of every request body refuses C0/C1 controls and bidi embeddings, overrides and isolates (one-line
 * fields: line breaks too) with 400.2 naming the field and the character, and stores nothing.
 *
 * The class is closed by walking the served API document: every operation that takes a body needs a sample here,
 * the samples must hold every text field the document declares, and each field is tried with each character. A new
 * field is refused unless it is listed below as kept as written, with the reason.
 */

/** Fields that keep what they are sent (but NUL, refused in every body): code and test data, shown neutralised. */
const KEPT_AS_WRITTEN: Record<string, string> = {
  'saveAnswer code': "a candidate's code: tabs, CRLF and form feeds belong to it, and a refused save loses an answer under the clock",
  'runSampleTests code': "a candidate's code, run as written",
  'startRun code': "a candidate's code, run as written",
  'askAssistant answer': "a candidate's code shared with the assistant, as written",
  'startRun customArgs[]': 'arguments of a custom-input run, test data: a function may be asked to handle any string',
  'startRun customArgs[][]': 'test data',
  'importTest sections[].questions[].starterCode': 'code the candidate starts from',
  ...Object.fromEntries(ALL_LANGUAGES.map((language) => [`importTest sections[].questions[].starterCode.${language}`, 'code the candidate starts from'])),
  'importTest sections[].questions[].sampleTests[].args[]': 'test data: a function may be asked to handle any string',
  'importTest sections[].questions[].sampleTests[].args[][]': 'test data',
  'importTest sections[].questions[].sampleTests[].expected': 'test data',
  'importTest sections[].questions[].sampleTests[].expected[]': 'test data',
  'importTest sections[].questions[].hiddenTests[].args[]': 'test data',
  'importTest sections[].questions[].hiddenTests[].args[][]': 'test data',
  'importTest sections[].questions[].hiddenTests[].expected': 'test data',
  'importTest sections[].questions[].hiddenTests[].expected[]': 'test data',
  'importTest sections[].questions[].sampleTests[].input': 'test data: the stdin a program is given (issue 49)',
  'importTest sections[].questions[].sampleTests[].output': 'test data: the output a program must print',
  'importTest sections[].questions[].sampleTests[].seed': 'SQL a database is seeded with: code',
  'importTest sections[].questions[].sampleTests[].columns[]': 'test data: the column names a query must return',
  'importTest sections[].questions[].sampleTests[].rows[][]': 'test data: the rows a query must return',
  'importTest sections[].questions[].hiddenTests[].input': 'test data: the stdin a program is given (issue 49)',
  'importTest sections[].questions[].hiddenTests[].output': 'test data: the output a program must print',
  'importTest sections[].questions[].hiddenTests[].seed': 'SQL a database is seeded with: code',
  'importTest sections[].questions[].hiddenTests[].columns[]': 'test data: the column names a query must return',
  'importTest sections[].questions[].hiddenTests[].rows[][]': 'test data: the rows a query must return',
  'importTest sections[].questions[].sql.schema': 'SQL every database starts from: code',
  'startRun customInput': 'the stdin of a custom-input run: test data, a program may be asked to handle any text',
  'importTest sections[].questions[].signature.params[].name':
    'never stored with a control: a name must match the identifier pattern (refused 400.2 otherwise)',
  'importTest sections[].questions[].signature.params[].type': 'never stored with a control: a type must be one of the vocabulary (refused 400.2 otherwise)',
  'importTest sections[].questions[].signature.returns': 'never stored with a control: a type must be one of the vocabulary (refused 400.2 otherwise)',
  'importFromLibrary readyTest': 'never stored with a control: a library id is lower-case words joined by hyphens (refused 400.2 otherwise)',
  'importFromLibrary items[]': 'never stored with a control: a library id is lower-case words joined by hyphens (refused 400.2 otherwise)',
  'addLibraryItemsToTest readyTest': 'never stored with a control: a library id is lower-case words joined by hyphens (refused 400.2 otherwise)',
  'addLibraryItemsToTest items[]': 'never stored with a control: a library id is lower-case words joined by hyphens (refused 400.2 otherwise)',
  'addCandidateTag tag': 'never stored with a control: a tag is letters, digits, `.`, `_` and `-` once normalised (refused 400.40 otherwise)',
  'importTest sections[].questions[].referenceSolutions[].code': "an author's solution, run as written (issue 62)",
  'importTest sections[].questions[].key': 'never stored with a control: a question key is letters, digits, `.`, `_` and `-` (refused 400.2 otherwise)',
  'importTest sections[].questions[].reimplements':
    'never stored with a control: a question key is letters, digits, `.`, `_` and `-` (refused 400.2 otherwise)',
  'importTest sections[].questions[].wrongSolutions[].code': "an author's wrong-on-purpose solution, run as written (issue 62)",
};
// The check of a test file (issue 62) takes the very body an import takes: its fields are kept as the import's are.
for (const [field, reason] of Object.entries(KEPT_AS_WRITTEN)) {
  if (field.startsWith('importTest ')) KEPT_AS_WRITTEN[field.replace('importTest ', 'checkTestDefinition ')] = reason;
  // A new version of a test (issue 62 item 4) takes the very body an import takes too.
  if (field.startsWith('importTest ')) KEPT_AS_WRITTEN[field.replace('importTest ', 'createTestVersion ')] = reason;
  // And a preview link of a definition (issue 62 item 3).
  if (field.startsWith('importTest ')) KEPT_AS_WRITTEN[field.replace('importTest ', 'previewTestDefinition ')] = reason;
}

/** Prose of several lines: newlines and tabs are kept, the other characters refused as everywhere. */
const LINES = new Set([
  'importTest description',
  'importQuestionBank content',
  'importTest sections[].questions[].text',
  'importTest sections[].questions[].options[].text',
  'saveAnswer text',
  'gradeAnswer comment',
  'gradeByReviewReference comment',
  'reviewEvidence note',
  'greenhouseResponseError errors[]',
  'decideOnCandidate reason',
  'decideOnCandidatesInBulk reason',
  'addCandidateNote text',
  'editCandidateNote text',
  'giveCandidateFeedback text',
  'askAssistant message',
  'saveFollowUpAnswer answer',
  'setDecisionEmails rejected.body',
  'setDecisionEmails advanced.body',
  'setDecisionEmails cancelled.body',
]);
for (const field of [...LINES]) if (field.startsWith('importTest ')) LINES.add(field.replace('importTest ', 'checkTestDefinition '));
for (const field of [...LINES]) if (field.startsWith('importTest ')) LINES.add(field.replace('importTest ', 'createTestVersion '));
for (const field of [...LINES]) if (field.startsWith('importTest ')) LINES.add(field.replace('importTest ', 'previewTestDefinition '));

/**
 * Bodies that are files of rows: a row with such a character is that row refused with the reason (its field and the
 * character), the file still taken as a job and nobody invited for it (decision 492): one bad cell in 800 rows must not
 * refuse the 799 others. Only the job and its row are stored.
 */
const REFUSED_PER_ROW: Record<string, { jobOf: (answer: unknown) => number; stored: (before: TableCounts) => string[] }> = {
  inviteCandidatesInBulk: {
    jobOf: (answer) => (answer as { result: { jobId: number } }).result.jobId,
    stored: (before) => [
      `bulk_invitation_jobs: ${before.bulk_invitation_jobs} → ${before.bulk_invitation_jobs! + 1}`,
      `bulk_invitation_rows: ${before.bulk_invitation_rows} → ${before.bulk_invitation_rows! + 1}`,
    ],
  },
};

const REFUSED = [
  { character: '\u001b', kind: 'control characters', code: 'U+001B' },
  { character: '\u009b', kind: 'control characters', code: 'U+009B' },
  { character: '\u202e', kind: 'bidirectional control characters', code: 'U+202E' },
  { character: '\u2066', kind: 'bidirectional control characters', code: 'U+2066' },
];
const LINE_BREAK = { character: '\n', kind: 'line breaks', code: 'U+000A' };
const LONE_CR = { character: '\r', kind: 'line breaks', code: 'U+000D' };

type Auth = 'apiKey' | 'admin' | 'none' | 'greenhouse';
interface Sample {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  auth: Auth;
  body: unknown;
}
interface World {
  testId: number;
  testLinkId: number;
  accessKey: string;
  token: string;
  choice: number;
  coding: number;
  unique: () => string;
  /** An org of its own for the key samples: a rotation revokes every other key of its org. */
  keyOrgId: number;
  /** A person of that org, and a note on the started invitation. */
  personId: number;
  /** A person of the harness's own org (the org key's people routes, issue 50). */
  orgPersonId: number;
  noteId: number;
  /** The started invitation and a snapshot of it, for reviewing evidence. */
  invitationId: number;
  eventId: string;
}

const now = () => new Date().toISOString();

const LINK_BODY = {
  testLinkName: 'Campus',
  accessTime: 1,
  emailToStakeholder: 'boss@example.com',
  startDateTime: '2026-01-01T09:00:00',
  endDateTime: '2036-01-01T17:00:00',
};
const candidateBody = (w: World) => ({
  emailId: `ada.${w.unique()}@example.com`,
  fullName: 'Ada Lovelace',
  callbackURL: 'https://ats.example.com/hook',
  redirectURL: 'https://ats.example.com/done',
  submittedCallbackURL: 'https://ats.example.com/submitted',
});

/** A valid body (or several, for unions) of every operation that takes one, with every text field filled in. */

/** A v3 invite's body with every text field (issue 52). */
const v3InviteBody = (w: { unique: () => string }) => ({
  email: `walker.${w.unique()}@example.com`,
  name: 'Walker',
  callbackUrl: 'https://hooks.example.com/v3',
  redirectUrl: 'https://careers.example.com/done',
  stakeholderEmails: ['boss@example.com'],
  startDateTime: '2026-01-01T09:00:00Z',
  endDateTime: '2036-01-01T09:00:00Z',
});
/** The same invite in the spellings and types of iMocha's reference (decision 1020): `callbackURL`, addresses in one string. */
const v3DocumentedInviteBody = (w: { unique: () => string }) => ({
  email: `walker.${w.unique()}@example.com`,
  name: 'Walker',
  callbackURL: 'https://hooks.example.com/v3',
  redirectURL: 'https://careers.example.com/done',
  stakeholderEmails: 'boss@example.com,lead@example.com',
});
const SAMPLES: Record<string, (world: World) => Sample[]> = {
  createOrg: (w) => [{ method: 'POST', url: '/admin/orgs', auth: 'admin', body: { name: 'Globex', email: `ops.${w.unique()}@globex.example` } }],
  issueApiKey: (w) => [{ method: 'POST', url: `/admin/orgs/${w.keyOrgId}/keys`, auth: 'admin', body: { role: 'reviewer', label: 'Panel A' } }],
  rotateApiKeys: (w) => [{ method: 'POST', url: `/admin/orgs/${w.keyOrgId}/keys/rotate`, auth: 'admin', body: { label: 'Rotated' } }],
  importTest: () => [
    {
      method: 'POST',
      url: '/v2/org/tests',
      auth: 'apiKey',
      body: {
        ...sampleDefinition,
        description: 'Read each question carefully.',
        report: { verdictBands: [{ label: 'Strong', minPercent: 80 }] },
      },
    },
    {
      method: 'POST',
      url: '/v2/org/tests',
      auth: 'apiKey',
      body: {
        testName: 'Written answers',
        sections: [
          {
            sectionName: 'Written',
            sectionType: 'general',
            duration: 10,
            questions: [
              {
                type: 'short_answer',
                text: 'Capital of France?',
                skills: ['Geography'],
                key: 'capital-fr',
                reimplements: 'capital-fr-0',
                acceptedAnswers: [{ answer: 'Paris' }],
              },
              { type: 'free_text', text: 'Explain.', marks: 2, rubric: [{ criterion: 'Clarity', marks: 2 }] },
            ],
          },
        ],
      },
    },
    {
      method: 'POST',
      url: '/v2/org/tests',
      auth: 'apiKey',
      body: {
        testName: 'With solutions',
        sections: [
          {
            sectionName: 'Code',
            sectionType: 'coding',
            duration: 10,
            questions: [
              {
                type: 'coding',
                text: 'Add.',
                functionName: 'add',
                hiddenTests: [{ args: [1, 2], expected: 3 }],
                referenceSolutions: [{ language: 'javascript', code: 'function add(a, b) {\n\treturn a + b;\n}' }],
                wrongSolutions: [{ language: 'javascript', code: 'function add(a, b) {\n\treturn 3;\n}' }],
              },
            ],
          },
        ],
      },
    },
  ],
  checkTestDefinition: (w) => SAMPLES.importTest!(w).map((sample) => ({ ...sample, url: '/v2/org/test-definition/check' })),
  createTestVersion: (w) => SAMPLES.importTest!(w).map((sample) => ({ ...sample, url: `/v2/org/tests/${w.testId}/versions` })),
  previewTestDefinition: (w) => SAMPLES.importTest!(w).map((sample) => ({ ...sample, url: '/v2/org/tests/previews' })),
  // A preview of the org's test names only a version: no text; sampled so the list stays whole.
  previewTest: (w) => [{ method: 'POST', url: `/v2/org/tests/${w.testId}/previews`, auth: 'apiKey', body: { version: 1 } }],
  createTestLink: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/testlinks`,
      auth: 'apiKey',
      body: LINK_BODY,
    },
  ],
  updateTestLink: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/testlinks/${w.testLinkId}`,
      auth: 'apiKey',
      body: LINK_BODY,
    },
  ],
  registerCandidate: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/register`,
      auth: 'apiKey',
      body: candidateBody(w),
    },
  ],
  registerCandidateByTestLink: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/testlinks/${w.testLinkId}/register`,
      auth: 'apiKey',
      body: candidateBody(w),
    },
  ],
  // One row: every column as text, as a CSV's cells arrive.
  inviteCandidatesInBulk: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/invitations/bulk`,
      auth: 'apiKey',
      body: [{ email: `ada.${w.unique()}@example.com`, name: 'Ada Lovelace', extraTimePercent: '25', linkExpiresAt: '2036-01-01T09:00:00Z' }],
    },
  ],
  updateWebhookSettings: () => [{ method: 'POST', url: '/v2/org/webhooks/settings', auth: 'apiKey', body: { trailingSpaceKeys: true } }],
  sendTestEvent: () => [{ method: 'POST', url: '/v2/org/webhooks/test', auth: 'apiKey', body: { url: 'https://ats.example.com/hook' } }],
  updateCandidatePageSettings: () => [
    {
      method: 'POST',
      url: '/v2/org/candidate-page',
      auth: 'apiKey',
      body: { displayName: 'Acme Hiring', contactName: 'Talent team', contactEmail: 'talent@acme.example', contactUrl: 'https://acme.example/jobs' },
    },
  ],
  registerOnPublicLink: (w) => [
    {
      method: 'POST',
      url: `/candidate/v1/links/${w.accessKey}/register`,
      auth: 'none',
      body: { fullName: 'Ada Lovelace', emailId: `ada.${w.unique()}@example.com` },
    },
  ],
  saveAnswer: (w) => [
    { method: 'PUT', url: `/candidate/v1/${w.token}/answers/${w.choice}`, auth: 'none', body: { optionIds: [0], editedAt: now() } },
    { method: 'PUT', url: `/candidate/v1/${w.token}/answers/${w.coding}`, auth: 'none', body: { code: 'function sum() {}', editedAt: now() } },
    // A written answer's shape (the body is refused before the question's type is looked at).
    { method: 'PUT', url: `/candidate/v1/${w.token}/answers/${w.choice}`, auth: 'none', body: { text: 'An answer', editedAt: now() } },
  ],
  // Grading (issue 32): the body is refused before the invitation or question is looked at.
  gradeAnswer: (w) => [
    {
      method: 'PUT',
      url: `/v2/org/testinvitation/1/grades/${w.choice}`,
      auth: 'apiKey',
      body: { marks: 1, criteria: [{ criterion: 'Clarity', marks: 1 }], comment: 'Clear.\nWell argued.' },
    },
  ],
  // A well-formed reference no answer has: the body is refused before the reference is looked up.
  gradeByReviewReference: () => [
    {
      method: 'PUT',
      url: '/v2/org/review/AAAAAAAAAAAAAAAAAAAAAA/grade',
      auth: 'apiKey',
      body: { marks: 1, criteria: [{ criterion: 'Clarity', marks: 1 }], comment: 'Clear.\nWell argued.' },
    },
  ],
  recordProctoringEvent: (w) => [
    { method: 'POST', url: `/candidate/v1/${w.token}/events`, auth: 'none', body: { type: 'left', at: now() } },
    // A window of typing (AI-use evidence, decision 1202): its first and last edit are date-times, text on the wire.
    {
      method: 'POST',
      url: `/candidate/v1/${w.token}/events`,
      auth: 'none',
      body: {
        type: 'typing',
        at: now(),
        questionId: w.coding,
        from: now(),
        to: now(),
        typed: 12,
        inserted: 0,
        deleted: 1,
        deletions: 1,
        moves: 0,
        gaps: { count: 11, sumMs: 1500, sumSquaresMs: 250000 },
        pauses: 0,
      },
    },
  ],
  giveCandidateFeedback: (w) => [{ method: 'POST', url: `/candidate/v1/${w.token}/feedback`, auth: 'none', body: { rating: 4, text: 'Clear.\nFair.' } }],
  uploadSnapshot: (w) => [{ method: 'POST', url: `/candidate/v1/${w.token}/snapshots`, auth: 'none', body: { image: 'data:image/png;base64,iVBORw0KGgo=' } }],
  reviewEvidence: (w) => [
    {
      method: 'PUT',
      url: `/v2/org/testinvitation/${w.invitationId}/evidence/${w.eventId}`,
      auth: 'apiKey',
      body: { outcome: 'confirmed', note: 'Seen in the snapshot' },
    },
  ],
  // The Greenhouse partner API (issue 33): its own field names, its own failure body (`errors`).
  greenhouseSendTest: (w) => [
    {
      method: 'POST',
      url: '/partners/greenhouse/send_test',
      auth: 'greenhouse',
      body: sendTestRequest(String(w.testId), { email: `harry.${w.unique()}@hogwarts.edu`, applicationId: w.unique() }),
    },
  ],
  greenhouseResponseError: (w) => [
    {
      method: 'POST',
      url: '/partners/greenhouse/response_error',
      auth: 'greenhouse',
      body: {
        api_call: 'test_status',
        errors: ['partner_profile_url is missing'],
        partner_test_id: String(w.testId),
        partner_test_name: 'Backend screening',
        partner_interview_id: '1',
        candidate_email: 'harry@hogwarts.edu',
      },
    },
  ],
  configureGreenhouseIntegration: () => [
    { method: 'PUT', url: '/v2/org/integrations/greenhouse', auth: 'apiKey', body: { callbackUsername: 'greenhouse-user', callbackPassword: 'secret' } },
  ],
  setTestReminders: (w) => [{ method: 'PUT', url: `/v2/org/tests/${w.testId}/reminders`, auth: 'apiKey', body: { reminderHours: [48, 4] } }],
  setTestLinkReminders: (w) => [
    { method: 'PUT', url: `/v2/org/tests/${w.testId}/testlinks/${w.testLinkId}/reminders`, auth: 'apiKey', body: { reminderHours: null } },
  ],
  setInvitationExpiry: (w) => [
    { method: 'PUT', url: `/v2/org/testinvitation/${w.invitationId}/expiry`, auth: 'apiKey', body: { expiresAt: '2036-01-01T17:00:00' } },
  ],
  // A test's settings (issue 52): the whole object, both fronts; testName and testAliasName are its text.
  setTestSettings: (w) => [{ method: 'PUT', url: `/v2/org/tests/${w.testId}/settings`, auth: 'apiKey', body: namedSettings() }],
  updateTestSettings: (w) => [{ method: 'POST', url: `/v3/tests/${w.testId}/settings`, auth: 'apiKey', body: namedSettings() }],
  // v3's users (decisions 981–984): an address and a name, under each documented spelling.
  createUser: (w) => [
    { method: 'POST', url: '/v3/accounts/user/create', auth: 'apiKey', body: { email: `user-${w.unique()}@example.com`, fullName: 'Vera Viewer' } },
    { method: 'POST', url: '/v3/accounts/user/create', auth: 'apiKey', body: { Email: `user-${w.unique()}@example.com`, fullname: 'Walt Viewer' } },
  ],
  updateUser: () => [{ method: 'POST', url: '/v3/accounts/user/update', auth: 'apiKey', body: { Email: 'walker@example.com', email: 'walker@example.com' } }],
  setUserStatus: () => [
    { method: 'POST', url: '/v3/accounts/user/status', auth: 'apiKey', body: { email: 'walker@example.com', Email: 'walker@example.com', status: 'Active' } },
  ],
  setInvitationSettings: () => [{ method: 'PUT', url: '/v2/org/invitation-settings', auth: 'apiKey', body: { sendEmailByDefault: true } }],
  previewDecisionEmail: (w) => [
    { method: 'POST', url: `/v2/org/testinvitation/${w.invitationId}/decision-email/preview`, auth: 'apiKey', body: { email: 'rejected' } },
  ],
  setDecisionEmails: () => [
    {
      method: 'PUT',
      url: '/v2/org/decision-emails',
      auth: 'apiKey',
      body: {
        rejected: { subject: 'About {{testName}}', body: 'Dear {{candidateName}},\n\nThank you.' },
        advanced: { subject: 'Next steps', body: 'Book a call: {{schedulingLink}}' },
        cancelled: { subject: 'Cancelled', body: 'Your invitation was cancelled.' },
        replyTo: 'talent@example.com',
        schedulingLink: 'https://calendar.example.com/acme',
      },
    },
  ],
  setRetentionSettings: () => [{ method: 'PUT', url: '/v2/org/retention-settings', auth: 'apiKey', body: { endedDays: 365, mediaDays: 60 } }],
  // Validated before the policy is asked: the sample test's policy (none) would refuse a message with 403.71 after it.
  askAssistant: (w) => [
    {
      method: 'POST',
      url: `/candidate/v1/${w.token}/assistant/${w.coding}`,
      auth: 'none',
      body: { message: 'Why does my loop stop early?', shareAnswer: true, answer: 'function sum() {}', language: 'javascript' },
    },
  ],
  recordAssistantInsertion: (w) => [
    { method: 'POST', url: `/candidate/v1/${w.token}/assistant/${w.coding}/insertions`, auth: 'none', body: { messageId: 1, chars: 10, line: 1, column: 1 } },
  ],
  // A follow-up's answer is prose, checked before the follow-up is looked for; a mark holds no text (sampled so the list stays whole).
  saveFollowUpAnswer: (w) => [
    { method: 'PUT', url: `/candidate/v1/${w.token}/follow-ups/${w.coding}/0`, auth: 'none', body: { answer: 'It adds each number.\nOnce.', final: false } },
  ],
  markFollowUp: (w) => [
    { method: 'PUT', url: `/v2/org/testinvitation/${w.invitationId}/follow-ups/${w.coding}/0`, auth: 'apiKey', body: { mark: 'accurate' } },
  ],
  markFollowUpByReference: () => [{ method: 'PUT', url: '/v2/org/review/r-unknown/follow-ups/0', auth: 'apiKey', body: { mark: 'partly' } }],
  setAiSettings: () => [{ method: 'PUT', url: '/v2/org/ai-settings', auth: 'apiKey', body: { assistantEnabled: true } }],
  // The start's body holds no text (the AI notice's acknowledgment, decision 1181); sampled so the list stays whole.
  startAttempt: (w) => [{ method: 'POST', url: `/candidate/v1/${w.token}/start`, auth: 'none', body: { aiNoticeAcknowledged: true } }],
  runSampleTests: (w) => [{ method: 'POST', url: `/candidate/v1/${w.token}/run/${w.coding}`, auth: 'none', body: { code: 'function sum() {}' } }],
  decideOnCandidate: (w) => [
    { method: 'PUT', url: `/v2/org/testinvitation/${w.invitationId}/decision`, auth: 'apiKey', body: { decision: 'shortlisted', reason: 'Clear tests.' } },
  ],
  decideOnCandidatesInBulk: (w) => [
    {
      method: 'POST',
      url: `/v2/org/tests/${w.testId}/decisions/bulk`,
      auth: 'apiKey',
      body: { decision: 'shortlisted', reason: 'Clear tests.', filter: { q: 'ada', tag: 'strong-python', status: 'Pending', decision: 'none' }, dryRun: true },
    },
  ],
  addCandidateTag: (w) => [{ method: 'POST', url: `/v2/org/testinvitation/${w.invitationId}/tags`, auth: 'apiKey', body: { tag: 'strong-python' } }],
  addCandidateNote: (w) => [{ method: 'POST', url: `/v2/org/testinvitation/${w.invitationId}/notes`, auth: 'apiKey', body: { text: 'Good tests.' } }],
  editCandidateNote: (w) => [
    { method: 'PATCH', url: `/v2/org/testinvitation/${w.invitationId}/notes/${w.noteId}`, auth: 'apiKey', body: { text: 'Good tests, clear names.' } },
  ],
  rateCandidate: (w) => [{ method: 'PUT', url: `/v2/org/testinvitation/${w.invitationId}/rating`, auth: 'apiKey', body: { rating: 4 } }],
  importFromLibrary: () => [
    { method: 'POST', url: '/v2/org/library/import', auth: 'apiKey', body: { readyTest: 'data-analyst-sql', testName: 'Analysts, spring' } },
    { method: 'POST', url: '/v2/org/library/import', auth: 'apiKey', body: { items: ['git-staged-diff'], testName: 'Git basics' } },
  ],
  addLibraryItemsToTest: (w) => [
    { method: 'POST', url: `/v2/org/tests/${w.testId}/library-items`, auth: 'apiKey', body: { readyTest: 'data-analyst-sql' } },
    { method: 'POST', url: `/v2/org/tests/${w.testId}/library-items`, auth: 'apiKey', body: { items: ['git-staged-diff'] } },
  ],
  importQuestionBank: () => [
    { method: 'POST', url: '/v2/org/tests/import-bank', auth: 'apiKey', body: { format: 'gift', content: '::Q1:: Is it?\n{T}', testName: 'From GIFT' } },
  ],
  shareReport: (w) => [{ method: 'POST', url: `/v2/org/testinvitation/${w.invitationId}/share`, auth: 'apiKey', body: { days: 7 } }],
  addPerson: (w) => [
    {
      method: 'POST',
      url: `/admin/orgs/${w.keyOrgId}/people`,
      auth: 'admin',
      body: { name: 'Grace Hopper', email: `grace.${w.unique()}@example.com`, role: 'reviewer' },
    },
  ],
  addOrgPerson: (w) => [
    { method: 'POST', url: '/v2/org/people', auth: 'apiKey', body: { name: 'Grace Hopper', email: `grace.org.${w.unique()}@example.com`, role: 'reviewer' } },
  ],
  // Everything held about one address (issue 51): the registered walker's.
  exportPersonalData: () => [{ method: 'POST', url: '/v2/org/candidates/export', auth: 'apiKey', body: { emailId: 'walker@example.com' } }],
  issueOrgPersonKey: (w) => [{ method: 'POST', url: `/v2/org/people/${w.orgPersonId}/keys`, auth: 'apiKey', body: { role: 'reviewer', label: 'Panel B' } }],
  updatePerson: (w) => [
    {
      method: 'POST',
      url: `/admin/orgs/${w.keyOrgId}/people/${w.personId}`,
      auth: 'admin',
      body: { name: 'Rear Admiral Hopper', email: `hopper.${w.unique()}@example.com` },
    },
  ],
  // Erasure (issue 51): an address is text like a registration's.
  eraseCandidates: () => [{ method: 'POST', url: '/v2/org/candidates/erase', auth: 'apiKey', body: { emailId: 'walker@example.com' } }],
  gdprRequest: () => [{ method: 'POST', url: '/v3/gdpr/requests', auth: 'apiKey', body: { CandidateEmail: 'walker@example.com' } }],
  // v3's callback replay (issue 52): ids only, no text.
  processCallbacks: (w) => [{ method: 'POST', url: '/v3/callbacks/process', auth: 'apiKey', body: { testinvitationIds: [w.invitationId] } }],
  // v3's reconciliation (issue 52): its two date-times are text.
  listTestAttempts: () => [
    {
      method: 'POST',
      url: '/v3/candidates/testattempts?state=completed',
      auth: 'apiKey',
      body: { StartDateTime: '2026-11-01T00:00:00Z', EndDateTime: '2026-11-15T00:00:00Z' },
    },
  ],
  // iMocha v3's invitations (issue 52): names, addresses and date-times are text like a registration's.
  inviteCandidate: (w) => [
    {
      method: 'POST',
      url: `/v3/tests/${w.testId}/invite`,
      auth: 'apiKey',
      body: v3InviteBody(w),
    },
    { method: 'POST', url: `/v3/tests/${w.testId}/invite`, auth: 'apiKey', body: v3DocumentedInviteBody(w) },
  ],
  inviteCandidateByTestLink: (w) => [
    {
      method: 'POST',
      url: `/v3/tests/${w.testId}/testlinks/${w.testLinkId}/invite`,
      auth: 'apiKey',
      body: v3InviteBody(w),
    },
    { method: 'POST', url: `/v3/tests/${w.testId}/testlinks/${w.testLinkId}/invite`, auth: 'apiKey', body: v3DocumentedInviteBody(w) },
  ],
  reattemptFinishedInvitation: (w) => [
    {
      method: 'POST',
      url: `/v3/invitations/${w.invitationId}/reattempt`,
      auth: 'apiKey',
      body: {
        StartDateTime: '2026-01-01T09:00:00Z',
        EndDateTime: '2036-01-01T09:00:00Z',
        CallbackUrl: 'https://hooks.example.com/v3',
        RedirectUrl: 'https://careers.example.com/done',
        startDateTime: '2026-01-01T09:00:00Z',
        endDateTime: '2036-01-01T09:00:00Z',
        callbackUrl: 'https://hooks.example.com/v3',
        redirectUrl: 'https://careers.example.com/done',
        callbackURL: 'https://hooks.example.com/v3',
        redirectURL: 'https://careers.example.com/done',
      },
    },
  ],
  startRun: (w) => [
    {
      method: 'POST',
      url: `/candidate/v1/${w.token}/runs`,
      auth: 'none',
      body: { questionId: w.coding, code: 'function sum() {}', customArgs: ['text', ['nested']] },
    },
  ],
};

/** Settings whose text fields are all filled in. */
const namedSettings = () => {
  const settings = defaultTestSettingsOf({ name: 'Backend screening', definition: { sections: [] } });
  return { ...settings, testSettings: { ...settings.testSettings, testAliasName: 'Backend' } };
};

type Path = (string | number)[];
const shapeOf = (path: Path): string => path.reduce<string>((shape, key) => (typeof key === 'number' ? `${shape}[]` : shape ? `${shape}.${key}` : key), '');

/** Every place of a body schema that may hold text (a string, or any JSON value), by shape (`sections[].sectionName`). */
const textPlaces = (document: OpenApiDocument, schema: Schema, shape = '', refs: string[] = []): string[] => {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref && refs.includes(ref)) return [];
  const resolved = resolveRef(document as never, schema) as Schema;
  const inner = ref ? [...refs, ref] : refs;
  const alternatives = [resolved.anyOf, resolved.oneOf, resolved.allOf].flatMap((list) => (Array.isArray(list) ? (list as Schema[]) : []));
  const places = alternatives.flatMap((alternative) => textPlaces(document, alternative, shape, inner));
  if ('const' in resolved || Array.isArray(resolved.enum)) return places;
  const types = [resolved.type].flat();
  const properties = (resolved.properties ?? {}) as Record<string, Schema>;
  if (types.includes('string') || (resolved.type === undefined && !resolved.properties && alternatives.length === 0)) places.push(shape);
  for (const [key, property] of Object.entries(properties)) places.push(...textPlaces(document, property, shape ? `${shape}.${key}` : key, inner));
  if (resolved.items && typeof resolved.items === 'object') places.push(...textPlaces(document, resolved.items as Schema, `${shape}[]`, inner));
  return places;
};

/** The strings of a JSON value: where each is (first occurrence of each shape only) and its shape. */
const stringsOf = (value: unknown, path: Path = [], found = new Map<string, Path>()): Map<string, Path> => {
  if (typeof value === 'string') {
    if (!found.has(shapeOf(path))) found.set(shapeOf(path), path);
  } else if (Array.isArray(value)) value.forEach((item, index) => stringsOf(item, [...path, index], found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stringsOf(item, [...path, key], found);
  return found;
};

const withTextAt = (value: unknown, path: Path, edit: (text: string) => string): unknown => {
  if (path.length === 0) return edit(value as string);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withTextAt(copy[head!], rest, edit);
  return copy;
};
const inserted = (text: string, character: string) => `${text.slice(0, 1)}${character}${text.slice(1)}`;

describe.each(backends)('every text field of every body refuses control and bidi characters, on %s', (backend) => {
  let h: Harness;
  let document: OpenApiDocument;
  let world: World;
  let counts: () => Promise<TableCounts>;

  const headersOf: Record<Auth, () => Record<string, string>> = {
    apiKey: () => ({}),
    none: () => ({}),
    admin: () => ({ authorization: `Bearer ${ADMIN_TOKEN}` }),
    greenhouse: () => ({ authorization: `Basic ${Buffer.from(`${h.org.apiKey}:`).toString('base64')}` }),
  };
  const send = (sample: Sample, body: unknown) =>
    h.request({ method: sample.method, url: sample.url, body, apiKey: sample.auth === 'apiKey' ? undefined : null, headers: headersOf[sample.auth]() });

  beforeAll(async () => {
    h = await startHarness(backend);
    document = await fetchDocument(h);
    const testId = await h.importTest();
    const link = expectSuccess<{ testLinkId: number; testLinkAccessKey: string }>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    );
    const { token, invitationId } = await registerFor(h, testId, 'walker@example.com');
    expectSuccess(await candidate(h, token).start());
    const snapshotId = await h.store.attempts.addSnapshot(invitationId, Date.now(), 'image/png', Buffer.from('not drawn here'));
    const [choice, , coding] = await questionIdsOfTest(h, testId);
    const keyOrgId = (await h.createOrg('Keys')).orgId;
    const person = expectSuccess<{ personId: number }>(
      await h.request({
        method: 'POST',
        url: `/admin/orgs/${keyOrgId}/people`,
        body: { name: 'Ada' },
        apiKey: null,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
    );
    const orgPerson = expectSuccess<{ personId: number }>(await h.request({ method: 'POST', url: '/v2/org/people', body: { name: 'Lin' } }));
    const noted = expectSuccess<{ notes: { noteId: number }[] }>(
      await h.request({ method: 'POST', url: `/v2/org/testinvitation/${invitationId}/notes`, body: { text: 'First note.' } }),
    );
    let serial = 0;
    world = {
      testId,
      testLinkId: link.testLinkId,
      accessKey: link.testLinkAccessKey,
      token,
      choice: choice!,
      coding: coding!,
      unique: () => `${(serial += 1)}`,
      keyOrgId,
      personId: person.personId,
      orgPersonId: orgPerson.personId,
      noteId: noted.notes[0]!.noteId,
      invitationId,
      eventId: `snapshot-${snapshotId}`,
    };
    counts = (await tableCounter(h.store, backend)).count;
  });
  afterAll(() => h.close());

  /** Every operation of the document that takes a JSON body, with the text places its schema declares. */
  const bodyOperations = () =>
    operationsOf(document).flatMap(({ operation }) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      return schema ? [{ operationId: operation.operationId!, places: [...new Set(textPlaces(document, schema))] }] : [];
    });

  it('has samples for every operation that takes a body, holding every text field the document declares', () => {
    const operations = bodyOperations();
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(SAMPLES).sort());
    const missing = operations.flatMap(({ operationId, places }) => {
      const sampled = new Set(SAMPLES[operationId]!(world).flatMap((sample) => [...stringsOf(sample.body).keys()]));
      return places.filter((place) => !sampled.has(place) && !(`${operationId} ${place}` in KEPT_AS_WRITTEN)).map((place) => `${operationId} ${place}`);
    });
    expect(missing, 'text fields no sample holds: add them to SAMPLES').toEqual([]);
    const declared = new Set(operations.flatMap(({ operationId, places }) => places.map((place) => `${operationId} ${place}`)));
    expect(
      [...Object.keys(KEPT_AS_WRITTEN), ...LINES].filter((entry) => !declared.has(entry)),
      'entries for fields the document no longer has',
    ).toEqual([]);
  });

  /** Each text field of each sample (enumerations aside), by operation: where it is in the body, its shape, and the sample. */
  const fieldsToTry = () =>
    bodyOperations().flatMap(({ operationId, places }) =>
      SAMPLES[operationId]!(world).flatMap((sample) =>
        [...stringsOf(sample.body)].flatMap(([shape, path]) =>
          !places.includes(shape) || `${operationId} ${shape}` in KEPT_AS_WRITTEN
            ? []
            : [{ operationId, shape, path, sample, field: String(path.findLast((key) => typeof key === 'string')) }],
        ),
      ),
    );

  /** The reason the job's first row was refused (undefined when it was not). */
  const refusedRowReason = async (jobId: number): Promise<string | undefined> => {
    const job = expectSuccess<{ rows: { outcome: string; reason?: string }[] }>(await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${jobId}` }));
    return job.rows[0]?.outcome === 'refused' ? job.rows[0].reason : undefined;
  };
  /**
   * A text column says the character as a registration would; a number's or a date's column (text in a CSV) is refused
   * as not that, naming the column.
   */
  const refusesTheRow = (reason: string | undefined, field: string, expected: string): boolean =>
    reason !== undefined && (field === 'email' || field === 'name' ? reason.includes(expected) : reason.includes(field));

  it('refuses each character in each field with 400.2 naming the field and the character, storing nothing', async () => {
    const fields = fieldsToTry();
    expect(fields.length).toBeGreaterThan(25);
    const unrefused: string[] = [];
    for (const { operationId, shape, path, sample, field } of fields) {
      const lines = LINES.has(`${operationId} ${shape}`);
      for (const { character, kind, code } of [...REFUSED, lines ? LONE_CR : LINE_BREAK]) {
        const before = await counts();
        const response = await send(
          sample,
          withTextAt(sample.body, path, (text) => inserted(text, character)),
        );
        const expected = `${field} must not contain ${kind} (${code})`;
        // The envelope's `result`, or (Greenhouse's partner API) its `errors`.
        const answer = response.json<{ statuscode: string; result?: unknown; errors?: string[] }>();
        const perRow = REFUSED_PER_ROW[operationId];
        if (perRow) {
          const reason = answer.statuscode === '200.1' ? await refusedRowReason(perRow.jobOf(answer)) : undefined;
          if (!refusesTheRow(reason, field, expected)) unrefused.push(`${operationId} ${shape} with ${code}: ${reason ?? response.body.slice(0, 200)}`);
          expect(countChanges(before, await counts()), `${operationId} ${shape} ${code}`).toEqual(perRow.stored(before));
          continue;
        }
        if (answer.statuscode !== '400.2' || !String(answer.result ?? answer.errors?.join('; ')).includes(expected)) {
          unrefused.push(`${operationId} ${shape} with ${code}: ${response.body.slice(0, 200)}`);
        }
        expect(countChanges(before, await counts()), `${operationId} ${shape} ${code}`).toEqual([]);
      }
    }
    expect(unrefused).toEqual([]);
  });

  it('keeps newlines (CRLF as LF) and tabs in prose of several lines', async () => {
    const body = {
      ...sampleDefinition,
      description: 'First line\r\nSecond\tline',
      sections: sampleDefinition.sections.map((section) => ({
        ...section,
        questions: section.questions.map((question) => ({ ...question, text: `${question.text}\r\n\n\tconst x = 1;` })),
      })),
    };
    const test = expectSuccess<{ testId: number }>(await h.request({ method: 'POST', url: '/v2/org/tests', body }));
    const questions = await h.store.attempts.questions(test.testId);
    expect(questions.map((question) => question.definition.text)).toEqual(
      sampleDefinition.sections.flatMap((s) => s.questions.map((q) => `${q.text}\n\n\tconst x = 1;`)),
    );
  });

  it("keeps a candidate's code exactly as written", async () => {
    const code = 'function sum(numbers) {\r\n\treturn numbers.reduce((a, b) => a + b, 0); // \u001b[31m \u202e \f\n}';
    expectSuccess(await candidate(h, world.token).answer(world.coding, { code }));
    const session = await candidate(h, world.token).client.session();
    expect(session.answers[String(world.coding)]?.code).toBe(code);
  });

  it.each(['محمد عبد الله', 'דוד כהן', 'Ана-Мария О’Коннор', '王小明', 'Zoë 👩🏽‍💻'])('takes the real name %s wherever a name goes', async (fullName) => {
    const bodies = [...SAMPLES.registerCandidate!(world), ...SAMPLES.registerCandidateByTestLink!(world), ...SAMPLES.registerOnPublicLink!(world)].map(
      (sample) => ({ sample, body: { ...(sample.body as object), fullName } }),
    );
    for (const { sample, body } of bodies) expect((await send(sample, body)).statusCode).toBe(200);
    const org = SAMPLES.createOrg!(world)[0]!;
    expect((await send(org, { ...(org.body as object), name: fullName })).statusCode).toBe(200);
    const names = await h.store.db.selectFrom('candidates').select('full_name').where('full_name', '=', fullName).execute();
    expect(names).toHaveLength(3);
  });

  it('answers the envelope: one readable message for a hostile name', async () => {
    const failure = expectFailure(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${world.testId}/register`,
        body: { emailId: 'eve@example.com', fullName: 'Eve\u001b]0;pwned\u0007' },
      }),
      '400.2',
    );
    expect(failure.result).toBe('fullName must not contain control characters (U+001B)');
  });
});
