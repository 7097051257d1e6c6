import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Answer, type CodingAnswerFacts, codingAnswerFacts, moveInvitation, type QuestionRecord, TestDefinition } from '@assay/domain';
import { attemptCodingFactsMigration } from '../src/migrations/027-attempt-coding-facts.js';
import { openScratchStore, type Store } from '../src/index.js';
import { PYTHON_STARTER, twoLanguageCodingQuestion } from './fixtures.js';

const definition = TestDefinition.parse({
  testName: 'Coding facts',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [{ type: 'single_choice', text: 'Pick', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        twoLanguageCodingQuestion,
        {
          type: 'coding',
          text: 'Solve it again',
          marks: 10,
          language: 'javascript',
          functionName: 'again',
          starterCode: 'function again(x) {\n}\n',
          hiddenTests: [{ args: [1], expected: 1 }],
        },
      ],
    },
  ],
});
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Answers to the two coding questions that the facts must read as the code does: given or not, and in which language. */
const ANSWER_SETS: readonly (readonly [Answer | undefined, Answer | undefined])[] = [
  [{ code: 'def solve(x):\n    return x\n', language: 'python' }, { code: 'function again(x) { return x; }' }],
  [{ code: `  ${PYTHON_STARTER}\n\n` }, undefined],
  [{ code: 'function solve(x) {\n}\n', language: 'javascript' }, { code: '   ' }],
  [undefined, undefined],
];

/**
 * The Excel export takes each coding answer's language and "answered" from what scoring stored with the attempt's
 * results (migration 027) instead of reading the code answers. They must be what the code answers say — after scoring,
 * after a reset and a new attempt, and for attempts scored before the migration (its backfill) — and an attempt whose
 * facts were not stored must still be read from its answers.
 */
