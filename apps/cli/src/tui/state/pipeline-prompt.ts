import type { CandidateDecision } from '@assay/domain/invitations';
import { match, P } from 'ts-pattern';
import { ExitCode, type Failure } from '../../errors.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';
import { parsePipelineFilter, type PipelineFilter } from './pipeline-filter.js';

/** What a row's keys record on an invitation (issue 50 item 2), and the list's filter prompt. */
export type PromptKind = 'decide' | 'tag' | 'note' | 'rate' | 'filter';

/** The invitation a prompt is about; `many`: the decide prompt on the marked rows of a test (issue 61 item 2). */
export interface PromptTarget {
  testInvitationId: number;
  fullName: string;
  many?: { readonly testId: number; readonly ids: readonly number[] };
}

export interface Prompt {
  kind: PromptKind;
  /** Null for the filter prompt. */
  target: PromptTarget | null;
  /** `decide` only: undefined until a decision is picked (s, a, j, h or c), then the reason is typed. */
  decision?: CandidateDecision | null;
  /** `decide` only: Tab turns on the email to the candidate(s), sent after the undo window (issue 61 item 1). */
  notify?: boolean;
  text: string;
  caret: number;
}

/** One write through the client, as the prompt made it. */
export type EvaluationWrite =
  | { kind: 'decide'; testInvitationId: number; decision: CandidateDecision | null; reason?: string; notify?: boolean }
  | {
      kind: 'decideMany';
      testInvitationId: number;
      testId: number;
      ids: readonly number[];
      decision: CandidateDecision | null;
      reason?: string;
      notify?: boolean;
    }
  | { kind: 'tag'; testInvitationId: number; tag: string; remove: boolean }
  | { kind: 'note'; testInvitationId: number; text: string }
  | { kind: 'rate'; testInvitationId: number; rating: number | null };

/**
 * The invitations list's prompt (decision 809): closed, open (a key picked a move on the highlighted row, or `F` the
 * filter), saving (the write is under way). A refused write goes back to the prompt with the server's message under it
 * and the text kept; a saved one says so until the next key.
 */
export interface PipelinePromptState {
  phase: 'closed' | 'open' | 'saving';
  prompt: Prompt | null;
  write: EvaluationWrite | null;
  failure: Failure | null;
  saved: string | null;
  /** What the last saved write was: a bulk decision also clears the marks. */
  savedKind: EvaluationWrite['kind'] | null;
  saves: number;
}

export type PipelinePromptEvent =
  | { type: 'open'; kind: PromptKind; target: PromptTarget | null; text?: string }
  | { type: 'choose'; decision: CandidateDecision | null }
  | { type: 'toggleNotify' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; failure: Failure }
  | { type: 'submit'; write: EvaluationWrite }
  | { type: 'close' }
  | { type: 'saved'; message: string }
  | { type: 'failed'; failure: Failure }
  | { type: 'clear' };

export const initialPipelinePrompt = (): PipelinePromptState => ({
  phase: 'closed',
  prompt: null,
  write: null,
  failure: null,
  saved: null,
  savedKind: null,
  saves: 0,
});

const withPrompt = (state: PipelinePromptState, change: (prompt: Prompt) => Prompt): PipelinePromptState =>
  state.prompt ? { ...state, prompt: change(state.prompt), failure: null } : state;

