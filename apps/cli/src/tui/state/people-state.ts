import { keyRoles, type KeyRole } from '@assay/domain';
import type { OrgPerson } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type KeyName, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';

/**
 * An admin key's people screen (issue 50 item 5, decision 836): a list of people, each followed by their keys; `a`
 * adds a person (then highlighted, so the next `k` is theirs), `k` issues the highlighted person a key (its secret shown
 * once), `x` revokes the highlighted key and `d` deactivates the highlighted person, each after a y/n confirmation that
 * names whom (issue 61: a key was once minted for the admin a quick `k` still highlighted). The screen makes the calls.
 */
export type PeopleRow = { kind: 'person'; person: OrgPerson } | { kind: 'key'; person: OrgPerson; key: OrgPerson['keys'][number] };

export const peopleRows = (people: readonly OrgPerson[]): PeopleRow[] =>
  people.flatMap((person) => [{ kind: 'person' as const, person }, ...person.keys.map((key) => ({ kind: 'key' as const, person, key }))]);

export interface NewPerson {
  name: string;
  email?: string;
  role?: KeyRole;
}

/** `Ada Lovelace, ada@example.com, recruiter`: a name, then an email and a role in any order, both optional. */
export const readNewPerson = (text: string): NewPerson | { error: string } => {
  const [name = '', ...rest] = text.split(',').map((part) => part.trim());
  if (name === '') return { error: 'type a name, then optionally an email and a role, separated by commas' };
  const person: NewPerson = { name };
  for (const part of rest.filter((entry) => entry !== '')) {
    if ((keyRoles as readonly string[]).includes(part)) person.role = part as KeyRole;
    else if (part.includes('@')) person.email = part;
    else return { error: `"${part}" is neither an email nor a role (${keyRoles.join(', ')})` };
  }
  return person;
};

export type PeopleRequest =
  | { type: 'add'; person: NewPerson }
  | { type: 'issue'; personId: number; name: string; role: KeyRole }
  | { type: 'revoke'; keyId: number; label: string }
  | { type: 'deactivate'; personId: number; name: string };

/** The moves asked about first: each changes who can reach the organization's data. */
type ConfirmedRequest = Extract<PeopleRequest, { type: 'issue' | 'revoke' | 'deactivate' }>;

export type PeopleMode =
  | { phase: 'browse' }
  | { phase: 'adding'; text: string; caret: number; error: string | null }
  | { phase: 'confirm'; request: ConfirmedRequest }
  | { phase: 'working'; request: PeopleRequest };

export interface PeopleState {
  cursor: number;
  mode: PeopleMode;
  /** Counts the calls, so each is a new call key. */
  calls: number;
  /** A person just added: highlighted once the reloaded list has them. */
  focus: number | null;
}

export type PeopleEvent =
  | { type: 'move'; by: number; rows: number }
  | { type: 'added'; personId: number }
  | { type: 'rows'; rows: readonly PeopleRow[] }
  | { type: 'open-add' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; error: string }
  | { type: 'ask'; request: ConfirmedRequest }
  | { type: 'run'; request: PeopleRequest }
  | { type: 'close' };

export const initialPeople = (): PeopleState => ({ cursor: 0, mode: { phase: 'browse' }, calls: 0, focus: null });

const rowOfPerson = (rows: readonly PeopleRow[], personId: number): number =>
  rows.findIndex((row) => row.kind === 'person' && row.person.personId === personId);

const clamp = (value: number, rows: number) => Math.max(0, Math.min(value, rows - 1));

