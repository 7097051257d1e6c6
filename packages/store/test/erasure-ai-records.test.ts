import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);

/** The tables issue 60 added that hold a candidate's AI records, each row tied to its invitation. */
const AI_TABLES = ['assistant_messages', 'assistant_insertions', 'follow_ups', 'ai_use_findings', 'question_signals'] as const;
type AiTable = (typeof AI_TABLES)[number];

/** The words each candidate's records carry: what must go with an erasure, and only with that candidate's. */
const wordsOf = (who: string) => ({
  message: `${who} asks: how do I sort this?`,
  reply: `${who}, think about the comparison first.`,
  failure: `${who}'s model did not answer.`,
  followUp: `${who}: what does line 3 of your sort do?`,
  answer: `${who} answers: it swaps two neighbours.`,
  typing: JSON.stringify([{ who, from: T0, to: T0 + 60_000, typed: 300, deleted: 2 }]),
  figures: JSON.stringify({ who, charsPerMinute: 285 }),
});

/** Every row of an AI table for the invitations given, as a JSON string, sorted: what "untouched" compares. */
const rowsOf = async (store: Store, table: AiTable, invitationIds: readonly number[]): Promise<string[]> => {
  const rows = await store.db
    .selectFrom(table)
    .selectAll()
    .where('invitation_id', 'in', [...invitationIds])
    .execute();
  return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
};

const everyAiText = async (store: Store, invitationIds: readonly number[]): Promise<string> =>
  (await Promise.all(AI_TABLES.map((table) => rowsOf(store, table, invitationIds)))).flat().join('\n');

const occurrences = (text: string, needle: string): number => text.split(needle).length - 1;

/** How many rows each org holds in each AI table (through the rows' invitations). */
const countsByOrg = async (store: Store, orgIds: readonly number[]): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  for (const table of AI_TABLES)
    for (const orgId of orgIds) {
      const { n } = await store.db
        .selectFrom(table)
        .innerJoin('invitations', 'invitations.id', `${table}.invitation_id`)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('invitations.org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      counts[`${table} org ${orgId}`] = Number(n);
    }
  return counts;
};

/** A transcript (two messages, an insertion), two follow-ups, a finding and typing windows for the invitation. */
const storeAiRecords = async (store: Store, invitationId: number, questionId: number, who: string): Promise<void> => {
  const words = wordsOf(who);
  const message = (seq: number, state: 'answered' | 'failed') => ({
    invitation_id: invitationId,
    question_id: questionId,
    seq,
    asked_at: T0 + seq * 1000,
    message: words.message,
    shared_answer: 1,
    answer_chars: 40,
    state,
    reply: state === 'answered' ? words.reply : null,
    withheld_reason: null,
    failure: state === 'failed' ? words.failure : null,
    model: 'peer-model',
    policy: 'guarded',
    policy_version: 'v1',
    prompt_tokens: 120,
    completion_tokens: 80,
    first_token_ms: 300,
    answered_at: T0 + seq * 1000 + 500,
  });
  const [answered] = await store.db
    .insertInto('assistant_messages')
    .values([message(1, 'answered'), message(2, 'failed')])
    .returning('id')
    .execute();
  await store.db
    .insertInto('assistant_insertions')
    .values({ invitation_id: invitationId, question_id: questionId, message_id: answered!.id, seq: 1, at: T0 + 5000, chars: 38, line: 3, col: 1 })
    .execute();
  await store.db
    .insertInto('follow_ups')
    .values(
      [0, 1].map((position) => ({
        invitation_id: invitationId,
        question_id: questionId,
        position,
        text: words.followUp,
        source: 'template',
        seconds: 120,
        served_at: T0 + 10_000,
        answer: words.answer,
        answered_at: T0 + 20_000,
        mark: 'convincing',
        marked_by: 'Rev',
        marked_at: T0 + 30_000,
      })),
    )
    .execute();
  await store.db
    .insertInto('ai_use_findings')
    .values({ invitation_id: invitationId, evidence_id: `transcribed-${T0}`, question_id: questionId, kind: 'transcribed', at: T0, figures: words.figures })
    .execute();
  await store.db
    .insertInto('question_signals')
    .values({
      invitation_id: invitationId,
      question_id: questionId,
      time_ms: 60_000,
      in_view_since: null,
      first_viewed_at: T0,
      first_keystroke_at: T0 + 1000,
      pastes: 0,
      pasted_chars: 0,
      insertions: 1,
      events: JSON.stringify([{ at: T0, who }]),
      typing: words.typing,
    })
    .execute();
};

/**
 * Issue 60 item 4 ("erasure erases it"), tenant by tenant: erasing one org's candidate takes that candidate's AI
 * records' words (decisions 1170, 1229: rows of the transcript and follow-ups stay as counts, findings go) and leaves
 * every row of the same org's other candidate and of another org's candidate as it was.
 */