export const pipelinePromptReducer = (state: PipelinePromptState, event: PipelinePromptEvent): PipelinePromptState =>
  match<[PipelinePromptState, PipelinePromptEvent], PipelinePromptState>([state, event])
    .with([{ phase: 'closed' }, { type: 'open' }], ([current, { kind, target, text = '' }]) => ({
      ...current,
      phase: 'open',
      prompt: { kind, target, text, caret: textInputOf(text).caret },
      failure: null,
      saved: null,
    }))
    .with([{ phase: 'open' }, { type: 'choose' }], ([current, { decision }]) => withPrompt(current, (prompt) => ({ ...prompt, decision })))
    .with([{ phase: 'open' }, { type: 'toggleNotify' }], ([current]) => withPrompt(current, (prompt) => ({ ...prompt, notify: !prompt.notify })))
    .with([{ phase: 'open' }, { type: 'edit' }], ([current, { edit }]) =>
      withPrompt(current, (prompt) => ({
        ...prompt,
        ...(({ value, caret }) => ({ text: value, caret }))(editText({ value: prompt.text, caret: prompt.caret }, edit)),
      })),
    )
    .with([{ phase: 'open' }, { type: 'refuse' }], ([current, { failure }]) => ({ ...current, failure }))
    .with([{ phase: 'open' }, { type: 'submit' }], ([current, { write }]) => ({ ...current, phase: 'saving', write, failure: null, saves: current.saves + 1 }))
    .with([{ phase: 'open' }, { type: 'close' }], ([current]) => ({ ...current, phase: 'closed', prompt: null, failure: null }))
    .with([{ phase: 'saving' }, { type: 'saved' }], ([current, { message }]) => ({
      ...current,
      phase: 'closed',
      prompt: null,
      write: null,
      saved: message,
      savedKind: current.write?.kind ?? null,
    }))
    // Refused (403.17 for a move the role may not make, 404 for an invitation gone, 400 for a bad text): the prompt again.
    .with([{ phase: 'saving' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, phase: 'open', write: null, failure }))
    .with([{ phase: 'closed' }, { type: 'clear' }], ([current]) => (current.saved === null ? current : { ...current, saved: null }))
    // Every other pair leaves the state as it is: a key of another phase, or an answer no save waits for.
    .with([{ phase: 'closed' }, P._], [{ phase: 'open' }, P._], [{ phase: 'saving' }, P._], ([current]) => current)
    .exhaustive();

/** The key `useCall` writes on. */
export const pipelineSaveKey = (state: PipelinePromptState): string | null => (state.phase === 'saving' ? `evaluation#${state.saves}` : null);

/** The decision picked by its key in the decide prompt: s shortlist, a advance, j reject, h on hold, c clear. */
export const DECISION_KEYS: readonly (readonly [string, CandidateDecision | null, string])[] = [
  ['s', 'shortlisted', 'shortlist'],
  ['a', 'advanced', 'advance'],
  ['j', 'rejected', 'reject'],
  ['h', 'on-hold', 'on hold'],
  ['c', null, 'clear'],
];

const refusal = (label: string, message: string): KeyDecision<PipelinePromptEvent, never> =>
  taken({ type: 'refuse', failure: { exitCode: ExitCode.usage, label, message } });

/** The decide prompt's write: on the highlighted row, or on the marked rows together (one request, one reload). */
const decideWrite = (prompt: Prompt, id: number, decision: CandidateDecision | null, text: string): EvaluationWrite => {
  const said = { decision, ...(text ? { reason: text } : {}), ...(prompt.notify ? { notify: true } : {}) };
  const many = prompt.target?.many;
  return many ? { kind: 'decideMany', testInvitationId: id, testId: many.testId, ids: many.ids, ...said } : { kind: 'decide', testInvitationId: id, ...said };
};

/** What Enter does with the prompt's text: a write, a filter for the list, or a refusal under the prompt. */
const submitted = (prompt: Prompt): KeyDecision<PipelinePromptEvent, { filter: PipelineFilter }> => {
  const text = prompt.text.trim();
  if (prompt.kind === 'filter') {
    const parsed = parsePipelineFilter(text);
    return 'error' in parsed ? refusal('filter', parsed.error) : effect({ filter: parsed.filter }, { type: 'close' });
  }
  const id = prompt.target?.testInvitationId;
  if (id === undefined) return taken({ type: 'close' });
  return match<Prompt['kind'], KeyDecision<PipelinePromptEvent, { filter: PipelineFilter }>>(prompt.kind)
    .with('decide', () =>
      prompt.decision === undefined ? taken() : taken<PipelinePromptEvent>({ type: 'submit', write: decideWrite(prompt, id, prompt.decision, text) }),
    )
    .with('tag', () => {
      const remove = text.startsWith('-');
      const tag = (remove ? text.slice(1) : text).trim();
      return tag === ''
        ? refusal('tag', 'type a tag (-tag removes it)')
        : taken<PipelinePromptEvent>({ type: 'submit', write: { kind: 'tag', testInvitationId: id, tag, remove } });
    })
    .with('note', () =>
      text === ''
        ? refusal('note', 'type the note first')
        : taken<PipelinePromptEvent>({ type: 'submit', write: { kind: 'note', testInvitationId: id, text } }),
    )
    .with('rate', 'filter', () => taken())
    .exhaustive();
};

