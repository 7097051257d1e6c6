import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueDepth, RunStart } from '@assay/sandbox';
import type { Store } from '@assay/store';
import type { OutboxWorker } from '../outbox-worker.js';
import { retentionTotals } from './retention-counts.js';
import { registerEmailMetrics } from './email-metrics.js';
import type { EmailHealth } from '../email/email-health.js';
import { readStoreSnapshot, registerStoreGauges, type StoreSnapshot } from './store-gauges.js';

/** A sandbox as the metrics see it: its queue now, and each run as it leaves the queue. */
export interface WatchedSandbox {
  queueDepths(): QueueDepth[];
  onRunStart(listener: (start: RunStart) => void): () => void;
}

/** The export renderer's queue (a server's): exports admitted and not finished, and how many it admits at most. */
export interface ExportQueue {
  readonly pending: number;
  readonly capacity: number;
}

export interface ProcessMetricsOptions {
  store: Store;
  /** `server` or `worker`: a label on every series, so one query tells the two apart. */
  role: 'server' | 'worker';
  now?: () => number;
}

/** Latency buckets (seconds) from a cached read (~1 ms) to a PDF under load (~20 s). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Sandbox queue waits (seconds): none, a run or two ahead, a queue at its bound (30 s), scoring behind a class. */
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Time to a model's first token and waits for a place at the model (seconds): a local model's tenth of a second to a queue's minute. */
const MODEL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];
/** How a request to the assistant's model ended (issue 60): a bounded set. */
export type AssistantOutcome = 'answered' | 'withheld' | 'unreachable' | 'timeout' | 'overloaded' | 'refused' | 'cancelled' | 'busy';
/** Statuscodes of refusals (429.x, 503.x): a bounded set, anything else is counted as `other`. */
const REFUSAL = /^(429|503)\.\d{1,3}$/;

