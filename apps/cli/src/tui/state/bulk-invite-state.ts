import type { BulkInvitationJob } from '@assay/domain/bulk';
import { match, P } from 'ts-pattern';
import type { BulkFile } from '../../bulk/bulk-file.js';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';

/** A text field with its caret, in characters. */
interface Field {
  value: string;
  caret: number;
}

interface Choosing {
  /** The CSV's path as typed, or picked from the CSV files of the working directory (`found`). */
  path: Field;
  found: readonly string[];
  failure: Failure | null;
  /** Reads and sends asked for so far: each gets a call key of its own. */
  calls: number;
}

/** Where the refused rows are being saved to (a path typed), and what the last save did. */
interface Saving {
  target: Field | null;
  /** A save asked for and not answered yet. */
  saving: boolean;
  saved: string | null;
  saveFailure: Failure | null;
}

/**
 * Inviting a file of candidates: a path (typed or picked), the file read and every row checked as the server will
 * check it (the preview), a confirmation, the job followed to its end (a progress bar), and the summary, whose
 * refused rows can be saved as CSV to mend and send again.
 */
export type BulkInviteState =
  | ({ phase: 'choosing' } & Choosing)
  | ({ phase: 'reading' } & Choosing)
  | ({ phase: 'previewing'; file: BulkFile } & Choosing)
  | ({ phase: 'sending'; file: BulkFile } & Choosing)
  | ({ phase: 'running'; file: BulkFile; job: BulkInvitationJob } & Choosing)
  | ({ phase: 'finished'; file: BulkFile; job: BulkInvitationJob } & Choosing & Saving);

export type BulkInviteEvent =
  | { type: 'found'; paths: readonly string[] }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'pick'; delta: number }
  | { type: 'read' }
  | { type: 'readDone'; file: BulkFile }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'sent'; job: BulkInvitationJob }
  | { type: 'progressed'; job: BulkInvitationJob }
  | { type: 'failed'; failure: Failure }
  | { type: 'saveAs' }
  | { type: 'save' }
  | { type: 'saved'; path: string }
  | { type: 'another' };

/** The name offered for the refused rows: beside the file, `-refused` before its extension. */
export const refusedPathFor = (path: string): string => (/\.csv$/i.test(path) ? path.replace(/\.csv$/i, '-refused.csv') : `${path}-refused.csv`);

export const initialBulkInvite = (): BulkInviteState => ({ phase: 'choosing', path: textInputOf(''), found: [], failure: null, calls: 0 });

const choosingOf = ({ path, found, failure, calls }: BulkInviteState): Choosing => ({ path, found, failure, calls });

const edited = (field: Field, edit: TextEdit): Field => editText(field, edit);

/** ↑↓ walk the CSV files found, from the one typed (or before the first). */
const picked = (state: Choosing, delta: number): Field => {
  if (state.found.length === 0) return state.path;
  const at = state.found.indexOf(state.path.value);
  const next = at === -1 ? (delta > 0 ? 0 : state.found.length - 1) : (at + delta + state.found.length) % state.found.length;
  return textInputOf(state.found[next]!);
};

