import { EvidenceReviewInput, type EvidenceOutcome, type EvidenceReview } from '@assay/domain/report';
import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';
import type { EvidenceRow } from './evidence-view.js';

/** The review being written: which piece of evidence, the outcome, and the note as typed. */
export interface EvidenceDraft {
  eventId: string;
  name: string;
  signal: string;
  outcome: EvidenceOutcome;
  note: string;
  /** The caret in the note, in characters. */
  caret: number;
}

/**
 * Reviewing integrity evidence on the report screen: a highlighted row of the evidence list (`selected`), and, once
 * `d` or `c` is pressed on it, a note prompt (`noting`), then the save (`saving`). A refused save goes back to the
 * prompt with the refusal under it and the note kept; a saved one says so until the next key.
 */
export interface EvidenceReviewState {
  phase: 'browsing' | 'noting' | 'saving';
  selected: number;
  draft: EvidenceDraft | null;
  failure: Failure | null;
  /** What the last save recorded: "Departure 2 dismissed." */
  saved: string | null;
  saves: number;
}

export type EvidenceReviewEvent =
  | { type: 'move'; delta: number; count: number }
  | { type: 'ask'; outcome: EvidenceOutcome; row: EvidenceRow & { eventId: string } }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'toggle' }
  | { type: 'cancel' }
  | { type: 'save' }
  | { type: 'saved'; review: EvidenceReview }
  | { type: 'failed'; failure: Failure }
  | { type: 'clear' };

export const initialEvidenceReview = (): EvidenceReviewState => ({ phase: 'browsing', selected: 0, draft: null, failure: null, saved: null, saves: 0 });

/** The body the draft sends, checked by the domain's own rule first (a note over 2,000 characters never leaves). */
export const evidenceReviewBody = (draft: EvidenceDraft): EvidenceReviewInput | Failure => {
  const parsed = EvidenceReviewInput.safeParse({ outcome: draft.outcome, note: draft.note.trim() });
  return parsed.success ? parsed.data : { exitCode: 2, label: 'note', message: parsed.error.issues[0]?.message ?? 'the note cannot be sent.' };
};

const draftOf = (row: EvidenceRow & { eventId: string }, outcome: EvidenceOutcome): EvidenceDraft => {
  // A second review starts from the note that counts now: most often it is the outcome that changes.
  const note = row.review?.note ?? '';
  return { eventId: row.eventId, name: row.name, signal: row.signal, outcome, note, caret: textInputOf(note).caret };
};

const withDraft = (state: EvidenceReviewState, change: (draft: EvidenceDraft) => EvidenceDraft): EvidenceReviewState =>
  state.draft ? { ...state, draft: change(state.draft), failure: null } : state;

