import { Gauge, type Registry } from 'prom-client';
import { JobKind, REPORT_STATUS } from '@assay/domain';
import { LanguageId } from '@assay/domain/languages';
import type { OutboxKindGauge, Store, WorkerGauge } from '@assay/store';

/** Label values are words without spaces (decision 1145): the report statuses as `pending` and `in_progress`. */
const BACKLOG_LABELS = [
  [REPORT_STATUS.pending, 'pending'],
  [REPORT_STATUS.inProgress, 'in_progress'],
] as const;

/** What one scrape read from the database; undefined when it could not (assay_metrics_database_up 0). */
export interface StoreSnapshot {
  readonly at: number;
  readonly outbox: readonly OutboxKindGauge[];
  readonly unscored: readonly { reportStatus: string; attempts: number }[];
  readonly workers: WorkerGauge;
}

/** Three grouped reads (decision 870): the outbox by kind and status, the unscored attempts, the live workers. */
export const readStoreSnapshot = async (store: Store, now: number): Promise<StoreSnapshot> => {
  const gauges = store.operationsGauges;
  const [outbox, unscored, workers] = await Promise.all([gauges.outbox(now), gauges.unscored(), gauges.workers()]);
  return { at: now, outbox, unscored, workers };
};

/**
 * The gauges a scrape fills from the snapshot it read first. Every job kind, report status and language is written
 * (0 when there is none) so that an alert on a series never meets a series that is missing.
 */
export const registerStoreGauges = (registry: Registry, snapshot: () => StoreSnapshot | undefined): void => {
  const registers = [registry];
  const perKind = (name: string, help: string, value: (gauge: OutboxKindGauge | undefined, at: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        const read = snapshot();
        if (!read) return;
        for (const kind of JobKind.options)
          this.set(
            { kind },
            value(
              read.outbox.find((gauge) => gauge.kind === kind),
              read.at,
            ),
          );
      },
    });
  perKind(
    'assay_outbox_pending_jobs',
    'Outbox jobs not finished yet (due, leased, waiting out a retry or held for their report), by kind.',
    (gauge) => gauge?.pending ?? 0,
  );
  perKind('assay_outbox_due_jobs', 'Outbox jobs due now (their run time has come), leased or not, by kind.', (gauge) => gauge?.due ?? 0);
  perKind('assay_outbox_leased_jobs', 'Outbox jobs leased by a live lease now (in flight in some process), by kind.', (gauge) => gauge?.leased ?? 0);
  perKind('assay_outbox_dead_jobs', 'Outbox jobs given up on after their last retry, by kind.', (gauge) => gauge?.dead ?? 0);
  perKind('assay_outbox_oldest_due_age_seconds', 'How long the oldest due outbox job has been due, by kind (0 when none is due).', (gauge, at) =>
    gauge?.oldestDueAt == null ? 0 : Math.max(0, (at - gauge.oldestDueAt) / 1000),
  );

  new Gauge({
    name: 'assay_scoring_backlog_attempts',
    help: 'Completed attempts whose report is not generated yet, by report status (pending: awaiting scoring; in_progress: awaiting grades).',
    labelNames: ['report_status'],
    registers,
    collect() {
      this.reset();
      const read = snapshot();
      if (!read) return;
      for (const [status, label] of BACKLOG_LABELS) {
        this.set({ report_status: label }, read.unscored.find((row) => row.reportStatus === status)?.attempts ?? 0);
      }
    },
  });

  new Gauge({
    name: 'assay_worker_processes',
    help: 'Live processes running the outbox worker (servers with ASSAY_RUN_WORKER=true and assay-worker processes), as the database sees them.',
    registers,
    collect() {
      this.reset();
      const read = snapshot();
      if (read) this.set(read.workers.live);
    },
  });
  new Gauge({
    name: 'assay_worker_language_processes',
    help: 'Live outbox-worker processes whose sandbox scores each language.',
    labelNames: ['language'],
    registers,
    collect() {
      this.reset();
      const read = snapshot();
      if (!read) return;
      for (const language of LanguageId.options) {
        this.set({ language }, read.workers.byLanguage.find((entry) => entry.language === language)?.processes ?? 0);
      }
    },
  });
  new Gauge({
    name: 'assay_scoring_unserved_language',
    help: '1 for a language that pending scoring jobs need and no live process scores (those jobs wait), else 0.',
    labelNames: ['language'],
    registers,
    collect() {
      this.reset();
      const read = snapshot();
      if (!read) return;
      for (const language of LanguageId.options) this.set({ language }, read.workers.unserved.includes(language) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'assay_metrics_database_up',
    help: '1 when this scrape read the outbox, backlog and worker gauges from the database, 0 when the database did not answer.',
    registers,
    collect() {
      this.set(snapshot() ? 1 : 0);
    },
  });
};
