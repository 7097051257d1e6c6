import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TestDetails } from '@assay/domain';
import type { ReportPdfData } from './report-pdf.js';
import type { RenderTask } from './render-worker.js';
import type { WorkbookRow } from './workbook-rows.js';
import { feedWorkbook } from './workbook-feed.js';

export interface ReportRendererOptions {
  /**
   * Exports rendered at the same time, one worker thread each, for PDFs and for workbooks alike (each kind has threads
   * of its own). Default: half the CPUs, at least 1, at most 4.
   */
  threads?: number;
  /** Exports that may wait for a thread; one more is refused with RenderBusyError. Default 64. */
  queue?: number;
  /** Heap of each worker thread; a render that needs more fails alone. Default 256 MB. */
  maxHeapMb?: number;
  /**
   * The time budget of one PDF render, from the moment a worker takes it: past it the render is stopped (its thread
   * ended, the place freed) and fails with RenderTimeoutError. Default 20 s (decision 642).
   */
  pdfTimeBudgetMs?: number;
}

/** A PDF render ran past its time budget and was stopped: its thread was ended, the next export gets a fresh one. */
export class RenderTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`The PDF took longer than its ${budgetMs / 1000}-second budget to render and was stopped.`);
    this.name = 'RenderTimeoutError';
  }
}

/** The default time budget of a PDF render: ~100 times what a realistic report takes on a busy 2-core server. */
export const PDF_TIME_BUDGET_MS = 20_000;

/** Every thread is busy and the queue is full: answer 503 with Retry-After, try again later. */
export class RenderBusyError extends Error {
  readonly retryAfterSeconds = 5;
  constructor() {
    super('Every export worker is busy and the export queue is full.');
    this.name = 'RenderBusyError';
  }
}

/**
 * Workers run the built JavaScript: from the sources (tests, `@assay/source`) that is this package's dist, which
 * the test setup builds when stale; from dist it sits beside this file.
 */
const workerFile = (): string => {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSources ? '../dist/render-worker.js' : './render-worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`The render worker ${file} is missing: build @assay/reports first (pnpm build).`);
  return file;
};

/**
 * The parent's Node options a render worker keeps: those that shape its warnings and stack traces. Options passed to a
 * worker are checked, and Node refuses V8 and process-wide ones there (`node --max-old-space-size=512` made every export
 * and PDF answer 500); a worker's heap is set by `resourceLimits` anyway. `--conditions` stays out too: a worker loads
 * the built JavaScript of every package, even when the parent resolves the `@assay/source` condition (tests).
 */
const WORKER_OPTION =
  /^--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|throw-deprecation|pending-deprecation|trace-uncaught|unhandled-rejections=\w+)$/;
const workerExecArgv = (): string[] => process.execArgv.filter((arg) => WORKER_OPTION.test(arg));

/**
 * Loads libvips (sharp) in this thread before any worker loads it, not only in the workers: it must stay loaded for
 * the life of the process, or a worker that exits could unload it under another (sharp's advice for worker threads
 * on glibc). Only for a PDF with snapshots (workers load it for nothing else): a server whose reports have none keeps
 * its ~20 MB, and each PDF thread its ~30 MB.
 */
const loadSharpFor = (data: ReportPdfData): void => {
  if (data.snapshots?.length) createRequire(import.meta.url)('sharp');
};

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

type RenderPool = Piscina<RenderTask, Uint8Array | undefined>;

/**
 * Piscina ends the thread of a task aborted while it runs, but starts no thread in its place (with `minThreads: 0`)
 * until the next task is submitted: exports already waiting would wait forever. A task submitted while others wait
 * starts a thread; this one is withdrawn at once (it never runs), and the new thread takes the first waiting export.
 */
const replaceStoppedThread = (pool: RenderPool): void => {
  if (pool.queueSize === 0) return;
  const withdraw = new AbortController();
  pool.run({ kind: 'pdf', data: undefined as never }, { signal: withdraw.signal }).catch(() => {});
  withdraw.abort();
};

/**
 * Each kind of export has threads of its own, tuned to how it is used.
 * - How long an idle worker stays. PDFs come one after another as a recruiter reads reports, and a new worker parses
 *   the fonts again; a workbook worker ends its export with a heap grown by ~3 million cells (60–70 MB), and exports
 *   are rare: it leaves soon, and the next export starts a fresh one in a fraction of its first-byte budget.
 * - A PDF worker's young generation: V8 would grow it to 32 MB for a render that keeps a few MB alive; 8 MB saved
 *   ~25 MB of every server that has rendered a PDF. 16 MB: a realistic report (36 questions, 12 pages) collected
 *   garbage a fifth of its render at 8 MB; at 16 it takes ~15% less CPU per PDF, and the server's RSS six seconds
 *   after 60 PDFs is the same (~149 MB both ways: a quiet thread gives its young generation back).
 * - A workbook worker's, 8 MB: an export of 100,000 rows grows RSS ~30 MB less than with V8's 32 MB (~10 MB less than
 *   with 16), for ~0.2 s more of its 4 s; 4 MB was slower still, and saved no more.
 */
const POOL_SETTINGS: Readonly<Record<RenderTask['kind'], { idleTimeoutMs: number; youngGenerationMb?: number }>> = {
  pdf: { idleTimeoutMs: 30_000, youngGenerationMb: 16 },
  workbook: { idleTimeoutMs: 1_000, youngGenerationMb: 8 },
};

