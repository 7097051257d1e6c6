import { type Kysely, sql } from 'kysely';
import { INVITATION_STATUS, REPORT_STATUS, type JobKind, type ReportStatus } from '@assay/domain';
import { LanguageId } from '@assay/domain/languages';
import type { Database } from '../database.js';
import type { InstanceLiveness } from '../engine/instance-liveness.js';

/** The outbox's jobs of one kind as a metrics scrape sees them. */
export interface OutboxKindGauge {
  kind: JobKind;
  /** Not finished yet: due, leased, waiting out a retry or held for a report. */
  pending: number;
  /** Pending and due now (run_at reached): what a live worker would lease. */
  due: number;
  /** Pending and leased by some process now (in flight). */
  leased: number;
  /** Given up on after their last retry. */
  dead: number;
  /** The run_at of the oldest due job (epoch ms), or null when none is due. */
  oldestDueAt: number | null;
}

/** The processes that run the outbox worker (each declares its sandbox's languages) and what is left unserved. */
export interface WorkerGauge {
  /** Live processes that declared languages: servers with ASSAY_RUN_WORKER=true and assay-worker processes. */
  live: number;
  /** Live processes per language they score. */
  byLanguage: { language: LanguageId; processes: number }[];
  /** Languages pending scoring jobs need that no live process runs: those jobs wait. */
  unserved: LanguageId[];
}

const languagesOf = (text: string | null): LanguageId[] => {
  if (text === null) return [];
  const parsed = LanguageId.array().safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
};

const count = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/**
 * What `/metrics` reads from the database at each scrape (issue 51 item 6): a few grouped counts over indexed rows
 * (jobs by status and run_at, the partial index of unscored attempts), never a row per job. Read-only: the dead
 * processes' declarations are left for `sandboxWorkers.liveLanguages` to remove.
 */
export class OperationsGaugesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly liveness: InstanceLiveness,
  ) {}

  /** Per job kind: pending, due, leased and dead jobs, and the oldest due one's run_at. */
  async outbox(now: number): Promise<OutboxKindGauge[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => [
        'kind',
        'status',
        eb.fn.countAll<number | string>().as('jobs'),
        eb.fn.sum<number | string>(eb.case().when('run_at', '<=', now).then(1).else(0).end()).as('due'),
        eb.fn.sum<number | string>(eb.case().when('lease_until', '>=', now).then(1).else(0).end()).as('leased'),
        eb.fn.min<number | string | null>(eb.case().when('run_at', '<=', now).then(eb.ref('run_at')).end()).as('oldest_due'),
      ])
      .where('status', 'in', ['pending', 'dead'])
      .groupBy(['kind', 'status'])
      .execute();
    const byKind = new Map<JobKind, OutboxKindGauge>();
    for (const row of rows) {
      const gauge = byKind.get(row.kind) ?? { kind: row.kind, pending: 0, due: 0, leased: 0, dead: 0, oldestDueAt: null };
      if (row.status === 'dead') gauge.dead = count(row.jobs);
      else {
        gauge.pending = count(row.jobs);
        gauge.due = count(row.due);
        gauge.leased = count(row.leased);
        gauge.oldestDueAt = row.oldest_due === null ? null : count(row.oldest_due);
      }
      byKind.set(row.kind, gauge);
    }
    return [...byKind.values()];
  }

  /** Completed attempts whose report is not generated yet, by report status (the scoring and grading backlog). */
  async unscored(): Promise<{ reportStatus: ReportStatus; attempts: number }[]> {
    // The literals select the partial index invitations_unscored_idx (migration 014).
    const rows = await this.db
      .selectFrom('invitations')
      .select((eb) => ['report_status', eb.fn.countAll<number | string>().as('attempts')])
      .where('status', '=', sql.lit(INVITATION_STATUS.completed))
      .where('report_status', '<>', sql.lit(REPORT_STATUS.generated))
      .groupBy('report_status')
      .execute();
    return rows.map((row) => ({ reportStatus: row.report_status, attempts: count(row.attempts) }));
  }

  /** The live processes that run the outbox worker, per language, and the languages pending scoring waits for. */
  async workers(): Promise<WorkerGauge> {
    const [declared, pending] = await Promise.all([
      this.db.selectFrom('sandbox_workers').select(['instance_id', 'languages']).execute(),
      this.db.selectFrom('jobs').select('languages').distinct().where('status', '=', 'pending').where('languages', 'is not', null).execute(),
    ]);
    const alive = await Promise.all(declared.map((row) => this.liveness.isAlive(row.instance_id)));
    const live = declared.filter((_, index) => alive[index]);
    const processes = new Map<LanguageId, number>();
    for (const row of live) for (const language of languagesOf(row.languages)) processes.set(language, (processes.get(language) ?? 0) + 1);
    const needed = new Set(pending.flatMap((row) => languagesOf(row.languages)));
    return {
      live: live.length,
      byLanguage: LanguageId.options.filter((language) => processes.has(language)).map((language) => ({ language, processes: processes.get(language)! })),
      unserved: LanguageId.options.filter((language) => needed.has(language) && !processes.has(language)),
    };
  }
}
