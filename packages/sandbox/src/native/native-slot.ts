import type { JailLimits } from './jail-spec.js';
import type { NativeRun } from '../request.js';
import type { Job, Slot, SlotEvents } from '../slot.js';
import { judgeNative } from './judge-native.js';
import { releaseUid, runInJail, takeUid } from './jail.js';
import { openContext, type JailRunner } from './native-context.js';
import type { NativeLanguage, NativeRunResult } from './native-language.js';
import type { NativeLanguageId } from './native-languages.js';
import { NATIVE_LANGUAGES } from './native-languages.js';
import { COMPILE_LIMITS, NATIVE_RUN_GRACE_MS, runLimitsOf, stdioCaseLimitsOf, withReservedAddressSpace } from './native-limits.js';
import { RunBound } from './run-bound.js';

export interface NativeSlotOptions {
  /** The language modules (default: NATIVE_LANGUAGES). */
  readonly languages?: { readonly [Id in NativeLanguageId]: NativeLanguage };
  /** How a jailed command runs (default: runInJail). */
  readonly jail?: JailRunner;
}

/** How often a run the sandbox could not run is tried (decision 1043): once more, then it answers "not run". */
const ATTEMPTS = 2;

/**
 * One native run at a time: the language module's `execute` with a context whose every command is jailed as a uid of
 * the run's own (from the uid pool, released when the run ends) and whose scratch directories are removed after it.
 * No thread or process is kept between runs (a warm compiler, if a module keeps one, is the module's); the slot is
 * the unit of native concurrency the pool schedules (decision 674).
 */
export class NativeSlot implements Slot<NativeRun> {
  readonly #languages: { readonly [Id in NativeLanguageId]: NativeLanguage };
  readonly #jail: JailRunner;
  #events: SlotEvents<NativeRun>;
  #active: { job: Job<NativeRun>; abort: AbortController } | undefined;
  #gone = false;

  constructor(events: SlotEvents<NativeRun>, options: NativeSlotOptions = {}) {
    this.#events = events;
    this.#languages = options.languages ?? NATIVE_LANGUAGES;
    this.#jail = options.jail ?? runInJail;
    // Ready at once; told after the pool has added it.
    queueMicrotask(() => {
      if (this.available) this.#events.idle(this);
    });
  }

  get available(): boolean {
    return !this.#gone && this.#active === undefined;
  }

  start(job: Job<NativeRun>): void {
    if (!this.available) throw new Error('NativeSlot.start on a busy or closed slot');
    const abort = new AbortController();
    this.#active = { job, abort };
    void this.#execute(job, abort.signal).then((outcome) => this.#settle(job, () => job.resolve(outcome)));
  }

  cancel(job: Job<NativeRun>): void {
    if (this.#active?.job === job) this.#active.abort.abort();
  }

  /** Nothing per slot: a module's warm state (NativeLanguage.warm) is shared by every slot and warmed by the Sandbox. */
  warm(): void {}

  adopt(events: SlotEvents<NativeRun>): void {
    this.#events = events;
    if (this.available) events.idle(this);
  }

  terminate(reason: Error): Promise<unknown> {
    const active = this.#active;
    this.#active = undefined;
    if (active !== undefined) {
      active.abort.abort();
      active.job.reject(reason);
    }
    if (!this.#gone) {
      this.#gone = true;
      this.#events.gone(this, Promise.resolve());
    }
    return Promise.resolve();
  }

  /** The run, tried again once when the sandbox could not run it (never when the code failed); then judged. */
  async #execute(job: Job<NativeRun>, cancelled: AbortSignal) {
    job.started?.();
    let result = await this.#attempt(job, cancelled);
    for (let attempt = 2; attempt <= ATTEMPTS && result.kind === 'fault' && !cancelled.aborted; attempt++) result = await this.#attempt(job, cancelled);
    return judgeNative(result, job.run, job.limits, job.stopAfterTimeouts);
  }

  /** One try, with a uid, a context and a bound of its own; whatever the module throws is a fault, not the code's. */
  async #attempt(job: Job<NativeRun>, cancelled: AbortSignal): Promise<NativeRunResult> {
    const { run, limits } = job;
    const language = this.#languages[run.module];
    const reserve = language.reservesAddressSpace ? withReservedAddressSpace : (given: JailLimits) => given;
    const runLimits = reserve(runLimitsOf(limits, run.caseCount));
    const stdioCaseLimits = reserve(stdioCaseLimitsOf(limits));
    const abort = new AbortController();
    const signal = AbortSignal.any([cancelled, abort.signal]);
    // A module that never answers must not hold the slot: both steps' bounds and a grace, then abort; waits for what
    // every run shares (a build, a warm compiler's turn) do not count (decision 1041). A stdio run's step is its cases,
    // one bound each (decision 1062).
    const runStepMs = run.input.form === 'stdio' ? run.caseCount * stdioCaseLimits.wallMs : runLimits.wallMs;
    const bound = new RunBound(COMPILE_LIMITS.wallMs + runStepMs + NATIVE_RUN_GRACE_MS, () => abort.abort());
    const uid = takeUid();
    const compileLimits = reserve(COMPILE_LIMITS);
    const opened = openContext(
      uid,
      { runLimits, compileLimits, stdioCaseLimits, maxLogBytes: limits.maxLogBytes, stopAfterTimeouts: job.stopAfterTimeouts },
      this.#jail,
      signal,
      { bound, onPhase: job.phase },
    );
    try {
      const result = await language.execute(run.input, opened.context);
      // Past the bound, whatever the module answered came from steps the abort cut short: not the code's verdict.
      return abort.signal.aborted && !cancelled.aborted
        ? { kind: 'fault', message: 'The sandbox could not run this program: it did not finish within its time' }
        : result;
    } catch (error) {
      const why = abort.signal.aborted ? 'it did not finish within its time' : error instanceof Error ? error.message : String(error);
      return { kind: 'fault', message: `The sandbox could not run this program: ${why}` };
    } finally {
      bound.clear();
      await opened.close();
      releaseUid(uid);
    }
  }

  #settle(job: Job<NativeRun>, answer: () => void): void {
    if (this.#active?.job !== job) return;
    this.#active = undefined;
    answer();
    if (!this.#gone) this.#events.idle(this);
  }
}
