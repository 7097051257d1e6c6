import { releaseUid, runInJail, takeUid } from './jail.js';
import { openContext, type JailRunner } from './native-context.js';
import type { NativeLanguage, NativeLanguageId } from './native-language.js';
import { COMPILE_LIMITS } from './native-limits.js';

/**
 * How many open sandboxes of this process hold each native module. A module's warm state (javac's and mcs's servers,
 * C and C++'s precompiled runtime) is the process's, shared by its sandboxes; a run may start it lazily, and it keeps
 * the process alive until ended. The last holder's close() ends it, so closing one sandbox never stops a compile
 * another is running.
 */
const nativeHolders = new Map<NativeLanguage, number>();

const defaultJail: JailRunner = runInJail;

/** One sandbox's share of the native modules' warm state: it warms each module once, and holds the ones it used until release(). */
export class NativeWarmState {
  readonly #languages: { readonly [Id in NativeLanguageId]: NativeLanguage };
  readonly #maxLogBytes: number;
  readonly #jail: JailRunner;
  readonly #warmed = new Set<NativeLanguageId>();
  /** Native languages this sandbox used (warmed or ran): their modules' shared warm state it holds (nativeHolders). */
  readonly #held = new Set<NativeLanguageId>();

  constructor(languages: { readonly [Id in NativeLanguageId]: NativeLanguage }, maxLogBytes: number, jail: JailRunner | undefined) {
    this.#languages = languages;
    this.#maxLogBytes = maxLogBytes;
    this.#jail = jail ?? defaultJail;
  }

  hold(id: NativeLanguageId): void {
    if (this.#held.has(id)) return;
    this.#held.add(id);
    const language = this.#languages[id];
    nativeHolders.set(language, (nativeHolders.get(language) ?? 0) + 1);
  }

  /** Lets go of every module this sandbox held (its close()). */
  release(): Promise<void>[] {
    return [...this.#held].map((id) => this.#release(id));
  }

  /** Has each native module prepare its warm state once (NativeLanguage.warm), in a jail of its own. */
  warm(ids: readonly NativeLanguageId[]): void {
    for (const id of ids) {
      const language = this.#languages[id];
      if (this.#warmed.has(id) || language.warm === undefined) continue;
      this.#warmed.add(id);
      this.hold(id);
      const uid = takeUid();
      const abort = new AbortController();
      const runLimits = COMPILE_LIMITS;
      const { context, close } = openContext(uid, { runLimits, compileLimits: COMPILE_LIMITS, maxLogBytes: this.#maxLogBytes }, this.#jail, abort.signal);
      void language
        .warm(context)
        .catch(() => {})
        .finally(async () => {
          await close();
          releaseUid(uid);
        });
    }
  }

  /** The last sandbox of the process to let go of a module ends its warm state (a compile server, a build cache). */
  async #release(id: NativeLanguageId): Promise<void> {
    this.#held.delete(id);
    const language = this.#languages[id];
    const holders = (nativeHolders.get(language) ?? 1) - 1;
    if (holders > 0) {
      nativeHolders.set(language, holders);
      return;
    }
    nativeHolders.delete(language);
    await language.close?.().catch(() => {});
  }
}
