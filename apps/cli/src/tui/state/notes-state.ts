import type { CandidateNote } from '@assay/domain/invitations';
import { match, P } from 'ts-pattern';
import { ExitCode, type Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';

/** One write of the notes screen: a new note, an edit of one's own, a delete of one's own (issue 50 item 2). */
export type NoteWrite = { kind: 'add'; text: string } | { kind: 'edit'; noteId: number; text: string } | { kind: 'delete'; noteId: number };

/**
 * The notes screen's mode: browsing (↑↓ pick a note), writing (a new note or an edit, with its text), confirming a
 * delete, saving. A refused write returns to where it came from with the server's text; a saved one says so.
 */
export type NotesMode =
  | { phase: 'browsing' }
  | { phase: 'writing'; noteId: number | null; text: string; caret: number }
  | { phase: 'confirming'; noteId: number }
  | { phase: 'saving'; write: NoteWrite };

export interface NotesState {
  cursor: number;
  mode: NotesMode;
  saves: number;
  saved: string | null;
  failure: Failure | null;
}

export type NotesEvent =
  | { type: 'move'; delta: number; count: number }
  | { type: 'write'; noteId: number | null; text: string }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'askDelete'; noteId: number }
  | { type: 'submit'; write: NoteWrite }
  | { type: 'saved'; message: string }
  | { type: 'failed'; failure: Failure }
  | { type: 'cancel' };

export const initialNotes = (): NotesState => ({ cursor: 0, mode: { phase: 'browsing' }, saves: 0, saved: null, failure: null });

export const notesReducer = (state: NotesState, event: NotesEvent): NotesState =>
  match<[NotesMode['phase'], NotesEvent], NotesState>([state.mode.phase, event])
    .with(['browsing', { type: 'move' }], ([, { delta, count }]) => ({ ...state, cursor: Math.max(0, Math.min(count - 1, state.cursor + delta)) }))
    .with(['browsing', { type: 'write' }], ([, { noteId, text }]) => ({
      ...state,
      mode: { phase: 'writing', noteId, text, caret: textInputOf(text).caret },
      saved: null,
      failure: null,
    }))
    .with(['browsing', { type: 'askDelete' }], ([, { noteId }]) => ({ ...state, mode: { phase: 'confirming', noteId }, saved: null, failure: null }))
    .with(['writing', { type: 'edit' }], ([, { edit }]) => {
      const mode = state.mode as Extract<NotesMode, { phase: 'writing' }>;
      const { value, caret } = editText({ value: mode.text, caret: mode.caret }, edit);
      return { ...state, mode: { ...mode, text: value, caret }, failure: null };
    })
    .with(['writing', { type: 'submit' }], ['confirming', { type: 'submit' }], ([, { write }]) => ({
      ...state,
      mode: { phase: 'saving', write },
      saves: state.saves + 1,
      failure: null,
    }))
    .with(['writing', { type: 'failed' }], ([, { failure }]) => ({ ...state, failure }))
    .with(['writing', { type: 'cancel' }], ['confirming', { type: 'cancel' }], () => ({ ...state, mode: { phase: 'browsing' }, failure: null }))
    .with(['saving', { type: 'saved' }], ([, { message }]) => ({ ...state, mode: { phase: 'browsing' }, saved: message }))
    // Refused (403.18 not the author, 404 gone, 400 bad text): an edit goes back to its text, a delete to the list.
    .with(['saving', { type: 'failed' }], ([, { failure }]) => {
      const { write } = state.mode as Extract<NotesMode, { phase: 'saving' }>;
      const mode: NotesMode =
        write.kind === 'delete'
          ? { phase: 'browsing' }
          : { phase: 'writing', noteId: write.kind === 'edit' ? write.noteId : null, text: write.text, caret: textInputOf(write.text).caret };
      return { ...state, mode, failure };
    })
    .with([P._, P._], () => state)
    .exhaustive();

export const notesSaveKey = (state: NotesState): string | null => (state.mode.phase === 'saving' ? `note#${state.saves}` : null);

/** Whether `note` is the key's own: the server lets only the key that wrote a note change it (403.18). */
export const isOwnNote = (note: CandidateNote, keyId: number | null): boolean => typeof note.author === 'object' && note.author.keyId === keyId;

const SAVE = P.union(pressed('return'), { type: 'ctrl', letter: 's' } as const);

/**
 * The screen's keys: browsing, ↑↓ pick, `n` a new note, `e` edit and `x` delete the highlighted note when it is the
 * key's own (another person's offers neither), `r` reloads (passed to the screen); writing, Enter saves, Esc cancels,
 * the rest edits; confirming, y deletes, n or Esc keeps.
 */
export const notesKeys = (
  state: NotesState,
  notes: readonly CandidateNote[],
  keyId: number | null,
  mayWrite: boolean,
  stroke: Keystroke,
): KeyDecision<NotesEvent> => {
  const { mode } = state;
  if (mode.phase === 'saving') return taken();
  if (mode.phase === 'confirming') {
    if (stroke.type === 'char' && stroke.char === 'y') return taken({ type: 'submit', write: { kind: 'delete', noteId: mode.noteId } });
    if ((stroke.type === 'char' && stroke.char === 'n') || (stroke.type === 'key' && stroke.name === 'escape')) return taken({ type: 'cancel' });
    return taken();
  }
  if (mode.phase === 'writing') {
    if (stroke.type === 'key' && stroke.name === 'escape') return taken({ type: 'cancel' });
    if (
      match(stroke)
        .with(SAVE, () => true)
        .otherwise(() => false)
    ) {
      const text = mode.text.trim();
      if (text === '') return taken({ type: 'failed', failure: { exitCode: ExitCode.usage, label: 'note', message: 'type the note first' } });
      return taken({ type: 'submit', write: mode.noteId === null ? { kind: 'add', text } : { kind: 'edit', noteId: mode.noteId, text } });
    }
    const edit = textEditOf(stroke);
    return edit ? taken({ type: 'edit', edit }) : taken();
  }
  const selected = notes[Math.min(state.cursor, notes.length - 1)];
  const own = selected !== undefined && mayWrite && isOwnNote(selected, keyId);
  return match<Keystroke, KeyDecision<NotesEvent>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1, count: notes.length }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1, count: notes.length }))
    .with(typed('n'), () => (mayWrite ? taken({ type: 'write', noteId: null, text: '' }) : passed()))
    .with(typed('e'), () => (own && selected ? taken({ type: 'write', noteId: selected.noteId, text: selected.text }) : taken()))
    .with(typed('x'), () => (own && selected ? taken({ type: 'askDelete', noteId: selected.noteId }) : taken()))
    .otherwise(() => passed());
};
