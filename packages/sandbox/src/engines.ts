import type { LanguageId } from '@assay/domain/languages';
import { NATIVE_LANGUAGES, type NativeLanguageId } from './native/native-languages.js';
import type { Engine } from './protocol.js';
import type { SqlRunRequest } from './run-request.js';

/**
 * Which engine runs a language: the only place the sandbox tells languages apart. `worker`: a WebAssembly
 * interpreter on a worker thread (QuickJS, Pyodide); `native`: a NativeLanguage module run in a jail; `sql`: an SQL
 * engine in WebAssembly. A new LanguageId does not compile until it has its entry here (decision 673).
 */
export type LanguageEngine =
  | {
      readonly family: 'worker';
      readonly engine: Engine;
      /** The worker transpiles the code first (types stripped, never checked). */
      readonly transpile?: 'typescript';
      /** Results also say how the language writes the values (Python's repr), for showing. */
      readonly display?: 'python';
    }
  /** `module`: the language's own NativeLanguage (NATIVE_LANGUAGES), always its id. */
  | { readonly family: 'native'; readonly module: NativeLanguageId }
  | { readonly family: 'sql'; readonly dialect: SqlRunRequest['language'] };

export type EngineFamily = LanguageEngine['family'];

export const ENGINE_FAMILIES: readonly EngineFamily[] = ['worker', 'native', 'sql'];

/** The languages no native module runs: one entry each, a WebAssembly engine. */
const WASM_ENGINES = {
  javascript: { family: 'worker', engine: 'javascript' },
  typescript: { family: 'worker', engine: 'javascript', transpile: 'typescript' },
  python: { family: 'worker', engine: 'python', display: 'python' },
  sqlite: { family: 'sql', dialect: 'sqlite' },
  postgresql: { family: 'sql', dialect: 'postgresql' },
} as const satisfies { readonly [Id in LanguageId]?: LanguageEngine };

type NativeEngine = { readonly family: 'native'; readonly module: NativeLanguageId };

/**
 * Every language's engine: the WebAssembly ones above, and a native module's language runs in its module
 * (NATIVE_LANGUAGES, decision 1322). A LanguageId in neither does not compile here.
 */
export const LANGUAGE_ENGINES: { readonly [Id in LanguageId]: (typeof WASM_ENGINES)[Id & keyof typeof WASM_ENGINES] | NativeEngine } = {
  ...WASM_ENGINES,
  ...(Object.fromEntries(Object.keys(NATIVE_LANGUAGES).map((id) => [id, { family: 'native', module: id }])) as {
    readonly [Id in NativeLanguageId]: NativeEngine;
  }),
};

export type { NativeLanguageId };

/** A language's engine, its native module typed as one of NATIVE_LANGUAGES. */
export const engineOf = (language: LanguageId): Exclude<LanguageEngine, { readonly family: 'native' }> | NativeEngine => LANGUAGE_ENGINES[language];
