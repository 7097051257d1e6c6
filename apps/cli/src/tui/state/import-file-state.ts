import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import type { FileImport } from '../data/import-file.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';
import type { Route } from './app-state.js';

interface Choosing {
  /** The file's path as typed, or picked from the importable files of the working directory (`found`). */
  readonly path: { value: string; caret: number };
  readonly found: readonly string[];
  readonly failure: Failure | null;
  /** Imports asked for so far: each gets a call key of its own. */
  readonly calls: number;
}

/** Importing a file from the TUI: a path (typed or picked), the import under way, then what it did. */
export type ImportFileState =
  | ({ readonly phase: 'choosing' } & Choosing)
  | ({ readonly phase: 'importing' } & Choosing)
  | ({ readonly phase: 'done'; readonly outcome: FileImport } & Choosing);

export type ImportFileEvent =
  | { type: 'found'; paths: readonly string[] }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'pick'; delta: number }
  | { type: 'import' }
  | { type: 'imported'; outcome: FileImport }
  | { type: 'failed'; failure: Failure }
  | { type: 'another' };

export const initialImportFile = (): ImportFileState => ({ phase: 'choosing', path: textInputOf(''), found: [], failure: null, calls: 0 });

const choosingOf = ({ path, found, failure, calls }: ImportFileState): Choosing => ({ path, found, failure, calls });

/** ↑↓ walk the files found, from the one typed (or before the first). */
const picked = (state: Choosing, delta: number): Choosing['path'] => {
  if (state.found.length === 0) return state.path;
  const at = state.found.indexOf(state.path.value);
  const next = at === -1 ? (delta > 0 ? 0 : state.found.length - 1) : (at + delta + state.found.length) % state.found.length;
  return textInputOf(state.found[next]!);
};

export const importFileReducer = (state: ImportFileState, event: ImportFileEvent): ImportFileState =>
  match<[ImportFileState, ImportFileEvent], ImportFileState>([state, event])
    .with([P._, { type: 'found' }], ([current, { paths }]) => ({ ...current, found: paths }))
    .with([{ phase: 'choosing' }, { type: 'edit' }], ([current, { edit }]) => ({ ...current, path: editText(current.path, edit) }))
    .with([{ phase: 'choosing' }, { type: 'pick' }], ([current, { delta }]) => ({ ...current, path: picked(current, delta) }))
    .with([{ phase: 'choosing' }, { type: 'import' }], ([current]) =>
      current.path.value.trim() === '' ? current : { ...current, phase: 'importing', failure: null, calls: current.calls + 1 },
    )
    .with([{ phase: 'importing' }, { type: 'imported' }], ([current, { outcome }]) => ({ ...choosingOf(current), phase: 'done', outcome }))
    .with([{ phase: 'importing' }, { type: 'failed' }], ([current, { failure }]) => ({ ...choosingOf(current), phase: 'choosing', failure }))
    // Another file starts from the last path, so a file fixed in the editor is imported again with Enter.
    .with([{ phase: 'done' }, { type: 'another' }], ([current]) => ({ ...choosingOf(current), phase: 'choosing', failure: null }))
    // Every other pair leaves the state as it is: a key of another mode, or an answer no call is waiting for.
    .otherwise(([current]) => current);

/** The import each phase waits on, keyed so that a new ask runs it again. */
export const importCallKey = (state: ImportFileState): string | null => (state.phase === 'importing' ? `import#${state.calls}` : null);

/**
 * The screen's keys. Choosing: every key edits the path (so `q` and `?` are typed), ↑↓ pick an importable file of
 * the working directory, Enter imports it, Esc is passed (the frame's back). While importing, nothing but Esc. Done:
 * Enter opens the test made, `a` imports another file (the same path offered again).
 */
export const importFileKeys = (state: ImportFileState, stroke: Keystroke): KeyDecision<ImportFileEvent, Route> =>
  match<[ImportFileState, Keystroke], KeyDecision<ImportFileEvent, Route>>([state, stroke])
    .with([{ phase: P.union('choosing', 'importing') }, pressed('escape')], () => passed())
    .with([{ phase: 'choosing' }, pressed('up')], () => taken({ type: 'pick', delta: -1 }))
    .with([{ phase: 'choosing' }, pressed('down')], () => taken({ type: 'pick', delta: 1 }))
    .with([{ phase: 'choosing' }, pressed('return')], () => taken({ type: 'import' }))
    .with([{ phase: 'choosing' }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with([{ phase: 'importing' }, P._], () => taken())
    .with([{ phase: 'done', outcome: { kind: 'imported' } }, pressed('return')], ([current]) =>
      current.outcome.kind === 'imported' ? effect<Route>({ screen: 'test', testId: current.outcome.testId }) : taken(),
    )
    .with([{ phase: 'done' }, typed('a')], () => taken({ type: 'another' }))
    .with([{ phase: 'done' }, P._], () => passed())
    .exhaustive();
