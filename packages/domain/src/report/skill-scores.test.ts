import { describe, expect, it } from 'vitest';
import type { Invitation } from '../records/invitation.js';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { QuestionDefinition, TestDefinition } from '../schemas/test-definition.js';
import { attemptVariant, questionsOfVariant } from '../candidate/question-variant.js';
import { buildReportDetails } from './build-report-details.js';
import { completeLog } from './event-log.js';
import { standingAmong } from './percentile.js';
import { skillScoresOf } from './skill-scores.js';

describe('skillScoresOf', () => {
  it('counts a question without skills under its section name', () => {
    expect(
      skillScoresOf([
        { sectionName: 'Basics', marks: 2, points: 2 },
        { sectionName: 'Basics', skills: [], marks: 3, points: 0 },
      ]),
    ).toEqual([{ skill: 'Basics', points: 2, maxPoints: 5, percentage: 40, questions: 2, awaitingReview: 0 }]);
  });

  it('merges skills that differ only in case, spelt as first seen, in the order they first appear', () => {
    const scores = skillScoresOf([
      { sectionName: 'A', skills: ['SQL', 'Joins'], marks: 4, points: 3 },
      { sectionName: 'A', skills: ['sql'], marks: 1, points: 1 },
      { sectionName: 'B', skills: ['JOINS', 'Indexes'], marks: 5, points: -1 },
    ]);
    expect(scores).toEqual([
      { skill: 'SQL', points: 4, maxPoints: 5, percentage: 80, questions: 2, awaitingReview: 0 },
      { skill: 'Joins', points: 2, maxPoints: 9, percentage: 22.2, questions: 2, awaitingReview: 0 },
      // Negative marks count like the section's; the percentage never goes below 0.
      { skill: 'Indexes', points: -1, maxPoints: 5, percentage: 0, questions: 1, awaitingReview: 0 },
    ]);
  });

  it('counts a written answer awaiting a grade, whose machine 0 is provisional', () => {
    expect(skillScoresOf([{ sectionName: 'Essay', skills: ['Writing'], marks: 5, points: 0, awaitingReview: true }])).toEqual([
      { skill: 'Writing', points: 0, maxPoints: 5, percentage: 0, questions: 1, awaitingReview: 1 },
    ]);
  });

  it('has no skills for no questions', () => {
    expect(skillScoresOf([])).toEqual([]);
  });
});

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const choice = (text: string, marks: number, skills?: string[]) =>
  QuestionDefinition.parse({ type: 'single_choice', text, marks, ...(skills ? { skills } : {}), options: [{ text: 'no' }, { text: 'yes', correct: true }] });

describe('skills in the report details', () => {
  // A pool of four questions, two drawn: each skill's maximum is over the draw, like the section's.
  const sections: SectionRecord[] = [
    {
      id: 1,
      position: 0,
      name: 'Databases',
      sectionType: 'General Questions',
      duration: 20,
      questionCount: 2,
      pool: { draw: 2, shuffleQuestions: false, shuffleOptions: false },
    },
    { id: 2, position: 1, name: 'Habits', sectionType: 'General Questions', duration: 10, questionCount: 1 },
  ];
  const questions: QuestionRecord[] = [
    { id: 11, sectionId: 1, definition: choice('q1', 1, ['SQL']) },
    { id: 12, sectionId: 1, definition: choice('q2', 2, ['SQL', 'Joins']) },
    { id: 13, sectionId: 1, definition: choice('q3', 4, ['sql']) },
    { id: 14, sectionId: 1, definition: choice('q4', 8, ['Indexes']) },
    { id: 15, sectionId: 2, definition: choice('q5', 3) },
  ];
  const invitation = {
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
    score: 0,
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
  } satisfies Invitation;

  const detailsFor = (seed: number) => {
    const asked = questionsOfVariant(attemptVariant(sections, questions, seed), questions);
    // Every asked question answered right: points equal marks.
    const results = new Map(asked.map((question) => [question.id, { marks: question.definition.marks, cases: null }]));
    const details = buildReportDetails({
      invitation: { ...invitation, variantSeed: seed },
      candidate: { id: 4, orgId: 1, testId: 3, email: 'a@example.com', fullName: 'A', callbackUrl: null, redirectUrl: null, hideInstructions: false },
      test: {
        id: 3,
        orgId: 1,
        contentId: 3,
        version: 1,
        name: 'T',
        description: '',
        duration: 30,
        questionCount: 3,
        status: 'Active',
        reportSettings: { verdictBands: [], showHiddenTestInputs: false },
      },
      sections,
      questions,
      answers: new Map(),
      results,
      sampleRuns: new Map(),
      log: completeLog([]),
      snapshots: [],
      standing: standingAmong(0, []),
    });
    return { asked, details };
  };

  it("counts only the candidate's draw, and sums to each section's maximum when every question has one skill", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { asked, details } = detailsFor(seed);
      expect(asked).toHaveLength(3);
      const askedSkills = (skill: string) => asked.filter((question) => (question.definition.skills ?? []).some((named) => named.toLowerCase() === skill));
      const sql = details.skills!.find((entry) => entry.skill === 'SQL');
      expect(sql?.maxPoints ?? 0).toBe(askedSkills('sql').reduce((sum, question) => sum + question.definition.marks, 0));
      expect(sql?.questions ?? 0).toBe(askedSkills('sql').length);
      expect(details.skills!.some((entry) => entry.skill === 'sql')).toBe(false);
      expect(details.skills!.at(-1)).toEqual({ skill: 'Habits', points: 3, maxPoints: 3, percentage: 100, questions: 1, awaitingReview: 0 });
      expect(details.skills!.reduce((sum, entry) => sum + entry.questions, 0)).toBe(
        asked.reduce((sum, question) => sum + Math.max(1, question.definition.skills?.length ?? 0), 0),
      );
    }
  });
});

describe('skills in the test definition', () => {
  const withSkills = (skills: unknown) =>
    TestDefinition.safeParse({
      testName: 'T',
      sections: [
        {
          sectionName: 'S',
          sectionType: 'general',
          duration: 5,
          questions: [
            { type: 'single_choice', text: 'q', ...(skills === undefined ? {} : { skills }), options: [{ text: 'a', correct: true }, { text: 'b' }] },
          ],
        },
      ],
    });

  it('trims them, and a definition without them parses as before (no skills key)', () => {
    const parsed = withSkills(['  SQL ', 'Joins']);
    expect(parsed.success && parsed.data.sections[0]!.questions[0]!.skills).toEqual(['SQL', 'Joins']);
    const without = withSkills(undefined);
    expect(without.success && 'skills' in without.data.sections[0]!.questions[0]!).toBe(false);
  });

  it.each([
    ['more than 10', Array.from({ length: 11 }, (_, index) => `skill ${index}`), 'a question has at most 10 skills', []],
    ['an empty name', ['SQL', '  '], 'skills must not be empty', [1]],
    ['a name over 60 characters', ['x'.repeat(61)], 'skills must be at most 60 characters', [0]],
    ['a control character', ['SQL\u0007'], 'skills must not contain', [0]],
    ['a line break', ['SQL\nJoins'], 'skills must not contain', [0]],
    ['the same skill twice in another case', ['SQL', 'sql'], 'a question names each skill once', []],
    ['not a list', 'SQL', 'skills must be a list of skill names', []],
  ])('refuses %s, naming where', (_, skills, message, tail) => {
    const parsed = withSkills(skills);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.message).toContain(message);
    expect(issue.path).toEqual(['sections', 0, 'questions', 0, 'skills', ...tail]);
  });
});
