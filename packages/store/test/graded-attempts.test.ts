import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Answer,
  attemptCodingFacts,
  decideGrade,
  formatWireDateTime,
  type InvitationEvent,
  moveInvitation,
  type QuestionRecord,
  TestDefinition,
} from '@assay/domain';
import { resetGradesSupersededMigration } from '../src/migrations/029-reset-grades-superseded.js';
import { openScratchStore, type Store } from '../src/index.js';
import { PYTHON_STARTER, twoLanguageCodingQuestion } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 25, 15, 0, 0);

/** A choice (4) and an essay a person grades (6), then a coding question in Python or JavaScript (10). */
const definition = TestDefinition.parse({
  testName: 'Reviewed with code',
  sections: [
    {
      sectionName: 'Written',
      sectionType: 'general',
      duration: 30,
      questions: [
        { type: 'single_choice', text: 'Pick', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] },
        { type: 'free_text', text: 'Explain', marks: 6 },
      ],
    },
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [twoLanguageCodingQuestion],
    },
  ],
});

/**
 * What a reviewed attempt keeps (issue 32): the last grade stores its coding answers' facts as scoring without review
 * does (decision 400); a reset supersedes its grades, so the review queue, the new attempt's grading and its report
 * see none of them, while the history keeps them; migration 029 supersedes those a reset left current before.
 */
