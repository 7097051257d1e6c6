import { runInJail } from './jail.js';
import type { JailRunner } from './native-context.js';
import type { CompilerWarmth } from '../types.js';
import type { NativeLanguage, WarmContext } from './native-language.js';
import type { NativeLanguageId } from './native-languages.js';

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
  readonly #jail: JailRunner;
  readonly #warmed = new Map<NativeLanguageId, CompilerWarmth>();
  /** Native languages this sandbox used (warmed or ran): their modules' shared warm state it holds (nativeHolders). */
  readonly #held = new Set<NativeLanguageId>();

  constructor(languages: { readonly [Id in NativeLanguageId]: NativeLanguage }, jail: JailRunner | undefined) {
    this.#languages = languages;
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

  /**
   * Has each native module prepare its warm state once (NativeLanguage.warm: its shared builds, its warm compilers),
   * in the background; answers when all of them are ready or failed (a failure is tried again by the next run).
   */
  warm(ids: readonly NativeLanguageId[]): Promise<void> {
    const context: WarmContext = { shared: (build) => build.get(this.#jail) };
    const warming: Promise<void>[] = [];
    for (const id of ids) {
      const language = this.#languages[id];
      if (this.#warmed.has(id) || language.warm === undefined) continue;
      this.#warmed.set(id, 'warming');
      this.hold(id);
      warming.push(
        language.warm(context).then(
          () => void this.#warmed.set(id, 'ready'),
          () => void this.#warmed.set(id, 'failed'),
        ),
      );
    }
    return Promise.all(warming).then(() => undefined);
  }

  /** Where each module this sandbox warmed stands: warming, ready, or failed (the next run tries again). */
  warmth(): Partial<Record<NativeLanguageId, CompilerWarmth>> {
    return Object.fromEntries(this.#warmed);
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
