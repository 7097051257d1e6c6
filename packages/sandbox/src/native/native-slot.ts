import type { JailLimits } from './jail-spec.js';
import type { NativeRun } from '../request.js';
import type { Job, Slot, SlotEvents } from '../slot.js';
import { judgeNative } from './judge-native.js';
import { releaseUid, runInJail, takeUid } from './jail.js';
import { openContext, type JailRunner } from './native-context.js';
import type { NativeLanguage, NativeLanguageId } from './native-language.js';
import { NATIVE_LANGUAGES } from './native-languages.js';
import { COMPILE_LIMITS, NATIVE_RUN_GRACE_MS, runLimitsOf, stdioCaseLimitsOf, withReservedAddressSpace } from './native-limits.js';

export interface NativeSlotOptions {
  /** The language modules (default: NATIVE_LANGUAGES). */
  readonly languages?: { readonly [Id in NativeLanguageId]: NativeLanguage };
  /** How a jailed command runs (default: runInJail). */
  readonly jail?: JailRunner;
}

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
    void this.#execute(job, abort).then(
      (outcome) => this.#settle(job, () => job.resolve(outcome)),
      (error: unknown) => {
        const message = `The sandbox could not run this program: ${error instanceof Error ? error.message : String(error)}`;
        this.#settle(job, () => job.resolve({ results: job.run.expected.map(() => ({ passed: false, error: message })) }));
      },
    );
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

  async #execute(job: Job<NativeRun>, abort: AbortController) {
    const { run, limits } = job;
    const language = this.#languages[run.module];
    const reserve = language.reservesAddressSpace ? withReservedAddressSpace : (given: JailLimits) => given;
    const runLimits = reserve(runLimitsOf(limits, run.caseCount));
    const stdioCaseLimits = reserve(stdioCaseLimitsOf(limits));
    const uid = takeUid();
    const opened = openContext(
      uid,
      { runLimits, compileLimits: reserve(COMPILE_LIMITS), stdioCaseLimits, maxLogBytes: limits.maxLogBytes, stopAfterTimeouts: job.stopAfterTimeouts },
      this.#jail,
      abort.signal,
    );
    // A module that never answers must not hold the slot: both steps' bounds and a grace, then abort. A stdio run's
    // step is its cases, one bound each.
    const runStepMs = run.input.form === 'stdio' ? run.caseCount * stdioCaseLimits.wallMs : runLimits.wallMs;
    const bound = setTimeout(() => abort.abort(), COMPILE_LIMITS.wallMs + runStepMs + NATIVE_RUN_GRACE_MS);
    try {
      job.started?.();
      const result = await language.execute(run.input, opened.context);
      return judgeNative(result, run, limits, job.stopAfterTimeouts);
    } finally {
      clearTimeout(bound);
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