/**
 * One process's metrics in one registry (decision 867): default Node.js process metrics, what the process itself
 * does (HTTP requests, refusals, its sandbox's queue, its outbox worker, retention sweeps) and, read at each scrape,
 * what the database says of the whole deployment (outbox, scoring backlog, live workers). Labels are bounded sets
 * (route patterns, status classes, job kinds, languages): never an id, a token or an address.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  readonly #store: Store;
  readonly #now: () => number;
  #snapshot: StoreSnapshot | undefined;
  #scrapes: Promise<void> = Promise.resolve();
  readonly #sandboxes: WatchedSandbox[] = [];
  readonly #workers: OutboxWorker[] = [];
  readonly #requests: Histogram<'method' | 'route' | 'status_class'>;
  readonly #refusals: Counter<'statuscode'>;
  readonly #sandboxWaits: Histogram<'language' | 'lane'>;

  constructor({ store, role, now = Date.now }: ProcessMetricsOptions) {
    this.#store = store;
    this.#now = now;
    this.registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    registerStoreGauges(this.registry, () => this.#snapshot);
    this.#requests = new Histogram({
      name: 'assay_http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route pattern (unmatched for no route) and status class, with their latency.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.#refusals = new Counter({
      name: 'assay_http_refusals_total',
      help: 'Requests refused to be tried again later, by statuscode: 429.x (rate limits, budgets) and 503.x (busy, not ready, shutting down, database unavailable).',
      labelNames: ['statuscode'],
      registers,
    });
    this.#sandboxWaits = new Histogram({
      name: 'assay_sandbox_queue_wait_seconds',
      help: "How long runs waited in this process's sandbox queue for a worker, by language and lane (candidate sample runs, scoring).",
      labelNames: ['language', 'lane'],
      buckets: WAIT_BUCKETS,
      registers,
    });
    const sandboxes = this.#sandboxes;
    new Gauge({
      name: 'assay_sandbox_queue_depth',
      help: "Runs waiting in this process's sandbox queue for a worker now, by language and lane.",
      labelNames: ['language', 'lane'],
      registers,
      collect() {
        this.reset();
        const depths = new Map<string, QueueDepth>();
        for (const depth of sandboxes.flatMap((sandbox) => sandbox.queueDepths())) {
          const key = `${depth.language} ${depth.lane}`;
          depths.set(key, { ...depth, waiting: (depths.get(key)?.waiting ?? 0) + depth.waiting });
        }
        for (const { language, lane, waiting } of depths.values()) this.set({ language, lane }, waiting);
      },
    });
    const workers = this.#workers;
    // The worker label is the worker's place in this process (0: a process runs one), never its id: a generated id
    // would start a new series at every restart, and the scrape's own target labels name the process (decision 1145).
    new Gauge({
      name: 'assay_worker_last_pass_timestamp_seconds',
      help: 'When this process\'s outbox worker (worker="0") last leased from the database (Unix time); absent before its first pass and without a worker.',
      labelNames: ['worker'],
      registers,
      collect() {
        this.reset();
        workers.forEach((worker, index) => {
          if (worker.lastPassAt !== undefined) this.set({ worker: String(index) }, worker.lastPassAt / 1000);
        });
      },
    });
    new Counter({
      name: 'assay_worker_jobs_total',
      help: "Jobs this process's outbox worker ran, by kind and outcome (done, gone, wait, retry, dead).",
      labelNames: ['kind', 'outcome'],
      registers,
      collect() {
        this.reset();
        for (const worker of workers) {
          for (const [key, count] of worker.outcomes) {
            const [kind, outcome] = key.split(' ') as [string, string];
            this.inc({ kind, outcome }, count);
          }
        }
      },
    });
    registerRetention(this.registry);
  }

  /** The text format's content type, for the answer's Content-Type. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Reads the database's gauges, then renders every metric; a database that does not answer leaves only those out.
   * Scrapes take turns, so one never renders the snapshot another read.
   */
  text(): Promise<string> {
    const render = async () => {
      try {
        this.#snapshot = await readStoreSnapshot(this.#store, this.#now());
      } catch {
        this.#snapshot = undefined;
      }
      return this.registry.metrics();
    };
    const rendered = this.#scrapes.then(render, render);
    this.#scrapes = rendered.then(
      () => undefined,
      () => undefined,
    );
    return rendered;
  }

  watchSandbox(sandbox: WatchedSandbox): void {
    this.#sandboxes.push(sandbox);
    sandbox.onRunStart(({ language, lane, waitMs }) => this.#sandboxWaits.observe({ language, lane }, waitMs / 1000));
  }

  watchWorker(worker: OutboxWorker): void {
    this.#workers.push(worker);
  }

  /** How this process's emails are going: the failures counter and the failing gauge (email-metrics.ts). */
  watchEmail(health: EmailHealth): void {
    registerEmailMetrics(this.registry, health);
  }

  /** A server's export renderer: its gauges exist only where exports are rendered. */
  watchExports(queue: () => ExportQueue): void {
    const registers = [this.registry];
    new Gauge({
      name: 'assay_export_queue_pending',
      help: 'PDF and Excel exports admitted by this server and not finished (rendering or waiting).',
      registers,
      collect() {
        this.set(queue().pending);
      },
    });
    new Gauge({
      name: 'assay_export_queue_capacity',
      help: 'Exports this server admits at once (threads plus ASSAY_EXPORT_QUEUE); past it an export answers 503.2.',
      registers,
      collect() {
        this.set(queue().capacity);
      },
    });
  }

  /**
   * The assistant's model (issue 60, docs/metrics.md): its requests by outcome, the time to their first token, their
   * wait for a place under ASSAY_AI_MAX_CONCURRENT, and the places taken and waited for now. Made when a server with a
   * model watches it, so a server without one has none of these series.
   */
  watchAssistant(gate: () => { readonly running: number; readonly waiting: number }): {
    ended(outcome: AssistantOutcome): void;
    firstToken(seconds: number): void;
    waited(seconds: number): void;
  } {
    const registers = [this.registry];
    const requests = new Counter({
      name: 'assay_ai_requests_total',
      help: "Requests to the assistant's model, by outcome: answered, withheld (a guarded reply that carried a solution), unreachable, timeout, overloaded, refused, cancelled, busy (the waiting line was full).",
      labelNames: ['outcome'],
      registers,
    });
    const firstToken = new Histogram({
      name: 'assay_ai_first_token_seconds',
      help: "Time from sending a request to the model to its reply's first token.",
      buckets: MODEL_BUCKETS,
      registers,
    });
    const waits = new Histogram({
      name: 'assay_ai_queue_wait_seconds',
      help: 'How long a message waited for a place at the model (ASSAY_AI_MAX_CONCURRENT), orgs and candidates taking turns.',
      buckets: MODEL_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'assay_ai_in_flight',
      help: "Requests to the assistant's model now: at the model (state running) or waiting for a place (state waiting).",
      labelNames: ['state'],
      registers,
      collect() {
        const now = gate();
        this.set({ state: 'running' }, now.running);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
    return {
      ended: (outcome) => requests.inc({ outcome }),
      firstToken: (seconds) => firstToken.observe(seconds),
      waited: (seconds) => waits.observe(seconds),
    };
  }

  /** One answered request: `route` is the matched route's pattern (`/v2/org/tests/:testId`), never the raw URL. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.#requests.observe({ method, route: route ?? 'unmatched', status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  countRefusal(statuscode: string): void {
    this.#refusals.inc({ statuscode: REFUSAL.test(statuscode) ? statuscode : 'other' });
  }
}

/** What retention sweeps erased, one metric per unit (decision 1144): never invitations and snapshots added up in one. */
const RETENTION_COUNTERS = [
  ['assay_retention_media_purged_attempts_total', "Attempts whose snapshots and code histories this process's retention sweeps deleted.", 'mediaPurged'],
  ['assay_retention_deleted_snapshots_total', "Camera snapshots this process's retention sweeps deleted.", 'snapshots'],
  [
    'assay_retention_deleted_code_histories_total',
    "Code histories (one per coding question of an attempt) this process's retention sweeps deleted.",
    'playback',
  ],
] as const;

const registerRetention = (registry: Registry): void => {
  const registers = [registry];
  new Counter({
    name: 'assay_retention_erased_invitations_total',
    help: "Invitations this process's retention sweeps erased, by reason: ended (the attempt ended long enough ago) or unstarted (never started, expired).",
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      const totals = retentionTotals();
      this.inc({ reason: 'ended' }, totals.erasedEnded);
      this.inc({ reason: 'unstarted' }, totals.erasedUnstarted);
    },
  });
  for (const [name, help, key] of RETENTION_COUNTERS) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(retentionTotals()[key]);
      },
    });
  }
  new Counter({
    name: 'assay_retention_sweeps_total',
    help: 'Retention sweeps this process ran.',
    registers,
    collect() {
      this.reset();
      this.inc(retentionTotals().sweeps);
    },
  });
  new Gauge({
    name: 'assay_retention_last_sweep_timestamp_seconds',
    help: "When this process's last retention sweep ended (Unix time); 0 before the first.",
    registers,
    collect() {
      this.reset();
      this.set((retentionTotals().lastSweepAt ?? 0) / 1000);
    },
  });
};
