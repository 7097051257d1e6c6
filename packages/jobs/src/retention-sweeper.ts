import { retentionCutoffs, unstartedExpired, type RetentionCutoffs } from '@assay/domain';
import type { Store } from '@assay/store';
import { eraseWithOutbox } from './email/erase-with-outbox.js';
import type { Logger } from './outbox-worker.js';
import { PeriodicPass } from './periodic-pass.js';
import { recordRetentionSweep } from './metrics/retention-counts.js';

/** How often the worker applies the orgs' retention (periods are days: an hour late is on time). */
export const RETENTION_SWEEP_MS = 3_600_000;

/** The first pass after a start: soon, so a process restarted more often than hourly still sweeps. */
export const RETENTION_FIRST_SWEEP_MS = 60_000;

/** Invitations erased or purged per transaction (decision 854): a sweep over years of data never holds one long lock. */
export const RETENTION_BATCH = 100;

/** What one sweep did, in all and per org; what the log line says and `/metrics` reads. */
export interface RetentionCounts {
  readonly at: number;
  readonly orgs: number;
  readonly erasedEnded: number;
  readonly erasedUnstarted: number;
  /** Rows of finished bulk files that never became an invitation, erased with the unstarted period (decision 1010). */
  readonly erasedBulkRows: number;
  /** Attempts whose snapshots and code playback were deleted. */
  readonly mediaPurged: number;
  readonly snapshots: number;
  readonly playback: number;
}

/**
 * Erases invitations of one org through the erasure core (item 1): personal data gone, the anonymised row kept, an
 * audit entry written. Answers how many it erased.
 */
export type EraseInvitations = (orgId: number, invitationIds: number[], now: number) => Promise<number>;

/**
 * The erasure core as the sweep calls it, doing what an erasure by request does (`eraseWithOutbox`): the rows, audited
 * as `retention` with the scope `retention`; the org's kept answers that name the erased; and, when given the files-mode
 * outbox, the emails of the erased invitations (decisions 1000, 1001).
 */
export const retentionErasure =
  (store: Store, outboxDir?: string): EraseInvitations =>
  async (orgId, invitationIds, now) =>
    (await eraseWithOutbox(store, outboxDir, orgId, invitationIds, { by: 'retention', scope: 'retention', now: new Date(now) })).invitations;

type OrgCounts = Omit<RetentionCounts, 'at' | 'orgs'>;
const none: OrgCounts = { erasedEnded: 0, erasedUnstarted: 0, erasedBulkRows: 0, mediaPurged: 0, snapshots: 0, playback: 0 };
const add = (a: OrgCounts, b: OrgCounts): OrgCounts => ({
  erasedEnded: a.erasedEnded + b.erasedEnded,
  erasedUnstarted: a.erasedUnstarted + b.erasedUnstarted,
  erasedBulkRows: a.erasedBulkRows + b.erasedBulkRows,
  mediaPurged: a.mediaPurged + b.mediaPurged,
  snapshots: a.snapshots + b.snapshots,
  playback: a.playback + b.playback,
});

/**
 * Retention by rule (issue 51 item 2; docs/data-protection.md, "Retention"). Each pass reads every org's periods as
 * they are now, asks the domain for the cut-offs (`retentionCutoffs`), and works through what is past them in pages:
 * media first (they are kept the shortest), then ended invitations, then never-started ones. Retroactive: a period
 * lowered reaches everything already older at the next pass. Idempotent: purged media and erased invitations are no
 * longer selected. One structured log line per org that lost something; `lastCounts` and `totals` are what metrics read.
 */
export class RetentionSweeper {
  private readonly periodic: PeriodicPass;
  /** The last pass's counts; undefined before the first. */
  lastCounts: RetentionCounts | undefined;
  /** Everything erased and purged since the process started (Prometheus counters). */
  totals: OrgCounts & { sweeps: number } = { ...none, sweeps: 0 };

