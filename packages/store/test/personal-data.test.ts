import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../src/index.js';
import { oneQuestionTest, registeredAt, scratchOrgWithTest } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const options = { publicUrl: 'https://assay.example', imageBudgetBytes: 1_000 };

/**
 * Access (issue 51 item 3): `personalData.ofEmail` reads everything the org keeps about one address, from every table
 * that keeps something about an invitation, and only that org's; images past the budget are listed without data.
 */
describe.each(['sqlite', 'postgres'] as const)('the personal data of one address on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let otherOrgId: number;
  const ids = { first: 0, second: 0, other: 0, otherOrg: 0 };
  let firstTest = 0;

  beforeAll(async () => {
    let testId: number;
    let questionIds: number[];
    ({ store, dispose, orgId, testId, questionIds } = await scratchOrgWithTest(backend, inject('pgUrl'), oneQuestionTest('First'), 'first-key', T0));
    const [questionId] = questionIds as [number];
    firstTest = testId;
    const secondTest = (await store.tests.importDefinition(orgId, oneQuestionTest('Second'), 'second-key', T0)).testId;
    ids.first = (await registeredAt(store, orgId, testId, 'alan@example.com', `first-${backend}`, T0)).id;
    ids.second = (await registeredAt(store, orgId, secondTest, 'alan@example.com', `second-${backend}`, T0 + 1)).id;
    ids.other = (await registeredAt(store, orgId, testId, 'grace@example.com', `other-${backend}`, T0 + 2)).id;
    otherOrgId = (await store.orgs.create({ name: 'Elsewhere', email: 'else@example.com', timeZoneId: 1000 }, T0)).id;
    const elsewhere = (await store.tests.importDefinition(otherOrgId, oneQuestionTest('Theirs'), 'their-key', T0)).testId;
    ids.otherOrg = (await registeredAt(store, otherOrgId, elsewhere, 'alan@example.com', `elsewhere-${backend}`, T0 + 3)).id;

    const db = store.db;
    await db
      .insertInto('answers')
      .values({ invitation_id: ids.first, question_id: questionId, option_ids: '[1]', code: null, language: null, text: null, saved_at: T0 + 10 })
      .execute();
    await db
      .insertInto('attempt_events')
      .values({ invitation_id: ids.first, kind: 'left', at: T0 + 20, section_id: null, seq: 0 })
      .execute();
    await db
      .insertInto('question_signals')
      .values({
        invitation_id: ids.first,
        question_id: questionId,
        time_ms: 5_000,
        in_view_since: null,
        first_viewed_at: T0 + 5,
        first_keystroke_at: T0 + 6,
        pastes: 2,
        pasted_chars: 90,
        insertions: 0,
        events: '[{"kind":"paste","at":7}]',
      })
      .execute();
    await db.insertInto('code_playback').values({ invitation_id: ids.first, question_id: questionId, frames: '[[0,"a"]]' }).execute();
    // Two images of 600 bytes: the budget of 1,000 carries the first.
    for (const at of [T0 + 30, T0 + 90]) {
      await store.attempts.addSnapshot(ids.first, at, 'image/jpeg', Buffer.alloc(600, at % 251));
    }
    await db
      .insertInto('similarity_pairs')
      .values({
        org_id: orgId,
        question_id: questionId,
        left_invitation_id: ids.other,
        right_invitation_id: ids.first,
        score: 0.9,
        regions: '[]',
        found_at: T0 + 100,
      })
      .execute();
    await db
      .insertInto('invitation_history')
      .values({ invitation_id: ids.first, at: T0, kind: 'created', actor: 'key', key_id: null, details: '{"via":"api"}', count: 1, last_at: T0, seq: 0 })
      .execute();
    await db.insertInto('candidate_tags').values({ invitation_id: ids.second, tag: 'strong' }).execute();
  });
  afterAll(() => dispose());

  it('holds both invitations of the address, case aside, with what each table keeps about them', async () => {
    const data = (await store.personalData.ofEmail(orgId, 'alan@example.com', options))!;
    expect(data.candidates).toHaveLength(2);
    expect(data.invitations.map((i) => i.testInvitationId)).toEqual([ids.first, ids.second]);
    const [first, second] = data.invitations as [(typeof data.invitations)[0], (typeof data.invitations)[0]];
    expect(first).toMatchObject({ testName: 'First', takeTestURL: `https://assay.example/t/first-${backend}`, status: 'Pending' });
    expect(first.answers).toEqual([expect.objectContaining({ optionIds: [1], savedAt: new Date(T0 + 10).toISOString() })]);
    expect(first.events).toEqual([{ kind: 'left', at: new Date(T0 + 20).toISOString(), sectionId: null }]);
    expect(first.questionSignals[0]).toMatchObject({
      pastes: 2,
      pastedChars: 90,
      firstKeystrokeAt: new Date(T0 + 6).toISOString(),
      events: [{ kind: 'paste', at: 7 }],
    });
    expect(first.codePlayback[0]!.frames).toEqual([[0, 'a']]);
    expect(first.snapshots.map((s) => [s.bytes, s.data === null])).toEqual([
      [600, false],
      [600, true],
    ]);
    expect(Buffer.from(first.snapshots[0]!.data!, 'base64')).toEqual(Buffer.alloc(600, (T0 + 30) % 251));
    expect(data.snapshotsOmitted).toBe(1);
    expect(first.similarity).toEqual([expect.objectContaining({ otherTestInvitationId: ids.other, score: 0.9 })]);
    expect(first.history).toEqual([expect.objectContaining({ kind: 'created', details: { via: 'api' } })]);
    expect(second.tags).toEqual(['strong']);
  });

  it('finds an address that only a bulk file named (a refused row), as the file spelled it', async () => {
    const { id: jobId } = await store.db
      .insertInto('bulk_invitation_jobs')
      .values({ org_id: orgId, test_id: firstTest, file_key: `bulk-${backend}`, key_id: null, total: 1, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('bulk_invitation_rows')
      .values({
        job_id: jobId,
        row_no: 1,
        email: ' Rita@Example.com',
        full_name: 'Rita Row',
        extra_time_percent: null,
        link_expires_at: null,
        outcome: 'refused',
        reason: 'test closed',
        invitation_id: null,
      })
      .execute();
    const data = (await store.personalData.ofEmail(orgId, 'rita@example.com', options))!;
    expect(data).toMatchObject({ candidates: [], invitations: [] });
    expect(data.bulkInvitationRows).toEqual([
      {
        bulkJobId: Number(jobId),
        rowNo: 1,
        emailId: ' Rita@Example.com',
        fullName: 'Rita Row',
        outcome: 'refused',
        reason: 'test closed',
        testInvitationId: null,
      },
    ]);
    expect(await store.personalData.ofEmail(otherOrgId, 'rita@example.com', options)).toBeUndefined();
  });

  it('reads only the asking org: the same address elsewhere, and an address it never held, find nothing of it', async () => {
    const data = (await store.personalData.ofEmail(orgId, 'alan@example.com', options))!;
    expect(JSON.stringify(data)).not.toContain(`elsewhere-${backend}`);
    expect((await store.personalData.ofEmail(otherOrgId, 'alan@example.com', options))!.invitations.map((i) => i.testInvitationId)).toEqual([ids.otherOrg]);
    expect(await store.personalData.ofEmail(otherOrgId, 'grace@example.com', options)).toBeUndefined();
    expect(await store.personalData.ofEmail(orgId, 'nobody@example.com', options)).toBeUndefined();
  });
});
