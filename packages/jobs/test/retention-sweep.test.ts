import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { moveInvitation, TestDefinition } from '@assay/domain';
import { openScratchStore, type Store } from '@assay/store';
import { silentLog } from '@assay/testing';
import { RETENTION_BATCH, RetentionSweeper, retentionErasure, retentionTotals, type RetentionCounts } from '../src/index.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const ago = (days: number) => NOW - days * DAY;

const definition = TestDefinition.parse({
  testName: 'Kept',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick', marks: 2, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});

/**
 * Issue 51 item 2, the retention sweep on both databases, with invitations made at dates in the past (the sweep's
 * clock is given, nothing sleeps): ended long ago erased through the erasure core (an anonymised row kept, the score
 * with it), recent kept, an older attempt's snapshots and code playback purged with its score kept, never-started
 * ones erased K days after they were made unless their window is still open, an org keeping everything untouched;
 * a second pass does nothing; lowered periods reach older invitations at the next pass (retroactive).
 */
describe.each(['sqlite', 'postgres'] as const)('the retention sweep on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let keeperId: number;
  let testId: number;
  let keeperTestId: number;
  let n = 0;
  const ids: Record<string, number> = {};

  const register = async (org: number, test: number, at: number) => {
    n += 1;
    const email = `c${n}@example.com`;
    const registration = {
      orgId: org,
      testId: test,
      testLinkId: null,
      emailKey: email,
      email,
      fullName: `Candidate ${n}`,
      callbackUrl: null,
      redirectUrl: null,
    };
    return (await store.invitations.register(registration, () => `retain-${backend}-${n}`, at)).invitation.id;
  };
  const move = async (org: number, id: number, event: Parameters<typeof moveInvitation>[1], at: number) => {
    const applied = await store.invitations.applyMove(org, id, (current) => moveInvitation(current, event), at);
    if (!applied || applied.move.err) throw new Error(`move ${event.type} refused`);
  };
  /** Registered, started and submitted `days` ago, with a snapshot, code playback and a score of 2. */
  const completed = async (days: number, org = orgId, test = testId) => {
    const id = await register(org, test, ago(days) - 60_000);
    await move(org, id, { type: 'start', at: ago(days) - 30_000, durationMinutes: 10 }, ago(days) - 30_000);
    await store.attempts.addSnapshot(id, ago(days) - 20_000, 'image/png', Buffer.from('face'));
    await store.db.insertInto('code_playback').values({ invitation_id: id, question_id: 1, frames: '[[0,"print(1)"]]' }).execute();
    await move(org, id, { type: 'submit', at: ago(days) }, ago(days));
    await store.db.updateTable('invitations').set({ score: 2 }).where('id', '=', id).execute();
    return id;
  };
  const row = (id: number) =>
    store.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select(['invitations.status', 'invitations.score', 'candidates.full_name as name', 'candidates.email'])
      .where('invitations.id', '=', id)
      .executeTakeFirstOrThrow();
  const media = async (id: number) => ({
    snapshots: (await store.db.selectFrom('snapshots').select('id').where('invitation_id', '=', id).execute()).length,
    playback: (await store.db.selectFrom('code_playback').select('question_id').where('invitation_id', '=', id).execute()).length,
  });
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-retention-outbox-'));
  const sweeper = (seen: RetentionCounts[] = []) =>
    new RetentionSweeper(
      store,
      retentionErasure(store, outboxDir),
      () => NOW,
      silentLog,
      (counts) => seen.push(counts),
    );

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Retains', email: 'org@example.com', timeZoneId: 1000 }, ago(900))).id;
    testId = (await store.tests.importDefinition(orgId, definition, `retain-${backend}`, ago(900))).testId;
    keeperId = (await store.orgs.create({ name: 'Keeps', email: 'keeper@example.com', timeZoneId: 1000 }, ago(900))).id;
    keeperTestId = (await store.tests.importDefinition(keeperId, definition, `keep-${backend}`, ago(900))).testId;
    await store.retention.setSettings(orgId, { endedDays: 100, mediaDays: 30, unstartedDays: 60 });
    await store.retention.setSettings(keeperId, { endedDays: null, mediaDays: null, unstartedDays: null });

    ids.endedLongAgo = await completed(200);
    ids.mediaOld = await completed(50);
    ids.recent = await completed(10);
    ids.cancelledLongAgo = await register(orgId, testId, ago(300));
    await move(orgId, ids.cancelledLongAgo, { type: 'cancel', at: ago(150) }, ago(150));
    ids.unstartedOld = await register(orgId, testId, ago(90));
    ids.unstartedOpen = await register(orgId, testId, ago(90));
    await store.reminders.setExpiry(orgId, ids.unstartedOpen, NOW + 7 * DAY);
    ids.unstartedRecent = await register(orgId, testId, ago(10));
    ids.running = await register(orgId, testId, ago(400));
    await move(orgId, ids.running, { type: 'start', at: NOW - 60_000, durationMinutes: 10 }, NOW - 60_000);
    ids.keeperOld = await completed(1000, keeperId, keeperTestId);
    ids.keeperUnstarted = await register(keeperId, keeperTestId, ago(1000));
  });
  afterAll(async () => {
    await dispose();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('erases what is past its period, purges older media, and keeps the rest whole', async () => {
    // The files-mode outbox: a stakeholder email about the candidate erased, and one about a candidate kept.
    // Written before the outbox's records (decision 1001): each names its candidate's address and invitation.
    writeFileSync(
      join(outboxDir, 'old.eml'),
      `To: org@example.com\r\nSubject: Completed\r\n\r\nCandidate: Candidate 1 <c1@example.com>\r\nInvitation ${ids.endedLongAgo} · Retains\r\n`,
    );
    writeFileSync(
      join(outboxDir, 'recent.eml'),
      `To: org@example.com\r\nSubject: Completed\r\n\r\nCandidate: Candidate 3 <c3@example.com>\r\nInvitation ${ids.recent} · Retains\r\n`,
    );
    const seen: RetentionCounts[] = [];
    const counts = await sweeper(seen).sweep();
    expect([existsSync(join(outboxDir, 'old.eml')), existsSync(join(outboxDir, 'recent.eml'))]).toEqual([false, true]);
    expect(counts).toEqual({ at: NOW, orgs: 1, erasedEnded: 2, erasedUnstarted: 1, erasedBulkRows: 0, mediaPurged: 2, snapshots: 2, playback: 2 });
    expect(seen).toEqual([counts]);

    for (const id of [ids.endedLongAgo, ids.cancelledLongAgo, ids.unstartedOld]) {
      expect((await row(id!)).name).toBe('Erased candidate');
      expect((await row(id!)).email).toBe(`erased-${id}@erased.invalid`);
    }
    // The erased attempt's row stays for the statistics, with its score.
    expect(await row(ids.endedLongAgo!)).toMatchObject({ status: 'Completed', score: 2 });
    expect(await media(ids.endedLongAgo!)).toEqual({ snapshots: 0, playback: 0 });

    // Older than mediaDays, younger than endedDays: media gone, the candidate and the score kept.
    expect(await row(ids.mediaOld!)).toMatchObject({ status: 'Completed', score: 2, name: 'Candidate 2' });
    expect(await media(ids.mediaOld!)).toEqual({ snapshots: 0, playback: 0 });

    expect(await row(ids.recent!)).toMatchObject({ name: 'Candidate 3', score: 2 });
    expect(await media(ids.recent!)).toEqual({ snapshots: 1, playback: 1 });
    for (const id of [ids.unstartedOpen, ids.unstartedRecent, ids.running, ids.keeperOld, ids.keeperUnstarted]) {
      expect((await row(id!)).name).not.toBe('Erased candidate');
    }
    expect(await media(ids.keeperOld!)).toEqual({ snapshots: 1, playback: 1 });

    const audit = await store.erasure.audit(orgId);
    expect(audit.every((entry) => entry.by === 'retention' && entry.scope === 'retention')).toBe(true);
    expect(audit.flatMap((entry) => entry.invitationIds).sort((a, b) => a - b)).toEqual(
      [ids.endedLongAgo, ids.cancelledLongAgo, ids.unstartedOld].sort((a, b) => a! - b!),
    );
  });

  it('does nothing more on a second pass', async () => {
    expect(await sweeper().sweep()).toEqual({
      at: NOW,
      orgs: 1,
      erasedEnded: 0,
      erasedUnstarted: 0,
      erasedBulkRows: 0,
      mediaPurged: 0,
      snapshots: 0,
      playback: 0,
    });
  });

  it('reaches older invitations once a period is lowered (retroactive), and counts across passes', async () => {
    await store.retention.setSettings(orgId, { endedDays: 40, mediaDays: 5, unstartedDays: 60 });
    const sweep = sweeper();
    const before = retentionTotals();
    const counts = await sweep.sweep();
    // What /metrics reads (assay_retention_erased_invitations_total{reason}, …): this process's sweeps, one count per unit.
    const after = retentionTotals();
    const grew = (key: 'erasedEnded' | 'erasedUnstarted' | 'mediaPurged' | 'snapshots' | 'playback') => after[key] - before[key];
    expect([after.sweeps - before.sweeps, after.lastSweepAt]).toEqual([1, NOW]);
    expect((['erasedEnded', 'erasedUnstarted', 'mediaPurged', 'snapshots', 'playback'] as const).map(grew)).toEqual([1, 0, 1, 1, 1]);
    expect(counts).toMatchObject({ erasedEnded: 1, erasedUnstarted: 0, mediaPurged: 1, snapshots: 1, playback: 1 });
    expect((await row(ids.mediaOld!)).name).toBe('Erased candidate');
    expect(await row(ids.recent!)).toMatchObject({ name: 'Candidate 3', score: 2 });
    expect(await media(ids.recent!)).toEqual({ snapshots: 0, playback: 0 });
    expect(sweep.lastCounts).toEqual(counts);
    expect(sweep.totals).toMatchObject({ sweeps: 1, erasedEnded: 1, mediaPurged: 1 });
  });

  it('works through more than one batch', async () => {
    await store.retention.setSettings(keeperId, { endedDays: null, mediaDays: null, unstartedDays: 30 });
    for (let i = 0; i < RETENTION_BATCH + 5; i += 1) await register(keeperId, keeperTestId, ago(45));
    const counts = await sweeper().sweep();
    expect(counts.erasedUnstarted).toBe(RETENTION_BATCH + 5 + 1);
    const left = await store.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select('candidates.full_name')
      .where('invitations.org_id', '=', keeperId)
      .where('invitations.status', '=', 'Pending')
      .where('candidates.full_name', '!=', 'Erased candidate')
      .execute();
    expect(left).toEqual([]);
    expect(await media(ids.keeperOld!)).toEqual({ snapshots: 1, playback: 1 });
  });

  it('sweeps soon after it starts, not only an hour later', async () => {
    const sweep = sweeper();
    sweep.start(3_600_000, 10);
    await vi.waitFor(() => expect(sweep.lastCounts).toBeDefined(), { timeout: 10_000 });
    await sweep.stop();
    expect(sweep.totals.sweeps).toBe(1);
  });
});