describe.each(['sqlite', 'postgres'] as const)('graded attempts on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let keyId: number;
  let testId: number;
  let questions: readonly QuestionRecord[];
  let choice: number;
  let code: number;
  let essay: number;
  let registered = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    keyId = await store.apiKeys.insert(orgId, 'g'.repeat(64), 'assay_gra111', T0, { role: 'reviewer', label: 'Panel B' });
    testId = (await store.tests.importDefinition(orgId, definition, `graded-${backend}`, T0)).testId;
    questions = await store.attempts.questions(testId);
    [choice, essay, code] = questions.map((question) => question.id) as [number, number, number];
  });
  afterAll(() => dispose());

  const move = (id: number, event: InvitationEvent, at: number) => store.invitations.applyMove(orgId, id, (current) => moveInvitation(current, event), at);
  /** Started, answered (the choice right) and submitted at `at`; the essay left out when not given. */
  const take = async (id: number, answers: { code: Answer; essay?: string }, at: number) => {
    await move(id, { type: 'start', at, durationMinutes: 30 }, at);
    expect(await store.attempts.saveAnswer(id, choice, { optionIds: [0] }, at + 1)).toBe(true);
    expect(await store.attempts.saveAnswer(id, code, answers.code, at + 1)).toBe(true);
    if (answers.essay !== undefined) expect(await store.attempts.saveAnswer(id, essay, { text: answers.essay }, at + 1)).toBe(true);
    await move(id, { type: 'submit', at: at + 2 }, at + 2);
  };
  const completed = async (answers: { code: Answer; essay?: string }) => {
    registered += 1;
    const email = `g${registered}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: `G ${registered}`, callbackUrl: null, redirectUrl: null },
      () => `graded-${backend}-${registered}`,
      T0,
    );
    await take(invitation.id, answers, T0);
    return invitation.id;
  };
  /** Scored as the score job does: the code passes, a given essay awaits review, the coding facts from the answers. */
  const score = async (id: number, at = T0 + 10) => {
    const answers = new Map((await store.attempts.answers(id)).map((row) => [row.questionId, row.answer]));
    const awaiting = answers.has(essay) ? [essay] : [];
    const scored = questions.map(({ id: questionId, sectionId, definition: question }) => ({ questionId, sectionId, definition: question }));
    expect(
      await store.attempts.saveScore(
        id,
        {
          score: 14,
          timeTaken: 1,
          sections: [],
          questions: [
            { questionId: choice, marks: 4, cases: null },
            { questionId: code, marks: 10, cases: [true] },
            { questionId: essay, marks: 0, cases: null },
          ],
          awaitingReview: awaiting,
          coding: attemptCodingFacts(scored, answers),
        },
        at,
      ),
    ).toBe(true);
  };
  const grade = (id: number, marks: number, at: number) => store.grades.record(orgId, id, essay, keyId, at, (facts) => decideGrade(facts, { marks }));
  const stored = async (id: number) => store.db.selectFrom('attempt_results').select(['results', 'coding']).where('invitation_id', '=', id).executeTakeFirst();
  const queued = async (id: number) => (await store.reviewQueue.facts(orgId, testId))?.entries.filter((entry) => entry.invitationId === id);
  const report = (id: number) => store.db.selectFrom('invitations').select(['status', 'report_status', 'score']).where('id', '=', id).executeTakeFirstOrThrow();

  it('the last grade stores the coding answers’ facts an attempt scored without review stores, and a regrade keeps them', async () => {
    const python: Answer = { code: 'def solve(x):\n    return x\n', language: 'python' };
    const reviewed = await completed({ code: python, essay: 'Because it returns x.' });
    const unreviewed = await completed({ code: python });
    await score(reviewed);
    await score(unreviewed);
    expect(await stored(reviewed)).toBeUndefined();
    expect((await stored(unreviewed))?.coding).toBe(`${code}:python:1`);

    expect((await grade(reviewed, 5, T0 + 20))?.val).toMatchObject({ finalised: true, reportStatus: 'Generated', score: 19 });
    expect(await stored(reviewed)).toEqual({ results: `${choice}:4:;${essay}:5:;${code}:10:[true]`, coding: (await stored(unreviewed))?.coding });
    expect((await grade(reviewed, 6, T0 + 30))?.val).toMatchObject({ regraded: true, finalised: false, reportStatus: 'Generated', score: 20 });
    expect((await stored(reviewed))?.coding).toBe(`${code}:python:1`);

    // The export takes them from there: no code answer is read for the reviewed attempt.
    for await (const batch of store.attemptLog.factsOfTest(orgId, testId, [choice, code, essay])) {
      for (const facts of batch.filter((entry) => entry.invitation.id === reviewed)) {
        expect(facts.coding).toEqual([null, { language: 'python', answered: true }, null]);
        expect(facts.answers).toEqual(new Map());
      }
    }
    // The starter code is no answer, whoever made the score final.
    const starter = await completed({ code: { code: `  ${PYTHON_STARTER}`, language: 'python' }, essay: 'Nothing to add.' });
    await score(starter);
    await grade(starter, 0, T0 + 20);
    expect((await stored(starter))?.coding).toBe(`${code}:python:0`);
  });

  it('a reset supersedes the attempt’s grades: the queue, the next attempt’s grading and report see none; the history keeps them', async () => {
    const id = await completed({ code: { code: 'function solve(x) { return x; }' }, essay: 'First attempt.' });
    await score(id);
    await grade(id, 4, T0 + 20);
    expect(await queued(id)).toEqual([{ invitationId: id, questionId: essay, graded: true }]);

    await move(id, { type: 'reset' }, T0 + 100);
    expect(await store.grades.current(orgId, id)).toEqual(new Map());
    expect(await queued(id)).toEqual([]);
    const afterReset = await store.grades.history(orgId, id);
    expect(afterReset.map((entry) => [entry.marks, entry.supersededAt])).toEqual([[4, formatWireDateTime(T0 + 100)]]);

    // The next attempt, submitted and not scored yet: its essay awaits nothing, so nothing of it takes a grade.
    await take(id, { code: { code: 'function solve(x) { return 1; }' }, essay: 'Second attempt.' }, T0 + 200);
    expect(await report(id)).toMatchObject({ status: 'Completed', report_status: 'Pending' });
    expect((await grade(id, 5, T0 + 210))?.err?.kind).toBe('grade-not-needed');
    expect(await store.grades.current(orgId, id)).toEqual(new Map());

    await score(id, T0 + 220);
    expect(await queued(id)).toEqual([{ invitationId: id, questionId: essay, graded: false }]);
    const page = await store.reviewQueue.answers(orgId, [{ invitationId: id, questionId: essay, graded: false }]);
    expect(page.texts.get(`${id}:${essay}`)).toBe('Second attempt.');
    expect(page.grades.size).toBe(0);
    expect((await grade(id, 5, T0 + 230))?.val).toMatchObject({ regraded: false, finalised: true, reportStatus: 'Generated', score: 19 });
    expect((await store.grades.history(orgId, id)).map((entry) => [entry.marks, entry.supersededAt])).toEqual([
      [4, formatWireDateTime(T0 + 100)],
      [5, null],
    ]);
  });

  it('migration 029 supersedes the grades a reset left current, at the reset, and leaves every other grade', async () => {
    const answers = { code: { code: 'function solve(x) { return x; }' }, essay: 'An essay.' };
    const [kept, reset, retaken, unrecorded] = [await completed(answers), await completed(answers), await completed(answers), await completed(answers)];
    for (const id of [kept, reset, retaken, unrecorded]) {
      await score(id);
      await grade(id, 3, T0 + 20);
    }
    for (const id of [reset, retaken, unrecorded]) await move(id, { type: 'reset' }, T0 + 100);
    await take(retaken, answers, T0 + 200);
    // As the code before this change left them: still current. One reset is not in the history.
    await store.db.updateTable('grades').set({ superseded_at: null }).where('invitation_id', 'in', [reset, retaken, unrecorded]).execute();
    await store.db.deleteFrom('invitation_history').where('invitation_id', '=', unrecorded).where('kind', '=', 'reset').execute();
    expect((await store.grades.current(orgId, retaken)).size).toBe(1);

    await resetGradesSupersededMigration.up(store.db as never);
    const supersededAt = async (id: number) => (await store.grades.history(orgId, id)).map((entry) => entry.supersededAt);
    expect(await supersededAt(kept)).toEqual([null]);
    expect(await supersededAt(reset)).toEqual([formatWireDateTime(T0 + 100)]);
    expect(await supersededAt(retaken)).toEqual([formatWireDateTime(T0 + 100)]);
    expect(await supersededAt(unrecorded)).toEqual([formatWireDateTime(T0 + 20)]);
    expect(await queued(retaken)).toEqual([]);
  });
});