export const bulkInviteReducer = (state: BulkInviteState, event: BulkInviteEvent): BulkInviteState =>
  match<[BulkInviteState, BulkInviteEvent], BulkInviteState>([state, event])
    .with([P._, { type: 'found' }], ([current, { paths }]) => ({ ...current, found: paths }))
    .with([{ phase: 'choosing' }, { type: 'edit' }], ([current, { edit }]) => ({ ...current, path: edited(current.path, edit) }))
    .with([{ phase: 'choosing' }, { type: 'pick' }], ([current, { delta }]) => ({ ...current, path: picked(current, delta) }))
    .with([{ phase: 'choosing' }, { type: 'read' }], ([current]) =>
      current.path.value.trim() === '' ? current : { ...current, phase: 'reading', failure: null, calls: current.calls + 1 },
    )
    .with([{ phase: 'reading' }, { type: 'readDone' }], ([current, { file }]) => ({ ...choosingOf(current), phase: 'previewing', file }))
    .with([{ phase: P.union('reading', 'sending') }, { type: 'failed' }], ([current, { failure }]) => ({ ...choosingOf(current), phase: 'choosing', failure }))
    .with([{ phase: 'previewing' }, { type: 'confirm' }], ([current]) => ({ ...current, phase: 'sending', calls: current.calls + 1 }))
    .with([{ phase: 'previewing' }, { type: 'back' }], ([current]) => ({ ...choosingOf(current), phase: 'choosing' }))
    .with([{ phase: 'sending' }, { type: 'sent' }], [{ phase: 'running' }, { type: 'progressed' }], ([current, { job }]) =>
      job.state === 'finished'
        ? { ...choosingOf(current), phase: 'finished', file: current.file, job, target: null, saving: false, saved: null, saveFailure: null }
        : { ...choosingOf(current), phase: 'running', file: current.file, job, failure: null },
    )
    // A poll that failed is shown and the next one tries again: the job goes on on the server meanwhile.
    .with([{ phase: 'running' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, failure, job: { ...current.job } }))
    .with([{ phase: 'finished', target: null }, { type: 'saveAs' }], ([current]) =>
      current.job.refused === 0 ? current : { ...current, target: textInputOf(refusedPathFor(current.file.path)), saveFailure: null },
    )
    .with([{ phase: 'finished', saving: true }, P._], ([current, answer]) =>
      match<BulkInviteEvent, BulkInviteState>(answer)
        .with({ type: 'saved' }, ({ path }) => ({ ...current, saving: false, target: null, saved: path }))
        .with({ type: 'failed' }, ({ failure }) => ({ ...current, saving: false, saveFailure: failure }))
        .otherwise(() => current),
    )
    .with([{ phase: 'finished', target: P.nonNullable }, { type: 'edit' }], ([current, { edit }]) => ({ ...current, target: edited(current.target, edit) }))
    .with([{ phase: 'finished', target: P.nonNullable }, { type: 'back' }], ([current]) => ({ ...current, target: null }))
    .with([{ phase: 'finished', target: P.nonNullable }, { type: 'save' }], ([current]) =>
      current.target.value.trim() === '' ? current : { ...current, saving: true, calls: current.calls + 1, saved: null, saveFailure: null },
    )
    .with([{ phase: 'finished', target: null }, { type: 'another' }], ([current]) => ({ ...initialBulkInvite(), found: current.found, calls: current.calls }))
    // Every other pair leaves the state as it is: a key of another mode, or an answer no call is waiting for.
    .otherwise(([current]) => current);

/** The call each phase waits on, keyed so that a new ask runs it again. */
export const readCallKey = (state: BulkInviteState): string | null => (state.phase === 'reading' ? `read#${state.calls}` : null);
export const sendCallKey = (state: BulkInviteState): string | null => (state.phase === 'sending' ? `send#${state.calls}` : null);
export const saveCallKey = (state: BulkInviteState): string | null => (state.phase === 'finished' && state.saving ? `save#${state.calls}` : null);

/**
 * The screen's keys. Choosing: every key edits the path (so `q` and `?` are typed), ↑↓ pick a CSV file of the
 * working directory, Enter reads it, Esc is passed (the frame's back). The preview: `y` or Enter sends the file, `n`
 * or Esc goes back to the path. While sending and following the job nothing but Esc (back: the job goes on). The
 * summary: `s` saves the refused rows (a path to type, Enter saves, Esc cancels), `a` invites another file.
 */
export const bulkInviteKeys = (state: BulkInviteState, stroke: Keystroke): KeyDecision<BulkInviteEvent> =>
  match<[BulkInviteState, Keystroke], KeyDecision<BulkInviteEvent>>([state, stroke])
    .with([{ phase: P.union('choosing', 'reading', 'sending', 'running') }, pressed('escape')], () => passed())
    .with([{ phase: 'choosing' }, pressed('up')], () => taken({ type: 'pick', delta: -1 }))
    .with([{ phase: 'choosing' }, pressed('down')], () => taken({ type: 'pick', delta: 1 }))
    .with([{ phase: 'choosing' }, pressed('return')], () => taken({ type: 'read' }))
    .with([{ phase: 'choosing' }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with([{ phase: 'previewing' }, P.union(typed('y'), pressed('return'))], () => taken({ type: 'confirm' }))
    .with([{ phase: 'previewing' }, P.union(typed('n'), pressed('escape'))], () => taken({ type: 'back' }))
    .with([{ phase: P.union('previewing', 'reading', 'sending', 'running') }, P._], () => taken())
    .with([{ phase: 'finished', saving: true }, P._], () => taken())
    .with([{ phase: 'finished', target: P.nonNullable }, pressed('escape')], () => taken({ type: 'back' }))
    .with([{ phase: 'finished', target: P.nonNullable }, pressed('return')], () => taken({ type: 'save' }))
    .with([{ phase: 'finished', target: P.nonNullable }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with([{ phase: 'finished' }, typed('s')], () => taken({ type: 'saveAs' }))
    .with([{ phase: 'finished' }, typed('a')], () => taken({ type: 'another' }))
    .with([{ phase: 'finished' }, P._], () => passed())
    .exhaustive();