describe.each(['sqlite', 'postgres'] as const)('an attempt’s coding facts on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let questions: readonly QuestionRecord[];
  let questionIds: number[];
  let counter = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    testId = (await store.tests.importDefinition(orgId, definition, `coding-facts-${backend}`, T0)).testId;
    questions = await store.attempts.questions(testId);
    questionIds = questions.map((question) => question.id);
  });
  afterAll(() => dispose());

  const attempt = async (id: number, answers: readonly (Answer | undefined)[], at: number) => {
    await store.invitations.applyMove(orgId, id, (current) => moveInvitation(current, { type: 'start', at, durationMinutes: 30 }), at);
    for (const [index, answer] of answers.entries()) {
      if (answer) expect(await store.attempts.saveAnswer(id, questionIds[index + 1]!, answer, at + 1)).toBe(true);
    }
    await store.invitations.applyMove(orgId, id, (current) => moveInvitation(current, { type: 'submit', at: at + 2 }), at + 2);
  };
  const completed = async (answers: readonly (Answer | undefined)[]) => {
    counter += 1;
    const email = `c${counter}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null },
      () => `coding-facts-${backend}-${counter}`,
      T0,
    );
    await attempt(invitation.id, answers, T0);
    return invitation.id;
  };
  /** Scores as the score job does: the coding facts from the stored answers, by the domain. */
  const score = async (id: number) => {
    const saved = new Map((await store.attempts.answers(id)).map((row) => [row.questionId, row.answer]));
    return store.attempts.saveScore(
      id,
      {
        score: 1,
        timeTaken: 1,
        sections: [],
        questions: questionIds.map((questionId) => ({ questionId, marks: 1, cases: null })),
        coding: questions.flatMap(({ id: questionId, definition: question }) =>
          question.type === 'coding' ? [{ questionId, ...codingAnswerFacts(question, saved.get(questionId)) }] : [],
        ),
      },
      T0 + 10,
    );
  };
  /** What the export reads: the stored facts (null when none), and the facts of the code answers it read instead. */
  const read = async () => {
    const byId = new Map<number, { stored: (CodingAnswerFacts | null)[] | null; fromAnswers: (CodingAnswerFacts | null)[] }>();
    for await (const batch of store.attemptLog.factsOfTest(orgId, testId, questionIds)) {
      for (const { invitation, coding, answers } of batch) {
        const fromAnswers = questions.map(({ id, definition: question }) => (question.type === 'coding' ? codingAnswerFacts(question, answers.get(id)) : null));
        byId.set(invitation.id, { stored: coding, fromAnswers });
      }
    }
    return byId;
  };
  /** The facts the export computed before migration 027, from every code answer of the attempt. */
  const oldPath = async (id: number) => {
    const saved = new Map((await store.attempts.answers(id)).map((row) => [row.questionId, row.answer]));
    return questions.map(({ id: questionId, definition: question }) =>
      question.type === 'coding' ? codingAnswerFacts(question, saved.get(questionId)) : null,
    );
  };
  const kept = async (id: number) => (await store.db.selectFrom('attempt_results').select('coding').where('invitation_id', '=', id).executeTakeFirst())?.coding;

  it('are stored by scoring as the code answers say, and follow a reset and a new attempt', async () => {
    const ids = [];
    for (const answers of ANSWER_SETS) ids.push(await completed(answers));
    for (const id of ids) expect(await score(id)).toBe(true);
    let facts = await read();
    for (const id of ids) {
      expect(facts.get(id)!.stored).toEqual(await oldPath(id));
      // Nothing of the answers is read when the facts are stored.
      expect(facts.get(id)!.fromAnswers).toEqual(await oldPath(-1));
    }
    // The cases that matter, spelled out: code given, the starter code (spaces around it), another accepted language.
    const [a, b, c, d] = ids as [number, number, number, number];
    expect(facts.get(a)!.stored).toEqual([null, { language: 'python', answered: true }, { language: 'javascript', answered: true }]);
    expect(facts.get(b)!.stored).toEqual([null, { language: 'python', answered: false }, { language: 'javascript', answered: false }]);
    expect(facts.get(c)!.stored).toEqual([null, { language: 'javascript', answered: false }, { language: 'javascript', answered: false }]);
    expect(facts.get(d)!.stored).toEqual([null, { language: 'python', answered: false }, { language: 'javascript', answered: false }]);

    // Reset, then a new attempt with other answers, scored again: the facts are the new answers', never the old ones.
    await store.invitations.applyMove(orgId, a, (current) => moveInvitation(current, { type: 'reset' }), T0 + 20);
    expect(await kept(a)).toBeUndefined();
    facts = await read();
    expect(facts.get(a)!.stored).toBeNull();
    await attempt(a, [undefined, { code: 'function again(x) { return 2; }', language: 'javascript' }], T0 + 30);
    expect(await score(a)).toBe(true);
    facts = await read();
    expect(facts.get(a)!.stored).toEqual([null, { language: 'python', answered: false }, { language: 'javascript', answered: true }]);
    expect(facts.get(a)!.stored).toEqual(await oldPath(a));
  });

  it('are read from the code answers where scoring stored none', async () => {
    const id = await completed(ANSWER_SETS[0]!);
    await score(id);
    await store.db.updateTable('attempt_results').set({ coding: null }).where('invitation_id', '=', id).execute();
    const facts = (await read()).get(id)!;
    expect(facts.stored).toBeNull();
    expect(facts.fromAnswers).toEqual(await oldPath(id));
    expect(facts.fromAnswers[1]).toEqual({ language: 'python', answered: true });
  });

  it('are filled by their migration for attempts scored before it', async () => {
    const ids = [];
    for (const answers of ANSWER_SETS) ids.push(await completed(answers));
    for (const id of ids) await score(id);
    const unscored = await completed(ANSWER_SETS[0]!);
    const before = await read();
    // As a database scored before migration 027 holds them: the results text only.
    await sql`ALTER TABLE attempt_results DROP COLUMN coding`.execute(store.db);
    await attemptCodingFactsMigration.up(store.db as never);
    const after = await read();
    for (const id of ids) {
      expect(after.get(id)!.stored).toEqual(before.get(id)!.stored);
      expect(after.get(id)!.stored).toEqual(await oldPath(id));
    }
    expect(after.get(unscored)!.stored).toBeNull();
    expect(await kept(unscored)).toBeUndefined();
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from attempt_results where coding is null`.execute(store.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