export const evidenceReviewReducer = (state: EvidenceReviewState, event: EvidenceReviewEvent): EvidenceReviewState =>
  match<[EvidenceReviewState, EvidenceReviewEvent], EvidenceReviewState>([state, event])
    .with([{ phase: 'browsing' }, { type: 'move' }], ([current, { delta, count }]) => ({
      ...current,
      selected: Math.max(0, Math.min(count - 1, current.selected + delta)),
      saved: null,
    }))
    .with([{ phase: 'browsing' }, { type: 'ask' }], ([current, { outcome, row }]) => ({
      ...current,
      phase: 'noting',
      draft: draftOf(row, outcome),
      failure: null,
      saved: null,
    }))
    .with([{ phase: 'browsing' }, { type: 'clear' }], ([current]) => (current.saved === null ? current : { ...current, saved: null }))
    .with([{ phase: 'noting' }, { type: 'edit' }], ([current, { edit }]) =>
      withDraft(current, (draft) => {
        const { value, caret } = editText({ value: draft.note, caret: draft.caret }, edit);
        return { ...draft, note: value, caret };
      }),
    )
    .with([{ phase: 'noting' }, { type: 'toggle' }], ([current]) =>
      withDraft(current, (draft) => ({ ...draft, outcome: draft.outcome === 'dismissed' ? 'confirmed' : 'dismissed' })),
    )
    .with([{ phase: 'noting' }, { type: 'cancel' }], ([current]) => ({ ...current, phase: 'browsing', draft: null, failure: null }))
    .with([{ phase: 'noting' }, { type: 'save' }], ([current]) => {
      if (!current.draft) return current;
      const body = evidenceReviewBody(current.draft);
      return 'label' in body ? { ...current, failure: body } : { ...current, phase: 'saving', failure: null, saves: current.saves + 1 };
    })
    .with([{ phase: 'saving' }, { type: 'saved' }], ([current, { review }]) => ({
      ...current,
      phase: 'browsing',
      draft: null,
      saved: `${current.draft?.name ?? review.eventId} ${review.outcome}.`,
    }))
    // Refused (404.12 for evidence a reset cleared, or any other refusal): shown under the prompt, the note kept.
    .with([{ phase: 'saving' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, phase: 'noting', failure }))
    // Every other pair leaves the state as it is: a key of another mode, or an answer no save is waiting for.
    .with([{ phase: 'browsing' }, P._], [{ phase: 'noting' }, P._], [{ phase: 'saving' }, P._], ([current]) => current)
    .exhaustive();

/** The key `useCall` saves the review on. */
export const evidenceSaveKey = (state: EvidenceReviewState): string | null => (state.phase === 'saving' ? `evidence#${state.saves}` : null);

const SAVE = P.union(pressed('return'), { type: 'ctrl', letter: 's' } as const);

/**
 * The note prompt's keys, before any other key of the report screen: Enter or Ctrl+S saves, Tab or Shift+Tab
 * switches between dismissed and confirmed, Esc cancels, every other key edits the note (q and ? are typed). While
 * the review saves, every key waits. Without a prompt, nothing is taken here.
 */
export const evidencePromptKeys = (state: EvidenceReviewState, stroke: Keystroke): KeyDecision<EvidenceReviewEvent> =>
  match<[EvidenceReviewState['phase'], Keystroke], KeyDecision<EvidenceReviewEvent>>([state.phase, stroke])
    .with(['browsing', P._], () => passed())
    // A save takes a moment: keys wait for it rather than leave the screen under it (Ctrl+C still quits).
    .with(['saving', P._], () => taken())
    .with(['noting', SAVE], () => taken({ type: 'save' }))
    .with(['noting', P.union(pressed('tab'), pressed('backTab'))], () => taken({ type: 'toggle' }))
    .with(['noting', pressed('escape')], () => taken({ type: 'cancel' }))
    .with(['noting', P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .exhaustive();

/**
 * The evidence list's keys on the report screen, against its rows as of the key: ↑↓ move the highlight, `d` dismisses
 * and `c` confirms the highlighted piece (a note is asked first). Any other key clears a shown "saved" line and goes
 * on to the screen's other keys. Without evidence, every key goes on.
 */
export const evidencePickKeys = (state: EvidenceReviewState, rows: readonly EvidenceRow[], stroke: Keystroke): KeyDecision<EvidenceReviewEvent> => {
  if (state.phase !== 'browsing' || rows.length === 0) return passed();
  const row = rows[Math.min(state.selected, rows.length - 1)];
  const ask = (outcome: EvidenceOutcome): KeyDecision<EvidenceReviewEvent> =>
    row?.eventId ? taken({ type: 'ask', outcome, row: { ...row, eventId: row.eventId } }) : taken();
  return match<Keystroke, KeyDecision<EvidenceReviewEvent>>(stroke)
    .with(pressed('up'), () => taken({ type: 'move', delta: -1, count: rows.length }))
    .with(pressed('down'), () => taken({ type: 'move', delta: 1, count: rows.length }))
    .with(typed('d'), () => ask('dismissed'))
    .with(typed('c'), () => ask('confirmed'))
    .otherwise(() => passed({ type: 'clear' }));
};
