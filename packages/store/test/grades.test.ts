import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decideGrade, formatWireDateTime, TestDefinition, type GradeInput } from '@assay/domain';
import type { GradeFacts, Store } from '../src/index.js';
import { scratchOrgWithTest } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 25, 13, 0, 0);

const writtenTest = TestDefinition.parse({
  testName: 'Written',
  sections: [
    {
      sectionName: 'One',
      sectionType: 'general',
      duration: 10,
      questions: [
        { type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] },
        {
          type: 'free_text',
          text: 'Explain',
          marks: 10,
          rubric: [
            { criterion: 'Correctness', marks: 6 },
            { criterion: 'Clarity', marks: 4 },
          ],
        },
      ],
    },
    {
      sectionName: 'Two',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'short_answer', text: 'Capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }], reviewUnmatched: true }],
    },
  ],
});

/** The domain's rule, as the route passes it. */
const rule = (input: GradeInput) => (facts: GradeFacts) => decideGrade(facts, input);

describe.each(['sqlite', 'postgres'] as const)('grades on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;
  let keyId: number;
  let testId: number;
  let questionIds: number[];
  let sectionIds: number[];
  let registered = 0;

  /** A completed attempt scored by the machine: the choice right (4), the essay and the short answer awaiting review. */
  const scoredAttempt = async () => {
    registered += 1;
    const email = `c${registered}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: `C ${registered}`, callbackUrl: null, redirectUrl: null },
      () => `token-${backend}-${registered}`,
      2,
    );
    await store.db.updateTable('invitations').set({ status: 'Completed' }).where('id', '=', invitation.id).execute();
    const [choice, essay, short] = questionIds as [number, number, number];
    const saved = await store.attempts.saveScore(
      invitation.id,
      {
        score: 4,
        timeTaken: 3,
        sections: sectionIds.map((sectionId, index) => ({ sectionId, score: index === 0 ? 4 : 0 })),
        questions: [
          { questionId: choice, marks: 4, cases: null },
          { questionId: essay, marks: 0, cases: null },
          { questionId: short, marks: 0, cases: null },
        ],
        awaitingReview: [essay, short],
      },
      T0,
    );
    expect(saved).toBe(true);
    return invitation.id;
  };
  const reportOf = (invitationId: number) =>
    store.db.selectFrom('invitations').select(['score', 'report_status']).where('id', '=', invitationId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ store, dispose, orgId, testId, questionIds } = await scratchOrgWithTest(backend, inject('pgUrl'), writtenTest, `key-${backend}`, T0));
    otherOrgId = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    keyId = await store.apiKeys.insert(orgId, 'r'.repeat(64), 'assay_rev111', T0, { role: 'reviewer', label: 'Panel A' });
    sectionIds = (await store.tests.sections(testId)).map((section) => section.id);
  });
  afterAll(() => dispose());

  it('records grades, and the last one makes the score final: Generated, sections and total from machine marks and grades', async () => {
    const invitationId = await scoredAttempt();
    const [, essay, short] = questionIds as [number, number, number];
    const first = await store.grades.record(
      orgId,
      invitationId,
      essay,
      keyId,
      T0 + 1000,
      rule({
        marks: 7,
        criteria: [
          { criterion: 'Clarity', marks: 2 },
          { criterion: 'Correctness', marks: 5 },
        ],
        comment: 'Good',
      }),
    );
    expect(first?.val).toMatchObject({ finalised: false, regraded: false, score: null, awaiting: 1 });
    expect(first?.val?.grade).toEqual({
      marks: 7,
      criteria: [
        { criterion: 'Correctness', marks: 5 },
        { criterion: 'Clarity', marks: 2 },
      ],
      comment: 'Good',
      gradedBy: { keyId, label: 'Panel A' },
      gradedAt: formatWireDateTime(T0 + 1000),
    });
    expect(await reportOf(invitationId)).toMatchObject({ report_status: 'In progress' });
    expect(await store.attempts.awaitingReview(invitationId)).toEqual([short]);

    const last = await store.grades.record(orgId, invitationId, short, keyId, T0 + 2000, rule({ marks: 1.5 }));
    expect(last?.val).toMatchObject({ finalised: true, score: 12.5 });
    expect(await reportOf(invitationId)).toEqual({ score: 12.5, report_status: 'Generated' });
    const sections = await store.db
      .selectFrom('section_results')
      .select(['section_id', 'score'])
      .where('invitation_id', '=', invitationId)
      .orderBy('section_id')
      .execute();
    expect(sections.map((row) => Number(row.score))).toEqual([11, 1.5]);
    const marks = await store.db
      .selectFrom('question_results')
      .select(['question_id', 'marks'])
      .where('invitation_id', '=', invitationId)
      .orderBy('question_id')
      .execute();
    expect(marks.map((row) => Number(row.marks))).toEqual([4, 7, 1.5]);
    expect((await store.grades.current(orgId, invitationId)).get(short)).toMatchObject({ marks: 1.5, criteria: [], comment: null });
  });

  it('keeps a regraded answer’s earlier grade in the history and recomputes the final score', async () => {
    const invitationId = await scoredAttempt();
    const [, essay, short] = questionIds as [number, number, number];
    await store.grades.record(orgId, invitationId, essay, keyId, T0 + 1000, rule({ marks: 6 }));
    await store.grades.record(orgId, invitationId, short, keyId, T0 + 2000, rule({ marks: 2 }));
    expect(await reportOf(invitationId)).toEqual({ score: 12, report_status: 'Generated' });
    // The same grade again by the same key (a retried PUT): nothing recorded, the grade as it stands.
    const repeat = await store.grades.record(orgId, invitationId, short, keyId, T0 + 2500, rule({ marks: 2 }));
    expect(repeat?.val).toMatchObject({ regraded: false, finalised: false, score: 12, awaiting: 0, grade: { gradedAt: formatWireDateTime(T0 + 2000) } });
    const regrade = await store.grades.record(orgId, invitationId, essay, keyId, T0 + 3000, rule({ marks: 9, comment: 'On second reading' }));
    // A regrade after the report is Generated changes the score; it does not finalise (nothing held to release).
    expect(regrade?.val).toMatchObject({ finalised: false, regraded: true, score: 15 });
    expect(await reportOf(invitationId)).toEqual({ score: 15, report_status: 'Generated' });
    const history = await store.grades.history(orgId, invitationId);
    expect(history.map((entry) => [entry.questionId, entry.marks, entry.supersededAt])).toEqual([
      [essay, 6, formatWireDateTime(T0 + 3000)],
      [short, 2, null],
      [essay, 9, null],
    ]);
    expect(history[0]?.gradedBy).toEqual({ keyId, label: 'Panel A' });
    expect((await store.grades.current(orgId, invitationId)).get(essay)?.marks).toBe(9);
  });

  it('writes nothing for a refused grade or another org’s invitation (undefined)', async () => {
    const invitationId = await scoredAttempt();
    const [choice, essay] = questionIds as [number, number, number];
    expect((await store.grades.record(orgId, invitationId, essay, keyId, T0, rule({ marks: 11 })))?.err?.kind).toBe('grade-does-not-fit');
    expect((await store.grades.record(orgId, invitationId, choice, keyId, T0, rule({ marks: 1 })))?.err?.kind).toBe('grade-not-needed');
    expect(await store.grades.record(otherOrgId, invitationId, essay, keyId, T0, rule({ marks: 1 }))).toBeUndefined();
    expect((await store.grades.record(orgId, invitationId, 987_654_321, keyId, T0, rule({ marks: 1 })))?.err?.kind).toBe('question-not-found');
    expect(await store.grades.history(orgId, invitationId)).toEqual([]);
    expect(await store.grades.current(otherOrgId, invitationId)).toEqual(new Map());
    expect(await store.attempts.awaitingReview(invitationId)).toHaveLength(2);
  });

  it('refuses an invitation that is not Completed, and a new scoring leaves no grade current', async () => {
    const invitationId = await scoredAttempt();
    const [, essay] = questionIds as [number, number, number];
    await store.grades.record(orgId, invitationId, essay, keyId, T0, rule({ marks: 3 }));
    await store.db.updateTable('invitations').set({ status: 'Reset' }).where('id', '=', invitationId).execute();
    expect((await store.grades.record(orgId, invitationId, essay, keyId, T0, rule({ marks: 3 })))?.err?.kind).toBe('invitation-not-completed');
    await store.db.updateTable('invitations').set({ status: 'Completed' }).where('id', '=', invitationId).execute();
    await store.attempts.saveScore(invitationId, { score: 0, timeTaken: 1, sections: [], questions: [], awaitingReview: [essay] }, T0 + 5000);
    expect(await store.grades.current(orgId, invitationId)).toEqual(new Map());
    expect(await store.grades.history(orgId, invitationId)).toHaveLength(1);
  });
});