describe.each(['sqlite', 'postgres'] as const)('erasure of AI records on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgA: number;
  let orgB: number;
  let erased: number;
  let keptInA: number;
  let keptInB: number;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgA = (await store.orgs.create({ name: 'Alpha', email: 'alpha@example.com', timeZoneId: 1000 }, T0)).id;
    orgB = (await store.orgs.create({ name: 'Beta', email: 'beta@example.com', timeZoneId: 1000 }, T0)).id;
    const testA = (await store.tests.importDefinition(orgA, oneQuestionTest('A'), 'key-a', T0)).testId;
    const testB = (await store.tests.importDefinition(orgB, oneQuestionTest('B'), 'key-b', T0)).testId;
    const [questionA] = (await store.attempts.questions(testA)).map((question) => question.id);
    const [questionB] = (await store.attempts.questions(testB)).map((question) => question.id);
    // The same address in both orgs: an erasure by address in one must not reach the other's.
    erased = (await registeredAt(store, orgA, testA, 'ada@example.com', 'tok-ada-a', T0)).id;
    keptInA = (await registeredAt(store, orgA, testA, 'lin@example.com', 'tok-lin-a', T0)).id;
    keptInB = (await registeredAt(store, orgB, testB, 'ada@example.com', 'tok-ada-b', T0)).id;
    await storeAiRecords(store, erased, questionA!, 'Ada of Alpha');
    await storeAiRecords(store, keptInA, questionA!, 'Lin of Alpha');
    await storeAiRecords(store, keptInB, questionB!, 'Ada of Beta');
  });
  afterAll(() => dispose());

  it("erases the candidate's transcript words, follow-up answers, findings and typing in its org only", async () => {
    const countsBefore = await countsByOrg(store, [orgA, orgB]);
    const textBefore = await everyAiText(store, [erased, keptInA, keptInB]);
    const keptBefore = Object.fromEntries(await Promise.all(AI_TABLES.map(async (table) => [table, await rowsOf(store, table, [keptInA, keptInB])] as const)));
    for (const table of AI_TABLES) expect(await rowsOf(store, table, [erased]), table).not.toEqual([]);

    const ids = await store.erasure.invitationIdsForEmail(orgA, 'ada@example.com');
    expect(ids).toEqual([erased]);
    // Another org's id handed in by mistake is not the asking org's: nothing of it is touched.
    const outcome = await store.erasure.eraseInvitations(orgA, [...ids, keptInB], { by: 'key 1 (ops)', scope: 'email', now: new Date(T0 + 60_000) });
    expect(outcome).toEqual({ invitations: 1, alreadyErased: 0, bulkRows: 0 });

    // Org B's rows, and org A's other candidate's, are exactly as they were.
    for (const table of AI_TABLES) expect(await rowsOf(store, table, [keptInA, keptInB]), table).toEqual(keptBefore[table]);
    const countsAfter = await countsByOrg(store, [orgA, orgB]);
    expect(countsAfter).toEqual({
      ...countsBefore,
      // The findings go; the transcript, insertions, follow-ups and signals stay as counts and times (decisions 1170, 1229).
      [`ai_use_findings org ${orgA}`]: countsBefore[`ai_use_findings org ${orgA}`]! - 1,
    });

    // None of the erased candidate's words is left in any AI table; every other candidate's are all there.
    const textAfter = await everyAiText(store, [erased, keptInA, keptInB]);
    expect(occurrences(textBefore, 'Ada of Alpha')).toBeGreaterThan(0);
    expect(occurrences(textAfter, 'Ada of Alpha')).toBe(0);
    for (const kept of ['Lin of Alpha', 'Ada of Beta']) expect(occurrences(textAfter, kept), kept).toBe(occurrences(textBefore, kept));
    const messages = await store.db
      .selectFrom('assistant_messages')
      .select(['seq', 'state', 'message', 'reply', 'failure', 'model', 'prompt_tokens', 'completion_tokens'])
      .where('invitation_id', '=', erased)
      .orderBy('seq')
      .execute();
    expect(messages).toEqual([
      { seq: 1, state: 'answered', message: '', reply: null, failure: null, model: 'peer-model', prompt_tokens: 120, completion_tokens: 80 },
      { seq: 2, state: 'failed', message: '', reply: null, failure: null, model: 'peer-model', prompt_tokens: 120, completion_tokens: 80 },
    ]);
    expect(await store.db.selectFrom('assistant_insertions').select(['chars', 'line', 'col']).where('invitation_id', '=', erased).execute()).toEqual([
      { chars: 38, line: 3, col: 1 },
    ]);
    expect(
      await store.db.selectFrom('follow_ups').select(['position', 'text', 'answer', 'mark']).where('invitation_id', '=', erased).orderBy('position').execute(),
    ).toEqual([
      { position: 0, text: '', answer: '', mark: 'convincing' },
      { position: 1, text: '', answer: '', mark: 'convincing' },
    ]);
    expect(await store.db.selectFrom('question_signals').select(['events', 'typing', 'time_ms']).where('invitation_id', '=', erased).execute()).toEqual([
      { events: '[]', typing: null, time_ms: 60_000 },
    ]);
  });
});