/**
 * Renders exports on a bounded pool of worker threads, so a slow, huge or hostile export never blocks the request
 * thread and never takes the process down: a render that throws, or kills its thread, fails that export alone.
 * At most `threads` run and `queue` wait; beyond that a request is refused at once instead of piling up.
 */
export class ReportRenderer {
  readonly threads: number;
  readonly queue: number;
  private readonly maxHeapMb: number;
  private readonly pdfTimeBudgetMs: number;
  private readonly pools: Partial<Record<RenderTask['kind'], RenderPool>> = {};
  private admitted = 0;
  private closed = false;
  /** The last failure that belonged to no export (for diagnostics). */
  lastError: unknown;

  constructor(options: ReportRendererOptions = {}) {
    this.threads = options.threads ?? Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2)));
    this.queue = options.queue ?? 64;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.pdfTimeBudgetMs = options.pdfTimeBudgetMs ?? PDF_TIME_BUDGET_MS;
  }

  /** Exports admitted and not yet finished (running or waiting). */
  get pending(): number {
    return this.admitted;
  }

  // Threads start on first use, so an app that never exports costs none.
  private workers(kind: RenderTask['kind']): RenderPool {
    if (this.closed) throw new Error('The report renderer is closed.');
    const existing = this.pools[kind];
    if (existing) return existing;
    const pool: RenderPool = new Piscina({
      filename: workerFile(),
      execArgv: workerExecArgv(),
      minThreads: 0,
      maxThreads: this.threads,
      maxQueue: this.queue + this.threads,
      idleTimeout: POOL_SETTINGS[kind].idleTimeoutMs,
      // An idle worker waits for its next task without blocking its event loop ('sync' would park it in Atomics.wait),
      // so it can give back, a few seconds after its last export, what that export left (render-worker.ts).
      atomics: 'async',
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: POOL_SETTINGS[kind].youngGenerationMb },
    });
    // Errors that belong to no task, such as a worker that dies while starting. Unheard, an 'error' event would
    // throw in this thread; and piscina stops starting workers after a failed start, so the queued exports would
    // wait forever: the pool is dropped (failing what it holds) and the next export starts a fresh one.
    pool.on('error', (error: unknown) => {
      this.lastError = error;
      if (this.pools[kind] === pool) delete this.pools[kind];
      void pool.destroy().catch(() => {});
    });
    this.pools[kind] = pool;
    return pool;
  }

  /** Worker threads alive now, by kind of export (for diagnostics: workbook threads leave a second after their export). */
  get liveThreads(): Record<RenderTask['kind'], number> {
    return { pdf: this.pools.pdf?.threads.length ?? 0, workbook: this.pools.workbook?.threads.length ?? 0 };
  }

  /** Takes a place for one export, or throws RenderBusyError; `release` must follow exactly once. */
  private admit(): () => void {
    if (this.admitted >= this.threads + this.queue) throw new RenderBusyError();
    this.admitted += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.admitted -= 1;
    };
  }

  /**
   * The candidate report PDF. Admission comes first, so `load` (the database reads, snapshots included) runs only for
   * exports that will be rendered. Rejects with RenderBusyError when full, or with the render's failure.
   */
  async renderPdf(load: () => Promise<ReportPdfData>): Promise<Buffer> {
    const release = this.admit();
    try {
      const data = await load();
      loadSharpFor(data);
      const pdf = await this.renderWithinBudget(data);
      if (!pdf) throw new Error('The render worker answered no PDF.');
      return asBuffer(pdf);
    } finally {
      release();
    }
  }

  /**
   * Renders a PDF within its time budget, counted from when a worker takes it (the worker says so on `started`; time
   * spent queued is bounded by admission, not by this budget). Piscina ends the thread of a task aborted while it runs,
   * so a render stuck in layout stops there and its place is freed.
   */
  private async renderWithinBudget(data: ReportPdfData): Promise<Uint8Array | undefined> {
    const stop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => stop.abort(), this.pdfTimeBudgetMs);
    });
    const pool = this.workers('pdf');
    try {
      return await pool.run({ kind: 'pdf', data, started: port2 }, { signal: stop.signal, transferList: [port2] });
    } catch (error) {
      if (!stop.signal.aborted) throw error;
      replaceStoppedThread(pool);
      throw new RenderTimeoutError(this.pdfTimeBudgetMs);
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  /**
   * The test report workbook as a stream of xlsx bytes, rendered in a worker from `candidates`, which are read here
   * batch by batch as the worker asks. Throws RenderBusyError at once when full. A failure later destroys the stream
   * (the client sees a broken transfer, never a truncated file that looks complete).
   */
  streamWorkbook(test: TestDetails, candidates: AsyncIterable<WorkbookRow>): Readable {
    const release = this.admit();
    const body = new PassThrough();
    // The place frees once the last byte is read, not only when the worker's task returns a moment later: a client that
    // has its whole workbook and asks for the next export must not be told every worker is busy.
    body.once('end', release);
    try {
      const workers = this.workers('workbook');
      const { port1, port2 } = new MessageChannel();
      // The feed starts reading at once; the pool is had first, so a closed renderer reads nothing.
      const feed = feedWorkbook(port1, test, candidates, body);
      workers
        .run({ kind: 'workbook', test, port: port2 }, { transferList: [port2] })
        .then(
          () => feed.settle(),
          (error: unknown) => feed.settle(error),
        )
        .finally(release);
    } catch (error) {
      release();
      throw error;
    }
    return body;
  }

  /** Lets running exports finish, then stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(Object.values(this.pools).map((pool) => pool.close()));
  }
}
