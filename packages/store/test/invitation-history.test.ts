import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HISTORY_BOUNDS, HISTORY_COALESCE_MS, invitationHistoryOf, moveInvitation, TEST_EXPORT_HISTORY_LIMIT, type InvitationEvent } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest } from './fixtures.js';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

/** An invitation's history as the store keeps it: in the transaction of each action, coalesced where it says so. */
describe.each(['sqlite', 'postgres'] as const)('invitation history on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;
  let counter = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    testId = (await store.tests.importDefinition(orgId, oneQuestionTest('History'), `history-${backend}`, T0)).testId;
  });
  afterAll(() => dispose());

  const invite = async () => {
    counter += 1;
    const email = `c${counter}@example.com`;
    const { invitation } = await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null },
      () => `history-${backend}-${counter}`,
      T0,
    );
    return invitation.id;
  };
  const apply = (id: number, event: InvitationEvent, at: number) =>
    store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, event), at, 'candidate');
  const kindsOf = async (id: number) => (await store.history.read(orgId, id))!.entries.map(({ event }) => event.kind);

  it('coalesces answers saved into one entry per window, counting every save', async () => {
    const id = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 120 }, T0);
    const [question] = await store.attempts.questions(testId);
    // A window is HISTORY_COALESCE_MS from its entry's first save: T0 + 1 takes saves until T0 + HISTORY_COALESCE_MS.
    const saves = [T0 + 1, T0 + 2, T0 + HISTORY_COALESCE_MS, T0 + HISTORY_COALESCE_MS + 1, T0 + HISTORY_COALESCE_MS + 5];
    for (const at of saves) expect(await store.attempts.saveAnswer(id, question!.id, { optionIds: [1] }, at)).toBe(true);
    const saved = (await store.history.read(orgId, id))!.entries.filter(({ event }) => event.kind === 'answers-saved');
    expect(saved.map(({ at, event }) => ({ at, details: event.details }))).toEqual([
      { at: T0 + 1, details: { count: 3, lastAt: new Date(T0 + HISTORY_COALESCE_MS).toISOString() } },
      { at: T0 + HISTORY_COALESCE_MS + 1, details: { count: 2, lastAt: new Date(T0 + HISTORY_COALESCE_MS + 5).toISOString() } },
    ]);
  });

  it('counts sample runs in the same way, and names an expiry as the system’s submission', async () => {
    const id = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 }, T0);
    const [question] = await store.attempts.questions(testId);
    for (const at of [T0 + 10, T0 + 20]) await store.attemptLog.countSampleRun(id, question!.id, at);
    await store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, { type: 'expire', at: T0 + 31 * 60_000 }), T0 + 31 * 60_000);
    const entries = (await store.history.read(orgId, id))!.entries;
    expect(entries.map(({ by, event }) => ({ kind: event.kind, by }))).toEqual([
      { kind: 'started', by: 'candidate' },
      { kind: 'runs', by: 'candidate' },
      { kind: 'submitted', by: 'system' },
    ]);
    expect(entries[1]!.event.details).toEqual({ count: 2, lastAt: new Date(T0 + 20).toISOString() });
  });

  it('writes nothing for a save the attempt refuses, nor for a move that does not apply', async () => {
    const id = await invite();
    const [question] = await store.attempts.questions(testId);
    expect(await store.attempts.saveAnswer(id, question!.id, { optionIds: [1] }, T0)).toBe(false);
    // Submitting before the start is refused; cancelling twice changes nothing the second time.
    await apply(id, { type: 'submit', at: T0 }, T0);
    await apply(id, { type: 'cancel', at: T0 + 1 }, T0 + 1);
    await apply(id, { type: 'cancel', at: T0 + 2 }, T0 + 2);
    expect(await kindsOf(id)).toEqual(['cancelled']);
  });

  it('names a reattempt once on each invitation, however often it is asked for', async () => {
    const id = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 }, T0);
    await apply(id, { type: 'submit', at: T0 + 5 }, T0 + 5);
    const first = await store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, { type: 'reattempt' }), T0 + 6, { keyId: 77 });
    await store.invitations.applyMove(orgId, id, (invitation) => moveInvitation(invitation, { type: 'reattempt' }), T0 + 7, { keyId: 77 });
    expect(await kindsOf(id)).toEqual(['started', 'submitted', 'reattempted']);
    const next = (await store.history.read(orgId, first!.reattempt!.id))!.entries;
    expect(next).toEqual([{ at: T0 + 6, by: { keyId: 77, label: '' }, event: { kind: 'created', details: { via: 'reattempt', previousInvitationId: id } } }]);
  });

  it('writes a registration’s created entry with it, once, however many register the address at once', async () => {
    const email = `together-${backend}@example.com`;
    const entry = { event: { kind: 'created', details: { via: 'api', previousInvitationId: null } }, by: { keyId: 999 } } as const;
    const registration = { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null };
    const outcomes = await Promise.all([1, 2, 3].map((n) => store.invitations.register(registration, () => `together-${backend}-${n}`, T0 + n, entry)));
    expect(outcomes.filter(({ created }) => created)).toHaveLength(1);
    const [id] = new Set(outcomes.map(({ invitation }) => invitation.id));
    // Registered again: the same invitation, and no second entry.
    expect((await store.invitations.register(registration, () => `together-${backend}-4`, T0 + 9, entry)).created).toBe(false);
    const entries = (await store.history.read(orgId, id!))!.entries;
    expect(entries).toEqual([{ at: outcomes.find(({ created }) => created)!.invitation.createdAt, by: { keyId: 999, label: '' }, event: entry.event }]);
  });

  it('writes a self-registration’s entry by the candidate, and none for an address registered already', async () => {
    const email = `self-${backend}@example.com`;
    const entry = { event: { kind: 'created', details: { via: 'self-registration', previousInvitationId: null } }, by: 'candidate' } as const;
    const registration = { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null };
    const first = await store.invitations.registerSelf(registration, () => `self-${backend}-1`, T0, entry);
    const again = await store.invitations.registerSelf(registration, () => `self-${backend}-2`, T0 + 1, entry);
    expect([first.created, again.created]).toEqual([true, false]);
    expect((await store.history.read(orgId, first.invitation!.id))!.entries).toEqual([{ at: T0, by: 'candidate', event: entry.event }]);
  });

  it('keeps an Excel export as one row, read back into the history of each invitation Completed at the export', async () => {
    const { id: exportTestId } = { id: (await store.tests.importDefinition(orgId, oneQuestionTest('Exported'), `exported-${backend}`, T0)).testId };
    const inviteTo = async (n: number) => {
      const email = `export-${n}@example.com`;
      const registration = { orgId, testId: exportTestId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null };
      return (await store.invitations.register(registration, () => `export-${backend}-${n}`, T0)).invitation.id;
    };
    const complete = async (id: number, at: number) => {
      await apply(id, { type: 'start', at, durationMinutes: 30 }, at);
      await apply(id, { type: 'submit', at: at + 1 }, at + 1);
    };
    const [before, after, wasReset] = [await inviteTo(1), await inviteTo(2), await inviteTo(3)];
    await complete(before, T0);
    await complete(wasReset, T0);
    await store.invitations.applyMove(orgId, wasReset, (invitation) => moveInvitation(invitation, { type: 'reset' }), T0 + 5, { keyId: 7 });
    await store.history.recordTestExport(orgId, exportTestId, 'excel', { keyId: 7 }, T0 + 10);
    await complete(after, T0 + 20);
    // Another org's export of that id never reaches this org's invitations.
    const otherOrg = (await store.orgs.create({ name: 'Other', email: 'other@example.com', timeZoneId: 1000 }, T0)).id;
    await store.history.recordTestExport(otherOrg, exportTestId, 'excel', { keyId: 8 }, T0 + 11);
    const historyOf = async (id: number) => {
      const stored = (await store.history.read(orgId, id))!;
      return invitationHistoryOf(stored.origin, stored.entries, stored.exports).entries.filter(({ kind }) => kind === 'report-downloaded');
    };
    expect(await historyOf(before)).toEqual([
      { at: new Date(T0 + 10).toISOString(), by: { keyId: 7, label: '' }, kind: 'report-downloaded', details: { format: 'excel' } },
    ]);
    expect(await historyOf(after)).toEqual([]);
    expect(await historyOf(wasReset)).toEqual([]);
    // One row for the export, none per invitation.
    const perInvitation = await Promise.all([before, after, wasReset].map(async (id) => (await store.history.read(orgId, id))!.entries));
    expect(perInvitation.flat().filter(({ event }) => event.kind === 'report-downloaded')).toEqual([]);
  });

  it('reads the newest exports only, however often the test was exported', async () => {
    const id = await invite();
    await apply(id, { type: 'start', at: T0, durationMinutes: 30 }, T0);
    await apply(id, { type: 'submit', at: T0 + 1 }, T0 + 1);
    for (let n = 0; n < TEST_EXPORT_HISTORY_LIMIT + 5; n += 1) await store.history.recordTestExport(orgId, testId, 'excel', { keyId: 7 }, T0 + 10 + n);
    const { exports } = (await store.history.read(orgId, id))!;
    expect(exports).toHaveLength(TEST_EXPORT_HISTORY_LIMIT);
    expect(exports.at(0)!.at).toBe(T0 + 15);
    expect(exports.at(-1)!.at).toBe(T0 + 10 + TEST_EXPORT_HISTORY_LIMIT + 4);
  });

  it('answers another org’s invitation as unknown', async () => {
    const id = await invite();
    expect(await store.history.read(orgId + 999, id)).toBeUndefined();
  });

  it('keeps the first and last entries of each kind, counts the rest, and trims a stream stored before it was bounded (decision 634)', async () => {
    const id = await invite();
    const { head, tail } = HISTORY_BOUNDS['report-downloaded'];
    const by = { keyId: 1 } as const;
    for (let n = 0; n < head + tail + 7; n += 1) await store.history.record(id, { kind: 'report-downloaded', details: { format: 'pdf' } }, by, T0 + n);
    const count = async () =>
      (await store.db.selectFrom('invitation_history').select('id').where('invitation_id', '=', id).where('kind', '=', 'report-downloaded').execute()).length;
    expect(await count()).toBe(head + tail);
    let read = (await store.history.read(orgId, id))!;
    expect(read.omitted).toEqual([{ kind: 'report-downloaded', count: 7 }]);
    const instants = read.entries.filter(({ event }) => event.kind === 'report-downloaded').map(({ at }) => at - T0);
    expect(instants).toEqual([...Array.from({ length: head }, (_, n) => n), ...Array.from({ length: tail }, (_, n) => head + 7 + n)]);
    expect(invitationHistoryOf(read.origin, read.entries, read.exports, read.omitted).omitted).toEqual(read.omitted);

    // Rows numbered by the migration, more than the bound keeps: read through the window, trimmed by the next append.
    const legacy = Array.from({ length: 30 }, (_, n) => ({
      invitation_id: id,
      at: T0 + 1000 + n,
      kind: 'cancelled',
      actor: 'system',
      key_id: null,
      details: '{}',
      count: 1,
      last_at: T0 + 1000 + n,
      seq: n,
    }));
    await store.db
      .insertInto('invitation_history')
      .values(
        legacy
          .concat(legacy.map((row) => ({ ...row, at: row.at + 100, seq: row.seq + 30 })))
          .concat(Array.from({ length: 60 }, (_, n) => ({ ...legacy[0]!, at: T0 + 2000 + n, last_at: T0 + 2000 + n, seq: 60 + n }))),
      )
      .execute();
    const cancelled = HISTORY_BOUNDS.cancelled;
    read = (await store.history.read(orgId, id))!;
    expect(read.entries.filter(({ event }) => event.kind === 'cancelled')).toHaveLength(cancelled.head + cancelled.tail);
    expect(read.omitted).toContainEqual({ kind: 'cancelled', count: 120 - cancelled.head - cancelled.tail });
    await store.history.record(id, { kind: 'cancelled', details: {} }, 'system', T0 + 5000);
    const stored = await store.db.selectFrom('invitation_history').select('id').where('invitation_id', '=', id).where('kind', '=', 'cancelled').execute();
    expect(stored).toHaveLength(cancelled.head + cancelled.tail);
  });
});