const SAVE = P.union(pressed('return'), { type: 'ctrl', letter: 's' } as const);

/**
 * The prompt's keys, before any other key of the list: Esc closes it, Enter (or Ctrl+S) submits, every other key edits
 * its text. The decide prompt first takes a decision's letter; the rate prompt takes a digit (1–5; 0 removes the
 * rating). While a write is under way every key waits. Closed, nothing is taken (a shown "saved" line is cleared).
 */
export const pipelinePromptKeys = (state: PipelinePromptState, stroke: Keystroke): KeyDecision<PipelinePromptEvent, { filter: PipelineFilter }> => {
  const { prompt } = state;
  if (state.phase === 'closed' || prompt === null) return state.saved === null ? passed() : passed<PipelinePromptEvent>({ type: 'clear' });
  if (state.phase === 'saving') return taken();
  if (stroke.type === 'key' && stroke.name === 'escape') return taken({ type: 'close' });
  const id = prompt.target?.testInvitationId ?? 0;
  if (prompt.kind === 'rate') {
    const digit = stroke.type === 'char' && /^[0-5]$/.test(stroke.char) ? Number(stroke.char) : undefined;
    return digit === undefined ? taken() : taken({ type: 'submit', write: { kind: 'rate', testInvitationId: id, rating: digit === 0 ? null : digit } });
  }
  if (prompt.kind === 'decide' && prompt.decision === undefined) {
    const chosen = stroke.type === 'char' ? DECISION_KEYS.find(([key]) => key === stroke.char) : undefined;
    return chosen ? taken({ type: 'choose', decision: chosen[1] }) : taken();
  }
  if (prompt.kind === 'decide' && stroke.type === 'key' && stroke.name === 'tab') return taken({ type: 'toggleNotify' });
  if (
    match(stroke)
      .with(SAVE, () => true)
      .otherwise(() => false)
  )
    return submitted(prompt);
  const edit = textEditOf(stroke);
  return edit ? taken({ type: 'edit', edit }) : taken();
};

/**
 * The list's keys that open a prompt, against the highlighted row as of the key: `d` decide, `t` tag, `n` note, `*` rate;
 * `F` the filter, with the one in force to edit. The role's keys are guarded before this (key-permissions.ts).
 */
export const pipelineOpenKeys = (
  row: PromptTarget | undefined,
  filterText: string,
  stroke: Keystroke,
  marked: { readonly testId: number; readonly ids: readonly number[] } = { testId: 0, ids: [] },
): KeyDecision<PipelinePromptEvent> => {
  const onRow = (kind: PromptKind): KeyDecision<PipelinePromptEvent> =>
    row ? taken({ type: 'open', kind, target: { testInvitationId: row.testInvitationId, fullName: row.fullName } }) : taken();
  // With rows marked, `d` decides them together (issue 61 item 2, decision 1456).
  const onMarked = (): KeyDecision<PipelinePromptEvent> =>
    taken({
      type: 'open',
      kind: 'decide',
      target: { testInvitationId: marked.ids[0]!, fullName: `${marked.ids.length} marked candidate${marked.ids.length === 1 ? '' : 's'}`, many: marked },
    });
  return match<Keystroke, KeyDecision<PipelinePromptEvent>>(stroke)
    .with(typed('F'), () => taken({ type: 'open', kind: 'filter', target: null, text: filterText }))
    .with(typed('d'), () => (marked.ids.length > 0 ? onMarked() : onRow('decide')))
    .with(typed('t'), () => onRow('tag'))
    .with(typed('n'), () => onRow('note'))
    .with(typed('*'), () => onRow('rate'))
    .otherwise(() => passed());
};
