import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '@assay/store';
import { silentLog } from '@assay/testing';
import { RetentionSweeper, retentionErasure } from '../src/index.js';
import { singleChoiceTest } from './world.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/**
 * Decision 1010: a refused row of a bulk file keeps the address it came with, and never becomes an invitation that
 * retention would erase; the sweep erases such rows once their file finished longer ago than the unstarted period.
 */
describe.each(['sqlite', 'postgres'] as const)('refused bulk rows under retention on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let orgId: number;
  let testId: number;

  /** A file of one refused row, finished `daysAgo` days ago. */
  const refusedRow = async (email: string, daysAgo: number) => {
    const at = NOW - daysAgo * DAY;
    const rows = [{ ok: false as const, row: 2, email, reason: `extraTimePercent must be a whole number from 0 to 100 (${email})` }];
    const { jobId } = await store.bulkInvitations.submit({ orgId, testId, keyId: null, fileKey: `file-${email}`, rows }, at);
    await store.bulkInvitations.finish(jobId, at);
    return jobId;
  };
  const emailsOfRows = async () => (await store.db.selectFrom('bulk_invitation_rows').select('email').orderBy('job_id').execute()).map((row) => row.email);

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    orgId = (await store.orgs.create({ name: 'Bulk', email: 'bulk@example.com', timeZoneId: 1000 }, NOW - 900 * DAY)).id;
    testId = (await store.tests.importDefinition(orgId, singleChoiceTest, `bulk-${backend}`, NOW - 900 * DAY)).testId;
    await store.retention.setSettings(orgId, { endedDays: 365, mediaDays: 60, unstartedDays: 60 });
  });
  afterAll(() => dispose());

  it('erases the refused rows of files finished before the period, and keeps the recent ones', async () => {
    const old = await refusedRow('old.refused@example.com', 90);
    await refusedRow('new.refused@example.com', 10);
    const sweeper = new RetentionSweeper(store, retentionErasure(store), () => NOW, silentLog);
    expect((await sweeper.sweep()).erasedBulkRows).toBe(1);
    expect(await emailsOfRows()).toEqual([`erased-row-${old}-2@erased.invalid`, 'new.refused@example.com']);
    const [audit] = await store.erasure.audit(orgId);
    expect(audit).toMatchObject({ scope: 'retention', invitations: 0, bulkRows: 1 });
    // Swept again, nothing more.
    expect((await sweeper.sweep()).erasedBulkRows).toBe(0);
  });
});