  constructor(
    private readonly store: Store,
    private readonly erase: EraseInvitations,
    private readonly now: () => number,
    private readonly log: Logger,
    private readonly onSweep?: (counts: RetentionCounts) => void,
  ) {
    this.periodic = new PeriodicPass(() => this.sweep(), log, 'retention sweep failed');
  }

  /** One pass over every org with a period set. */
  async sweep(): Promise<RetentionCounts> {
    const now = this.now();
    let all = none;
    const orgs = await this.store.retention.retainingOrgs();
    for (const { orgId, settings } of orgs) {
      const counts = await this.sweepOrg(orgId, retentionCutoffs(settings, now), now);
      if (counts.erasedEnded + counts.erasedUnstarted + counts.erasedBulkRows + counts.mediaPurged > 0) {
        this.log.info({ orgId, ...counts }, 'retention sweep');
      }
      all = add(all, counts);
    }
    const counts: RetentionCounts = { at: now, orgs: orgs.length, ...all };
    this.lastCounts = counts;
    this.totals = { ...add(this.totals, all), sweeps: this.totals.sweeps + 1 };
    recordRetentionSweep(all, now);
    this.onSweep?.(counts);
    return counts;
  }

  private async sweepOrg(orgId: number, cutoffs: RetentionCutoffs, now: number): Promise<OrgCounts> {
    let counts = none;
    if (cutoffs.media !== null) {
      for (;;) {
        const page = await this.store.retention.mediaBefore(orgId, cutoffs.media, RETENTION_BATCH);
        const purged = await this.store.retention.purgeMedia(orgId, page);
        counts = add(counts, { ...none, mediaPurged: purged.invitations, snapshots: purged.snapshots, playback: purged.playback });
        if (page.length < RETENTION_BATCH || purged.invitations === 0) break;
      }
    }
    if (cutoffs.ended !== null) {
      const ended = cutoffs.ended;
      const erased = await this.erasePages(orgId, now, (afterId) => this.store.retention.endedBefore(orgId, ended, afterId, RETENTION_BATCH));
      counts = add(counts, { ...none, erasedEnded: erased });
    }
    if (cutoffs.unstarted !== null) {
      const unstarted = cutoffs.unstarted;
      const erased = await this.erasePages(orgId, now, async (afterId) => {
        const page = await this.store.retention.unstartedBefore(orgId, unstarted, afterId, RETENTION_BATCH);
        return { ids: page.filter((invitation) => unstartedExpired(invitation, cutoffs)).map(({ id }) => id), last: page.at(-1)?.id, size: page.length };
      });
      counts = add(counts, { ...none, erasedUnstarted: erased });
      // A refused row of a bulk file holds an address as long as an invitation never started would (decision 1010).
      for (;;) {
        const rows = await this.store.retention.eraseBulkRowsBefore(orgId, unstarted, RETENTION_BATCH, now);
        counts = add(counts, { ...none, erasedBulkRows: rows });
        if (rows < RETENTION_BATCH) break;
      }
    }
    return counts;
  }

  /** Erases page after page (each page its own call, so its own transaction) until a short page. */
  private async erasePages(
    orgId: number,
    now: number,
    pageAfter: (afterId: number) => Promise<number[] | { ids: number[]; last: number | undefined; size: number }>,
  ): Promise<number> {
    let erased = 0;
    let afterId = 0;
    for (;;) {
      const got = await pageAfter(afterId);
      const page = Array.isArray(got) ? { ids: got, last: got.at(-1), size: got.length } : got;
      if (page.ids.length > 0) erased += await this.erase(orgId, page.ids, now);
      if (page.size < RETENTION_BATCH || page.last === undefined) return erased;
      afterId = page.last;
    }
  }

  start(intervalMs: number, firstAfterMs: number = RETENTION_FIRST_SWEEP_MS): void {
    this.periodic.start(intervalMs, firstAfterMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
