import { describe, expect, it } from 'vitest';
import type { Invitation } from '../records/invitation.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { QuestionDefinition } from '../schemas/test-definition.js';
import { buildReportDetails, type ReportFacts } from './build-report-details.js';
import { attemptIntegritySummary } from './attempt-integrity-summary.js';
import type { EvidenceReview } from '../history/evidence-review.js';
import { completeLog, type AttemptEvent } from './event-log.js';
import { standingAmong } from './percentile.js';
import { questionOutcomesOf, questionsInReportOrder } from './question-outcome.js';
import { noSignals, QUESTION_SIGNAL_LIMITS, type QuestionSignals, recordInsertion, recordKeystroke, viewQuestion } from '../candidate/question-signals.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const sections: SectionRecord[] = [
  { id: 1, position: 0, name: 'Fundamentals', sectionType: 'General Questions', duration: 20, questionCount: 2 },
  { id: 2, position: 1, name: 'Coding', sectionType: 'Coding Questions', duration: 40, questionCount: 1 },
];
const questions: QuestionRecord[] = [
  {
    id: 11,
    sectionId: 1,
    definition: QuestionDefinition.parse({
      type: 'single_choice',
      text: 'Not found?',
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
      text: 'Idempotent?',
      marks: 3,
      options: [{ text: 'GET', correct: true }, { text: 'POST' }],
    }),
  },
  {
    id: 13,
    sectionId: 2,
    definition: QuestionDefinition.parse({
      type: 'coding',
      text: 'Sum',
      marks: 5,
      functionName: 'sum',
      hiddenTests: [
        { args: [[1, 2]], expected: 3 },
        { args: [[]], expected: 0 },
      ],
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
  score: 4.5,
  timeTaken: 30,
  proctoring: { wv: 1, tv: 20, leftAt: null },
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
const facts = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
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
    reportSettings: {
      verdictBands: [
        { label: 'Strong', minPercent: 80 },
        { label: 'Consider', minPercent: 40 },
      ],
      showHiddenTestInputs: false,
    },
  },
  sections,
  questions,
  answers: new Map([
    [11, { optionIds: [0] }],
    [13, { code: 'function sum(a) { return a.length ? 3 : 0 }' }],
  ]),
  results: new Map([
    [11, { marks: -1, cases: null }],
    [12, { marks: 0, cases: null }],
    [13, { marks: 5, cases: [true, true] }],
  ]),
  sampleRuns: new Map([[13, 4]]),
  log: completeLog([
    { kind: 'section', at: T0, sectionId: 1 },
    { kind: 'section', at: T0 + 10 * 60_000, sectionId: 2 },
    { kind: 'left', at: T0 + 12 * 60_000 },
    { kind: 'returned', at: T0 + 12 * 60_000 + 20_000 },
  ]),
  snapshots: [{ id: 99, takenAt: T0 + 1_000 }],
  standing: standingAmong(4.5, [1, 2, 3, 4.5, 9]),
  ...overrides,
});

describe('buildReportDetails', () => {
  it('a terminated attempt says so in its status; any other ending adds nothing (decision 946)', () => {
    expect(buildReportDetails(facts({ invitation: { ...invitation, endReason: 'terminated' } })).status).toEqual({
      testStatus: invitation.status,
      reportStatus: invitation.reportStatus,
      endReason: 'terminated',
    });
    expect(buildReportDetails(facts()).status).not.toHaveProperty('endReason');
  });

  it('scores, percent, percentile and verdict band', () => {
    const details = buildReportDetails(facts());
    expect(details.score).toEqual({ score: 4.5, maxScore: 10, percent: 45 });
    expect(details.percentile).toEqual({ percentile: 70, basedOn: 5 });
    expect(details.verdict).toEqual({ label: 'Consider', minPercent: 40 });
    expect(details.timeTakenMinutes).toBe(30);
  });

  it('sections with their scores, maxima and time spent against the suggestion', () => {
    expect(buildReportDetails(facts()).sections).toEqual([
      { sectionName: 'Fundamentals', sectionType: 'General Questions', score: -1, maxScore: 5, timeSpentSeconds: 600, suggestedMinutes: 20 },
      { sectionName: 'Coding', sectionType: 'Coding Questions', score: 5, maxScore: 5, timeSpentSeconds: 1200, suggestedMinutes: 40 },
    ]);
  });

  it('a section never viewed has no time, not zero', () => {
    const details = buildReportDetails(facts({ log: completeLog([{ kind: 'section', at: T0 + 10 * 60_000, sectionId: 2 }]) }));
    expect(details.sections.map((section) => section.timeSpentSeconds)).toEqual([null, 1200]);
  });

  it('a question has the time of its section when alone in it, and none recorded otherwise', () => {
    expect(buildReportDetails(facts()).questions.map((question) => question.timeSpentSeconds)).toEqual([null, null, 1200]);
  });

  it('with question views, every question has its own time, several in a section too (a question never shown: 0 s)', () => {
    const views: [number, number][] = [
      [11, T0],
      [12, T0 + 4 * 60_000],
      [13, T0 + 10 * 60_000],
    ];
    let questionSignals = new Map<number, QuestionSignals>();
    let current: QuestionSignals | null = null;
    for (const [questionId, at] of views) {
      const { closed, opened } = viewQuestion(current, questionSignals.get(questionId) ?? noSignals(questionId), at);
      if (closed) questionSignals = new Map(questionSignals).set(closed.questionId, closed);
      questionSignals = new Map(questionSignals).set(opened.questionId, opened);
      current = opened;
    }
    // The last view runs until the attempt ended (completed after 30 minutes).
    expect(buildReportDetails(facts({ questionSignals })).questions.map((question) => question.timeSpentSeconds)).toEqual([240, 360, 1200]);
    const onlyFirst = new Map([[11, questionSignals.get(11)!]]);
    expect(buildReportDetails(facts({ questionSignals: onlyFirst })).questions.map((question) => question.timeSpentSeconds)).toEqual([240, 0, 0]);
  });

  it('shows pastes and insertions by size and the first keystroke beside the answer, and the code history; no score changes', () => {
    const pasted = recordInsertion(recordKeystroke({ ...noSignals(13), firstViewedAt: T0 + 10 * 60_000 }, T0 + 10 * 60_000 + 45_000), {
      kind: 'paste',
      at: T0 + 11 * 60_000,
      chars: 320,
      lines: 12,
    });
    const playback = new Map([[13, [{ at: T0 + 11 * 60_000, start: 0, deleted: '', inserted: 'function sum(a) { return a.length ? 3 : 0 }' }]]]);
    const details = buildReportDetails(facts({ questionSignals: new Map([[13, pasted]]), playback }));
    const coding = details.questions[2]!;
    expect(coding.signals).toEqual({
      firstViewedAt: new Date(T0 + 10 * 60_000).toISOString(),
      secondsToFirstKeystroke: 45,
      pastes: 1,
      pastedChars: 320,
      largeInsertions: 0,
      largeInsertionChars: QUESTION_SIGNAL_LIMITS.largeInsertionChars,
      events: [{ kind: 'paste', at: new Date(T0 + 11 * 60_000).toISOString(), chars: 320, lines: 12, eventId: `paste-${T0 + 11 * 60_000}`, review: null }],
    });
    expect(coding.coding?.playback?.frames).toHaveLength(1);
    // Reviewable like a departure: the review that counts sits on the event (issue 34, item 6).
    const review = {
      eventId: `paste-${T0 + 11 * 60_000}`,
      outcome: 'confirmed' as const,
      note: 'whole answer',
      reviewedAt: new Date(T0 + 30 * 60_000).toISOString(),
      reviewedBy: { keyId: 1, label: 'lead' },
    };
    const reviewed = buildReportDetails(facts({ questionSignals: new Map([[13, pasted]]), evidenceReviews: new Map([[review.eventId, review]]) }));
    expect(reviewed.questions[2]!.signals!.events[0]!.review).toEqual({
      outcome: 'confirmed',
      note: 'whole answer',
      by: 'lead',
      at: new Date(T0 + 30 * 60_000).toISOString(),
    });
    expect(details.questions[0]!.signals).toBeUndefined();
    expect(details.score).toEqual(buildReportDetails(facts()).score);
    // Issue 48: the summary counts the paste confirmed and the departure dismissed; the workbook's count agrees.
    const dismissed: EvidenceReview = { ...review, eventId: `departure-${T0 + 12 * 60_000}`, outcome: 'dismissed' };
    const reviewedFacts = facts({
      questionSignals: new Map([[13, pasted]]),
      evidenceReviews: new Map<string, EvidenceReview>([
        [review.eventId, review],
        [dismissed.eventId, dismissed],
      ]),
    });
    expect(buildReportDetails(reviewedFacts).integrity.summary).toEqual({
      level: 'confirmed',
      departures: { total: 1, confirmed: 0, dismissed: 1, unreviewed: 0 },
      pastes: { total: 1, confirmed: 1, dismissed: 0, unreviewed: 0 },
      similarAnswers: { total: 0, confirmed: 0, dismissed: 0, unreviewed: 0 },
      snapshots: { total: 1, confirmed: 0, dismissed: 0, unreviewed: 1 },
    });
    expect(attemptIntegritySummary(reviewedFacts)).toEqual(buildReportDetails(reviewedFacts).integrity.summary);
    // Decision 989: the image violations beside the kinds, the same by both paths, the level as it was.
    const camera = { ...reviewedFacts, invitation: { ...reviewedFacts.invitation, imageViolations: 2 } };
    expect(buildReportDetails(camera).integrity.summary).toEqual({ ...buildReportDetails(reviewedFacts).integrity.summary, imageViolations: 2 });
    expect(attemptIntegritySummary(camera)).toEqual(buildReportDetails(camera).integrity.summary);
  });

  it('each question: the answer against the right one, marks awarded, and for code its hidden tests and runs', () => {
    const [single, multiple, coding] = buildReportDetails(facts()).questions;
    expect(single).toMatchObject({ number: 1, awarded: -1, answered: true });
    expect(single?.options).toEqual([
      { optionId: 0, text: '200', textPlain: '200', textHtml: '<p>200</p>', correct: false, chosen: true },
      { optionId: 1, text: '404', textPlain: '404', textHtml: '<p>404</p>', correct: true, chosen: false },
    ]);
    expect(multiple).toMatchObject({ number: 2, awarded: 0, answered: false });
    expect(coding).toMatchObject({ number: 3, awarded: 5, answered: true, sectionName: 'Coding' });
    expect(coding?.coding).toEqual({
      language: 'javascript',
      code: 'function sum(a) { return a.length ? 3 : 0 }',
      hiddenTests: { passed: 2, total: 2, cases: [{ passed: true }, { passed: true }] },
      sampleRuns: 4,
    });
  });

  it('shows hidden tests’ inputs only when the test allows it', () => {
    const test = { ...facts().test, reportSettings: { verdictBands: [], showHiddenTestInputs: true } };
    const details = buildReportDetails(facts({ test }));
    expect(details.questions[2]?.coding?.hiddenTests?.cases).toEqual([
      { passed: true, args: [[1, 2]] },
      { passed: true, args: [[]] },
    ]);
    expect(details.verdict).toBeNull();
  });

  it('the integrity timeline agrees with wv and tv', () => {
    const { integrity } = buildReportDetails(facts());
    expect(integrity.departures).toEqual([
      {
        eventId: `departure-${T0 + 12 * 60_000}`,
        leftAt: new Date(T0 + 12 * 60_000).toISOString(),
        returnedAt: new Date(T0 + 12 * 60_000 + 20_000).toISOString(),
        seconds: 20,
        review: null,
      },
    ]);
    expect(integrity.snapshots).toEqual([{ snapshotId: 99, takenAt: new Date(T0 + 1_000).toISOString(), eventId: 'snapshot-99', review: null }]);
    expect(integrity.accommodation).toBeNull();
    expect(integrity.omittedEvents).toBe(0);
  });

  it('from a log that kept only its first and last events: the departures it kept, how many events it did not, no section times', () => {
    const departure = (minute: number): AttemptEvent[] => [
      { kind: 'left', at: T0 + minute * 60_000 },
      { kind: 'returned', at: T0 + minute * 60_000 + 5_000 },
    ];
    const views = completeLog([{ kind: 'section', at: T0, sectionId: 1 }]).sections;
    const details = buildReportDetails(
      facts({
        log: {
          presence: { head: [...departure(1), departure(2)[0]!], tail: [departure(20)[1]!, ...departure(21)], omitted: 500 },
          sections: { ...views, omitted: 3 },
        },
      }),
    );
    expect(details.integrity.departures.map((kept) => kept.leftAt)).toEqual([new Date(T0 + 60_000).toISOString(), new Date(T0 + 21 * 60_000).toISOString()]);
    expect(details.integrity.omittedEvents).toBe(503);
    expect(details.sections.map((section) => section.timeSpentSeconds)).toEqual([null, null]);
  });

  it('shows the accommodation the candidate had', () => {
    expect(buildReportDetails(facts({ invitation: { ...invitation, extraTimePercent: 25 } })).integrity.accommodation).toEqual({ extraTimePercent: 25 });
  });

  it('tells the time the candidate was allowed, their extra time included', () => {
    const details = buildReportDetails(facts({ invitation: { ...invitation, extraTimePercent: 50 } }));
    expect(details.test).toMatchObject({ duration: 60, allowedSeconds: 5400 });
    expect(buildReportDetails(facts()).test.allowedSeconds).toBe(3600);
  });

  it('names the language the candidate answered in, and the question first one when they did not answer', () => {
    const [, , question] = facts().questions;
    if (!question || question.definition.type !== 'coding') throw new Error('the fixture has a coding question third');
    const twoLanguages = { ...question, definition: { ...question.definition, languages: ['javascript' as const, 'python' as const] } };
    const answered = facts({
      questions: [...facts().questions.slice(0, 2), twoLanguages],
      answers: new Map([[twoLanguages.id, { code: 'def sum(a):\n    return 3', language: 'python' as const }]]),
    });
    expect(buildReportDetails(answered).questions[2]?.coding?.language).toBe('python');
    expect(buildReportDetails({ ...answered, answers: new Map() }).questions[2]?.coding?.language).toBe('javascript');
  });

  it('before scoring: no marks, no percentile, no verdict', () => {
    const details = buildReportDetails(facts({ invitation: { ...invitation, reportStatus: 'Pending' }, results: new Map() }));
    expect(details.percentile).toBeNull();
    expect(details.verdict).toBeNull();
    expect(details.questions.every((question) => question.awarded === null)).toBe(true);
    expect(details.questions[2]?.coding?.hiddenTests).toBeNull();
  });

  it('agrees with the question outcomes a sheet reads alone, scored or not, answered or not', () => {
    const variants = [facts(), facts({ results: new Map() }), facts({ answers: new Map() })];
    for (const variant of variants) {
      const details = buildReportDetails(variant);
      const outcomes = questionOutcomesOf(questionsInReportOrder(variant.sections, variant.questions), variant.answers, variant.results);
      expect(outcomes.map(({ questionId, awarded, answered }) => ({ questionId, awarded, answered }))).toEqual(
        details.questions.map(({ questionId, awarded, answered }) => ({ questionId, awarded, answered })),
      );
      expect(outcomes.map((outcome) => outcome.coding && { language: outcome.coding.language, hiddenTests: outcome.coding.hiddenTests })).toEqual(
        details.questions.map(
          (question) =>
            question.coding && {
              language: question.coding.language,
              hiddenTests: question.coding.hiddenTests && { passed: question.coding.hiddenTests.passed, total: question.coding.hiddenTests.total },
            },
        ),
      );
    }
  });
});