export const peopleReducer = (state: PeopleState, event: PeopleEvent): PeopleState =>
  match<[PeopleMode, PeopleEvent], PeopleState>([state.mode, event])
    .with([{ phase: 'browse' }, { type: 'move' }], ([, { by, rows }]) => ({ ...state, cursor: clamp(state.cursor + by, rows) }))
    .with([{ phase: 'browse' }, { type: 'open-add' }], () => ({ ...state, mode: { phase: 'adding', text: '', caret: 0, error: null } }))
    .with([{ phase: 'adding' }, { type: 'edit' }], ([mode, { edit }]) => {
      const { value, caret } = editText({ value: mode.text, caret: mode.caret }, edit);
      return { ...state, mode: { ...mode, text: value, caret, error: null } };
    })
    .with([{ phase: 'adding' }, { type: 'refuse' }], ([mode, { error }]) => ({ ...state, mode: { ...mode, error } }))
    .with([{ phase: 'browse' }, { type: 'ask' }], ([, { request }]) => ({ ...state, mode: { phase: 'confirm', request } }))
    .with([{ phase: P.union('browse', 'adding', 'confirm') }, { type: 'run' }], ([, { request }]) => ({
      ...state,
      mode: { phase: 'working', request },
      calls: state.calls + 1,
    }))
    .with([{ phase: P.union('adding', 'confirm', 'working') }, { type: 'close' }], () => ({ ...state, mode: { phase: 'browse' } }))
    .with([{ phase: 'working' }, { type: 'added' }], ([, { personId }]) => ({ ...state, mode: { phase: 'browse' }, focus: personId }))
    .with([P._, { type: 'rows' }], ([, { rows }]) => {
      const found = state.focus === null ? -1 : rowOfPerson(rows, state.focus);
      return found < 0 ? state : { ...state, cursor: found, focus: null };
    })
    .with([P._, P._], () => state)
    .exhaustive();

export const peopleCallKey = (state: PeopleState): string | null => (state.mode.phase === 'working' ? `people#${state.calls}` : null);

/** How far a list key moves the highlight: a row, a page, or to either end (Home, End). */
const PAGE = 10;
const movesBy = (key: KeyName, cursor: number, rows: number): number | undefined =>
  match<KeyName, number | undefined>(key)
    .with('up', () => -1)
    .with('down', () => 1)
    .with('pageUp', () => -PAGE)
    .with('pageDown', () => PAGE)
    .with('home', () => -cursor)
    .with('end', () => rows - 1 - cursor)
    .otherwise(() => undefined);

/** What the screen does outside the state: reload the list, or copy the key just shown. */
export type PeopleEffect = 'reload' | 'copy';

const shown = (person: OrgPerson): string => person.name ?? `unnamed person ${person.personId}`;

/** The keys of the screen against its current state and rows; `hasSecret`: a key was just issued and is shown. */
export const peopleKeys = (state: PeopleState, rows: readonly PeopleRow[], hasSecret: boolean, stroke: Keystroke): KeyDecision<PeopleEvent, PeopleEffect> => {
  const { mode } = state;
  if (mode.phase === 'working') return taken();
  if (mode.phase === 'confirm') {
    if (stroke.type === 'char' && stroke.char === 'y') return taken({ type: 'run', request: mode.request });
    return stroke.type === 'char' && stroke.char === 'n'
      ? taken({ type: 'close' })
      : match(stroke)
          .with(pressed('escape'), () => taken<PeopleEvent>({ type: 'close' }))
          .otherwise(() => taken());
  }
  if (mode.phase === 'adding') {
    return match<Keystroke, KeyDecision<PeopleEvent, PeopleEffect>>(stroke)
      .with(pressed('escape'), () => taken({ type: 'close' }))
      .with(pressed('return'), () => {
        const read = readNewPerson(mode.text);
        return 'error' in read ? taken({ type: 'refuse', error: read.error }) : taken({ type: 'run', request: { type: 'add', person: read } });
      })
      .otherwise(() => {
        const edit = textEditOf(stroke);
        return edit ? taken({ type: 'edit', edit }) : taken();
      });
  }
  const row = rows[state.cursor];
  const move = stroke.type === 'key' ? movesBy(stroke.name, state.cursor, rows.length) : undefined;
  if (move !== undefined) return taken({ type: 'move', by: move, rows: rows.length });
  if (stroke.type !== 'char') return passed();
  switch (stroke.char) {
    case 'a':
      return taken({ type: 'open-add' });
    case 'r':
      return effect('reload');
    case 'c':
      return hasSecret ? effect('copy') : passed();
    case 'k':
      if (!row || row.person.deactivatedAt !== null) return taken();
      return taken({ type: 'ask', request: { type: 'issue', personId: row.person.personId, name: shown(row.person), role: row.person.role } });
    case 'x':
      if (row?.kind !== 'key' || row.key.revokedAt !== null) return taken();
      return taken({ type: 'ask', request: { type: 'revoke', keyId: row.key.keyId, label: row.key.label } });
    case 'd':
      if (!row || row.person.deactivatedAt !== null) return taken();
      return taken({ type: 'ask', request: { type: 'deactivate', personId: row.person.personId, name: shown(row.person) } });
    default:
      return passed();
  }
};
