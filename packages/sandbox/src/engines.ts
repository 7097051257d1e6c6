import type { LanguageId } from '@assay/domain/languages';
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
  | { readonly family: 'native'; readonly module: LanguageId }
  | { readonly family: 'sql'; readonly dialect: SqlRunRequest['language'] };

export type EngineFamily = LanguageEngine['family'];

export const ENGINE_FAMILIES: readonly EngineFamily[] = ['worker', 'native', 'sql'];

export const LANGUAGE_ENGINES = {
  javascript: { family: 'worker', engine: 'javascript' },
  typescript: { family: 'worker', engine: 'javascript', transpile: 'typescript' },
  python: { family: 'worker', engine: 'python', display: 'python' },
  java: { family: 'native', module: 'java' },
  c: { family: 'native', module: 'c' },
  cpp: { family: 'native', module: 'cpp' },
  csharp: { family: 'native', module: 'csharp' },
  go: { family: 'native', module: 'go' },
  rust: { family: 'native', module: 'rust' },
  ruby: { family: 'native', module: 'ruby' },
  php: { family: 'native', module: 'php' },
  sqlite: { family: 'sql', dialect: 'sqlite' },
  postgresql: { family: 'sql', dialect: 'postgresql' },
} as const satisfies { readonly [Id in LanguageId]: LanguageEngine };

type EngineEntry = (typeof LANGUAGE_ENGINES)[LanguageId];

/**
 * The languages a NativeLanguage module runs in a jail: derived from the entries above, so a new native language is
 * its `{ family: 'native' }` entry here and the compiler then asks for its module (NATIVE_LANGUAGES).
 */
export type NativeLanguageId = Extract<EngineEntry, { readonly family: 'native' }>['module'];

/** A language's engine, its native module typed as one of NATIVE_LANGUAGES. */
export const engineOf = (
  language: LanguageId,
): Exclude<LanguageEngine, { readonly family: 'native' }> | { readonly family: 'native'; readonly module: NativeLanguageId } => LANGUAGE_ENGINES[language];
