import type { CandidateNotes } from '@assay/domain/invitations';
import { Box } from 'ink';
import { Confirm } from '../components/Confirm.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useMay, useMe } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialNotes, isOwnNote, notesKeys, notesReducer, notesSaveKey, type NoteWrite } from '../state/notes-state.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';

/** Who wrote a note, as the history names them. */
const authorOf = (author: CandidateNotes['notes'][number]['author']) => (typeof author === 'object' ? author.label : author);
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Rows outside the notes: the title, a blank, and below the prompt or outcome (three at most). */
const CHROME_ROWS = 5;

const SAVED: Record<NoteWrite['kind'], string> = { add: 'Note saved.', edit: 'Note edited.', delete: 'Note deleted.' };

/**
 * A candidate's notes (issue 50 item 2, decision 832), oldest first, each signed: `n` writes one; the key's own note can be edited
 * (`e`) or deleted (`x`, after a confirmation); another person's offers neither (the server would refuse: 403.18).
 */
export const NotesScreen = ({ testInvitationId, fullName }: { testInvitationId: number; fullName: string }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const me = useMe();
  const mayWrite = useMay()('annotate-candidates');
  const { state: remote, send: load, current: remoteNow } = useMachine(remoteReducer<CandidateNotes>, initialRemote<CandidateNotes>);
  const { state, send, current } = useMachine(notesReducer, initialNotes);
  useCall(
    remoteCallKey(remote, `notes:${testInvitationId}`),
    (signal) => client.decisions.notes(testInvitationId, { signal }),
    (value) => load({ type: 'loaded', value }),
    (failure) => load({ type: 'failed', failure }),
  );
  useCall(
    notesSaveKey(state),
    async (signal) => {
      if (state.mode.phase !== 'saving') throw new Error('nothing to save');
      const { write } = state.mode;
      if (write.kind === 'add') await client.decisions.addNote(testInvitationId, write.text, { signal });
      else if (write.kind === 'edit') await client.decisions.editNote(testInvitationId, write.noteId, write.text, { signal });
      else await client.decisions.deleteNote(testInvitationId, write.noteId, { signal });
      return SAVED[write.kind];
    },
    (message) => {
      send({ type: 'saved', message });
      load({ type: 'reload' });
    },
    (failure) => send({ type: 'failed', failure }),
  );

  const notes = remote.value?.notes ?? [];
  const keyId = me?.keyId ?? null;
  const selected = notes[Math.min(state.cursor, notes.length - 1)];
  const own = selected !== undefined && mayWrite && isOwnNote(selected, keyId);
  const { phase } = state.mode;
  useChrome({
    title: `Notes on ${testInvitationId}`,
    hints: phase === 'writing' ? HINTS.noteWriting : phase === 'confirming' ? HINTS.confirm : HINTS.notes({ write: mayWrite, own }),
    typing: phase === 'writing',
    modal: phase === 'writing' || phase === 'confirming',
  });
  useScreenKeys((stroke) => {
    const listed = remoteNow().value?.notes ?? [];
    if (applyDecision(notesKeys(current(), listed, keyId, mayWrite, stroke), send)) return true;
    if (stroke.type === 'char' && stroke.char === 'r' && current().mode.phase === 'browsing') {
      load({ type: 'reload' });
      return true;
    }
    return false;
  });

  const visible = Math.max(1, body.rows - CHROME_ROWS);
  const first = Math.max(0, Math.min(state.cursor - visible + 1, notes.length - visible));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Notes on <Text bold>{fullName}</Text> ({testInvitationId}), oldest first
      </Text>
      {remote.value === null ? (
        remote.phase === 'failed' ? (
          <FailureText failure={remote.failure} hint="(r to retry)" />
        ) : (
          <Text dimColor>Loading the notes…</Text>
        )
      ) : notes.length === 0 ? (
        <Text dimColor>No notes yet{mayWrite ? ' (n writes one)' : ''}.</Text>
      ) : (
        notes.slice(first, first + visible).map((note, index) => {
          const at = first + index;
          const mine = isOwnNote(note, keyId);
          return (
            <Text key={note.noteId} wrap="truncate-end" inverse={at === state.cursor}>
              {at === state.cursor ? '› ' : '  '}
              <Text bold>{authorOf(note.author)}</Text>
              {mine ? ' (you)' : ''} · {when(note.editedAt ?? note.createdAt)}
              {note.editedAt ? ' (edited)' : ''}: {note.text}
            </Text>
          );
        })
      )}
      <Text> </Text>
      {state.mode.phase === 'writing' ? (
        <Box flexDirection="column">
          <Text bold>{state.mode.noteId === null ? `New note on ${fullName}:` : `Edit your note ${state.mode.noteId}:`}</Text>
          <Text>
            {'> '}
            <TextField input={{ value: state.mode.text, caret: state.mode.caret }} focus width={Math.max(10, body.columns - 3)} />
          </Text>
        </Box>
      ) : null}
      {state.mode.phase === 'confirming' ? <Confirm question="Delete your note? It cannot be brought back." /> : null}
      {state.mode.phase === 'saving' ? <Text dimColor>Saving…</Text> : null}
      {state.failure ? <FailureText failure={state.failure} /> : null}
      {state.mode.phase === 'browsing' && state.saved ? <Text color="green">✓ {state.saved}</Text> : null}
    </Box>
  );
};
