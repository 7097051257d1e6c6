import { z } from 'zod';
import { type Result, ok, refuse } from '../result.js';
import { multiLineText } from '../schemas/text-fields.js';

export const NOTE_MAX = 4_000;
/** Notes one invitation keeps: far above a panel's, low enough that one invitation's read stays small (decision 757). */
export const MAX_NOTES = 200;

/** `POST …/notes` and `PATCH …/notes/{noteId}`: the note's text. */
export const NoteInput = z
  .object({ text: multiLineText('text', NOTE_MAX, { description: 'The note (1 to 4,000 characters, several lines allowed).' }) })
  .meta({ id: 'CandidateNoteBody' });
export type NoteInput = z.infer<typeof NoteInput>;

/** The stored facts a note rule needs. */
export interface StoredNote {
  readonly id: number;
  readonly keyId: number;
}

/**
 * Only a note's author edits or deletes it: a note is signed, and a note another key could rewrite would no longer
 * say what its author wrote. Not even an admin key: an admin who disagrees writes a note of their own (decision 757).
 */
export const mayChangeNote = (note: StoredNote, keyId: number): Result<StoredNote> =>
  note.keyId === keyId ? ok(note) : refuse('note-not-yours', `Note ${note.id} was written by another key: only its author may edit or delete it.`);

/** A new note, unless the invitation holds MAX_NOTES already. */
export const mayAddNote = (count: number): Result<true> =>
  count < MAX_NOTES ? ok(true) : refuse('too-many-notes', `An invitation has at most ${MAX_NOTES} notes; delete one before adding another.`);
