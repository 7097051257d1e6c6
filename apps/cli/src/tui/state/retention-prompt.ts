import type { RetentionSettingsInput } from '@assay/domain/invitations';
import { match, P } from 'ts-pattern';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, type TextEdit } from '../input/text-edit.js';

const PERIOD = /^([0-9]{1,5}|keep)?$/u;
const ORDER = ['endedDays', 'mediaDays', 'unstartedDays'] as const;

/**
 * The retention screen's prompt (issue 51 item 2): what `assay retention set` takes, typed as three periods in order
 * (ended, media, unstarted), each whole days or `keep`, an empty place leaving that period as it is: `730,,keep`.
 * The server checks the bounds and the order (400.56).
 */
export const readRetention = (text: string): { change: RetentionSettingsInput } | { error: string } => {
  const places = text.replace(/\s+/gu, '').split(',');
  if (places.length > 3 || places.some((place) => !PERIOD.test(place))) {
    return { error: 'type ended, media and unstarted days separated by commas (365,60,180); keep for none, empty to leave one' };
  }
  const change: RetentionSettingsInput = {};
  places.forEach((place, index) => {
    if (place !== '') change[ORDER[index]!] = place === 'keep' ? null : Number(place);
  });
  return Object.keys(change).length === 0 ? { error: 'type at least one period' } : { change };
};

export type RetentionPrompt =
  | { phase: 'closed'; saves: number }
  | { phase: 'open'; saves: number; text: string; caret: number; error: string | null }
  | { phase: 'saving'; saves: number; change: RetentionSettingsInput };

export type RetentionPromptEvent =
  | { type: 'open' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'refuse'; error: string }
  | { type: 'submit'; change: RetentionSettingsInput }
  | { type: 'close' };

export const closedRetentionPrompt = (): RetentionPrompt => ({ phase: 'closed', saves: 0 });

export const retentionPromptReducer = (state: RetentionPrompt, event: RetentionPromptEvent): RetentionPrompt =>
  match<[RetentionPrompt, RetentionPromptEvent], RetentionPrompt>([state, event])
    .with([{ phase: 'closed' }, { type: 'open' }], ([{ saves }]) => ({ phase: 'open', saves, text: '', caret: 0, error: null }))
    .with([{ phase: 'open' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.text, caret: current.caret }, edit);
      return { ...current, text: value, caret, error: null };
    })
    .with([{ phase: 'open' }, { type: 'refuse' }], ([current, { error }]) => ({ ...current, error }))
    .with([{ phase: 'open' }, { type: 'submit' }], ([{ saves }, { change }]) => ({ phase: 'saving', saves: saves + 1, change }))
    .with([{ phase: 'open' }, { type: 'close' }], [{ phase: 'saving' }, { type: 'close' }], ([{ saves }]) => ({ phase: 'closed', saves }))
    .with([P._, P._], ([current]) => current)
    .exhaustive();

export const retentionSaveKey = (state: RetentionPrompt): string | null => (state.phase === 'saving' ? `retention#${state.saves}` : null);

/** `s` opens the prompt (for an admin key); in it Enter saves, Esc closes, the rest edits. */
export const retentionKeys = (state: RetentionPrompt, maySet: boolean, stroke: Keystroke): KeyDecision<RetentionPromptEvent> => {
  if (state.phase === 'saving') return taken();
  if (state.phase === 'closed') return maySet && stroke.type === 'char' && stroke.char === 's' ? taken({ type: 'open' }) : passed();
  return match<Keystroke, KeyDecision<RetentionPromptEvent>>(stroke)
    .with(pressed('escape'), () => taken({ type: 'close' }))
    .with(pressed('return'), () => {
      const read = readRetention(state.text);
      return 'error' in read ? taken({ type: 'refuse', error: read.error }) : taken({ type: 'submit', change: read.change });
    })
    .otherwise(() => {
      const edit = textEditOf(stroke);
      return edit ? taken({ type: 'edit', edit }) : taken();
    });
};
