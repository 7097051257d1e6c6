import { QuestionDefinition, completeLog, type Invitation, type QuestionRecord, type ReportFacts, type SectionRecord } from '@assay/domain';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** A test of three sections; the second is empty and the third comes first in the stored question list. */
export const factSections: SectionRecord[] = [
  { id: 1, position: 0, name: 'Fundamentals', sectionType: 'General Questions', duration: 20, questionCount: 2 },
  { id: 3, position: 1, name: 'Nothing yet', sectionType: 'General Questions', duration: 5, questionCount: 0 },
  { id: 2, position: 2, name: 'Coding', sectionType: 'Coding Questions', duration: 40, questionCount: 1 },
];

export const factQuestions: QuestionRecord[] = [
  {
    id: 13,
    sectionId: 2,
    definition: QuestionDefinition.parse({
      type: 'coding',
      text: 'Write `sum(numbers)`, which returns the sum of an array of numbers.\n\nAn empty array sums to 0.',
      marks: 5,
      functionName: 'sum',
      starterCode: 'function sum(numbers) {}',
      hiddenTests: [
        { args: [[1, 2]], expected: 3 },
        { args: [[]], expected: 0 },
      ],
    }),
  },
  {
    id: 11,
    sectionId: 1,
    definition: QuestionDefinition.parse({
      type: 'single_choice',
      text: 'Which HTTP status means "not found"?',
      marks: 2,
      negativeMarks: 1,
      options: [{ text: '200' }, { text: '404', correct: true }],
    }),
  },
  {
    id: 12,
    sectionId: 1,
    definition: QuestionDefinition.parse({
      type: 'multiple_choice',
      text: 'Which methods are idempotent?',
      marks: 1,
      options: [{ text: 'GET', correct: true }, { text: 'POST' }],
    }),
  },
];

const invitation: Invitation = {
  id: 7,
  orgId: 1,
  testId: 3,
  candidateId: 4,
  testLinkId: null,
  attemptNo: 1,
  previousInvitationId: null,
  token: 't',
  status: 'Completed',
  reportStatus: 'Generated',
  score: 4,
  timeTaken: 30,
  proctoring: { wv: 0, tv: 0, leftAt: null },
  startedAt: T0,
  deadline: T0 + 60 * 60_000,
  completedAt: T0 + 30 * 60_000,
  cancelledAt: null,
  extraTimePercent: 0,
  reportLinkGeneration: 0,
  expiresAt: null,
  interface: 'v2',
  endReason: 'submitted',
  createdAt: T0,
  updatedAt: T0,
};

/** A completed, scored attempt: the single choice wrong (negative marks), the code passing one hidden test of two. */
export const reportFacts = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
  invitation,
  candidate: { id: 4, orgId: 1, testId: 3, email: 'ada@example.com', fullName: 'Ada Lovelace', callbackUrl: null, redirectUrl: null, hideInstructions: false },
  test: {
    id: 3,
    orgId: 1,
    contentId: 3,
    version: 1,
    name: 'Backend',
    description: '',
    duration: 60,
    questionCount: 3,
    status: 'Active',
    reportSettings: { verdictBands: [], showHiddenTestInputs: false },
  },
  sections: factSections,
  questions: factQuestions,
  answers: new Map([
    [11, { optionIds: [0] }],
    [13, { code: 'function sum(numbers) { return 3; }' }],
  ]),
  results: new Map([
    [11, { marks: -1, cases: null }],
    [12, { marks: 0, cases: null }],
    [13, { marks: 2.5, cases: [true, false] }],
  ]),
  sampleRuns: new Map(),
  log: completeLog([]),
  snapshots: [],
  standing: { below: 0, tied: 0, total: 0 },
  ...overrides,
});

export const notStarted: Partial<ReportFacts> = {
  invitation: { ...invitation, id: 8, status: 'Pending', reportStatus: 'Pending', score: 0, startedAt: null, deadline: null, completedAt: null },
  answers: new Map(),
  results: new Map(),
};
