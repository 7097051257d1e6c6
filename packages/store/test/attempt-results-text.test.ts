import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestDefinition, moveInvitation } from '@assay/domain';
import { attemptResultsTextMigration } from '../src/migrations/021-attempt-results-text.js';
import { attemptCodingFactsMigration } from '../src/migrations/027-attempt-coding-facts.js';
import type { Store } from '../src/index.js';
import { registeredAt, scratchOrgWithTest } from './fixtures.js';

const definition = TestDefinition.parse({
  testName: 'Results text',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 30,
      questions: [1, 2, 3].map((n) => ({ type: 'single_choice', text: `Pick ${n}`, marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] })),
    },
  ],
});
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Marks that a 15-digit text would change. */
const THIRD = -1 / 3;
const TENTHS = 0.1 + 0.2;

/**
 * The Excel export reads each scored attempt's results as one text (migration 021). It must say what question_results
 * say after every write that changes them — scoring, rescoring, a reset — and the migration must fill it for attempts
 * scored before it, marks exact.
 */
describe.each(['sqlite', 'postgres'] as const)('an attempt’s results text on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let questionIds: number[];
  let counter = 0;

  beforeAll(async () => {
    ({ store, dispose, orgId, testId, questionIds } = await scratchOrgWithTest(backend, inject('pgUrl'), definition, `results-${backend}`, T0));
  });
  afterAll(() => dispose());

  const completed = async () => {
    counter += 1;
    const invitation = await registeredAt(store, orgId, testId, `c${counter}@example.com`, `results-${backend}-${counter}`, T0);
    await store.invitations.applyMove(orgId, invitation.id, (current) => moveInvitation(current, { type: 'start', at: T0, durationMinutes: 30 }), T0);
    await store.invitations.applyMove(orgId, invitation.id, (current) => moveInvitation(current, { type: 'submit', at: T0 + 1 }), T0 + 1);
    return invitation.id;
  };
  const score = (id: number, marks: readonly number[], cases: (boolean[] | null)[] = []) =>
    store.attempts.saveScore(
      id,
      {
        score: marks.reduce((sum, mark) => sum + mark, 0),
        timeTaken: 60,
        sections: [],
        questions: marks.map((mark, index) => ({ questionId: questionIds[index]!, marks: mark, cases: cases[index] ?? null })),
      },
      T0 + 2,
    );
  /** What the export reads of each attempt: marks and verdicts by question. */
  const facts = async () => {
    const read = new Map<number, { marks: (number | null)[]; cases: (readonly boolean[] | null)[] }>();
    for await (const batch of store.attemptLog.factsOfTest(orgId, testId, questionIds)) {
      for (const { invitation, marks, cases } of batch) read.set(invitation.id, { marks, cases });
    }
    return read;
  };
  /** The same, from the rows themselves. */
  const fromRows = async (id: number) => {
    const rows = await store.db.selectFrom('question_results').select(['question_id', 'marks', 'cases']).where('invitation_id', '=', id).execute();
    const byId = new Map(rows.map((row) => [row.question_id, row]));
    return {
      marks: questionIds.map((question) => byId.get(question)?.marks ?? null),
      cases: questionIds.map((question) => {
        const text = byId.get(question)?.cases;
        return text ? (JSON.parse(text) as boolean[]) : null;
      }),
    };
  };
  const kept = async (id: number) =>
    (await store.db.selectFrom('attempt_results').select('results').where('invitation_id', '=', id).executeTakeFirst())?.results;

  it('follows scoring, rescoring and a reset, marks exact', async () => {
    const [a, b] = [await completed(), await completed()];
    await score(a, [THIRD, TENTHS, 4], [null, null, [true, false]]);
    await score(b, [0, 1e-7, -2]);
    let read = await facts();
    expect(read.get(a)).toEqual({ marks: [THIRD, TENTHS, 4], cases: [null, null, [true, false]] });
    expect(read.get(a)).toEqual(await fromRows(a));
    expect(read.get(b)).toEqual(await fromRows(b));

    // Rescored: the text is the new results, never the old ones beside them.
    await score(a, [1, 2], [[false], null]);
    read = await facts();
    expect(read.get(a)).toEqual({ marks: [1, 2, null], cases: [[false], null, null] });
    expect(read.get(a)).toEqual(await fromRows(a));

    // Reset: the attempt starts over, nothing scored.
    await store.invitations.applyMove(orgId, a, (current) => moveInvitation(current, { type: 'reset' }), T0 + 3);
    expect(await kept(a)).toBeUndefined();
    expect((await facts()).get(a)).toEqual({ marks: [null, null, null], cases: [null, null, null] });
    // A removed attempt takes its text with it.
    await store.db.deleteFrom('invitations').where('id', '=', b).execute();
    expect(await kept(b)).toBeUndefined();
  });

  it('is filled by its migration for attempts scored before it', async () => {
    const [a, b, unscored] = [await completed(), await completed(), await completed()];
    await score(a, [THIRD, TENTHS, -0.5], [[true, true, false], null, null]);
    await score(b, [4, 0, 0]);
    const before = await facts();
    // As a database scored before migration 021 holds them: the rows only.
    await store.db.schema.dropTable('attempt_results').execute();
    await attemptResultsTextMigration(backend).up(store.db as never);
    // Migration 027 adds the coding facts' column to the table 021 makes.
    await attemptCodingFactsMigration.up(store.db as never);
    const after = await facts();
    for (const id of [a, b, unscored]) expect(after.get(id)).toEqual(before.get(id));
    expect(after.get(a)).toEqual({ marks: [THIRD, TENTHS, -0.5], cases: [[true, true, false], null, null] });
    expect(await kept(unscored)).toBeUndefined();
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from attempt_results`.execute(store.db);
    const scored = await store.db.selectFrom('question_results').select('invitation_id').distinct().execute();
    expect(Number(rows[0]!.n)).toBe(scored.length);
  });
});
