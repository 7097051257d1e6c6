import type { TestLink } from '@assay/domain/schemas';
import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import { editText, textEditOf, textInputOf, type TextEdit } from '../input/text-edit.js';
import { linkFieldErrors, linkFieldOrder, zonesMatching, type LinkField, type LinkFields } from './link-form-fields.js';

interface FormFields {
  fields: LinkFields;
  focus: LinkField;
  /** The caret in the focused text field, in characters. */
  caret: number;
  /** Editing an existing link (the status toggle is offered) rather than creating one. */
  existing: boolean;
  /** Errors are shown once the user tried to save, or for the field being typed in. */
  attempted: boolean;
  failure: Failure | null;
  saves: number;
}

export type LinkFormState =
  | ({ phase: 'editing' } & FormFields)
  | ({ phase: 'pickingZone'; filter: string; filterCaret: number; cursor: number } & FormFields)
  | ({ phase: 'saving' } & FormFields)
  | ({ phase: 'saved'; link: TestLink } & FormFields);

export type LinkFormEvent =
  | { type: 'focus'; delta: number }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'cycle'; delta: number }
  | { type: 'openZones' }
  | { type: 'zoneEdit'; edit: TextEdit }
  | { type: 'zoneMove'; delta: number }
  | { type: 'zonePick' }
  | { type: 'zoneCancel' }
  | { type: 'submit' }
  | { type: 'saved'; link: TestLink }
  | { type: 'failed'; failure: Failure };

export const initialLinkForm = (fields: LinkFields, existing: boolean): LinkFormState => ({
  phase: 'editing',
  fields,
  focus: 'name',
  caret: textInputOf(fields.name).caret,
  existing,
  attempted: false,
  failure: null,
  saves: 0,
});

const TEXT_FIELDS = ['name', 'start', 'end', 'stakeholder'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
export const isTextField = (field: LinkField): field is TextField => (TEXT_FIELDS as readonly string[]).includes(field);

const formOf = (state: LinkFormState): FormFields => ({
  fields: state.fields,
  focus: state.focus,
  caret: state.caret,
  existing: state.existing,
  attempted: state.attempted,
  failure: state.failure,
  saves: state.saves,
});

/** Another field has the keyboard; a text field is entered with the caret after its text. */
const focusOn = <F extends FormFields>(form: F, focus: LinkField): F => ({
  ...form,
  focus,
  caret: isTextField(focus) ? textInputOf(form.fields[focus]).caret : 0,
});

const moveFocus = <F extends FormFields>(form: F, delta: number): F => {
  const order = linkFieldOrder(form.fields, form.existing);
  const index = Math.max(0, order.indexOf(form.focus));
  return focusOn(form, order[(index + delta + order.length) % order.length]!);
};

const cycle = (fields: LinkFields, focus: LinkField, delta: number): LinkFields =>
  match(focus)
    .with('accessTime', () => ({ ...fields, accessTime: ((((fields.accessTime + delta) % 3) + 3) % 3) as LinkFields['accessTime'] }))
    .with('inviteOnly', () => ({ ...fields, inviteOnly: !fields.inviteOnly }))
    .with('proctoring', () => ({ ...fields, proctoring: !fields.proctoring }))
    .with('active', () => ({ ...fields, active: !fields.active }))
    .with('name', 'start', 'end', 'timeZoneId', 'stakeholder', 'save', () => fields)
    .exhaustive();

const submit = (form: FormFields): LinkFormState => {
  const errors = linkFieldErrors(form.fields, form.existing);
  const firstBad = linkFieldOrder(form.fields, form.existing).find((field) => field !== 'save' && errors[field] !== undefined);
  return firstBad
    ? focusOn({ ...form, phase: 'editing', attempted: true }, firstBad)
    : { ...form, phase: 'saving', attempted: true, failure: null, saves: form.saves + 1 };
};

export const linkFormReducer = (state: LinkFormState, event: LinkFormEvent): LinkFormState =>
  match<[LinkFormState, LinkFormEvent], LinkFormState>([state, event])
    .with([{ phase: 'editing' }, { type: 'focus' }], ([current, { delta }]) => moveFocus(current, delta))
    .with([{ phase: 'editing' }, { type: 'edit' }], ([current, { edit }]) => {
      if (!isTextField(current.focus)) return current;
      const { value, caret } = editText({ value: current.fields[current.focus], caret: current.caret }, edit);
      return { ...current, fields: { ...current.fields, [current.focus]: value }, caret };
    })
    .with([{ phase: 'editing' }, { type: 'cycle' }], ([current, { delta }]) => ({ ...current, fields: cycle(current.fields, current.focus, delta) }))
    .with([{ phase: 'editing' }, { type: 'openZones' }], ([current]) => {
      const cursor = zonesMatching('').findIndex((zone) => zone.timeZoneId === current.fields.timeZoneId);
      return { ...formOf(current), phase: 'pickingZone', filter: '', filterCaret: 0, cursor: Math.max(0, cursor) };
    })
    .with([{ phase: 'editing' }, { type: 'submit' }], ([current]) => submit(formOf(current)))
    .with(
      [{ phase: 'editing' }, { type: 'zoneEdit' }],
      [{ phase: 'editing' }, { type: 'zoneMove' }],
      [{ phase: 'editing' }, { type: 'zonePick' }],
      [{ phase: 'editing' }, { type: 'zoneCancel' }],
      [{ phase: 'editing' }, { type: 'saved' }],
      [{ phase: 'editing' }, { type: 'failed' }],
      ([current]) => current,
    )
    .with([{ phase: 'pickingZone' }, { type: 'zoneEdit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.filter, caret: current.filterCaret }, edit);
      return value === current.filter ? { ...current, filterCaret: caret } : { ...current, filter: value, filterCaret: caret, cursor: 0 };
    })
    .with([{ phase: 'pickingZone' }, { type: 'zoneMove' }], ([current, { delta }]) => ({
      ...current,
      cursor: Math.max(0, Math.min(current.cursor + delta, zonesMatching(current.filter).length - 1)),
    }))
    .with([{ phase: 'pickingZone' }, { type: 'zonePick' }], ([current]) => {
      const zone = zonesMatching(current.filter)[current.cursor];
      return zone ? { ...formOf(current), phase: 'editing', fields: { ...current.fields, timeZoneId: zone.timeZoneId } } : current;
    })
    .with([{ phase: 'pickingZone' }, { type: 'zoneCancel' }], ([current]) => ({ ...formOf(current), phase: 'editing' }))
    .with(
      [{ phase: 'pickingZone' }, { type: 'focus' }],
      [{ phase: 'pickingZone' }, { type: 'edit' }],
      [{ phase: 'pickingZone' }, { type: 'cycle' }],
      [{ phase: 'pickingZone' }, { type: 'openZones' }],
      [{ phase: 'pickingZone' }, { type: 'submit' }],
      [{ phase: 'pickingZone' }, { type: 'saved' }],
      [{ phase: 'pickingZone' }, { type: 'failed' }],
      ([current]) => current,
    )
    .with([{ phase: 'saving' }, { type: 'saved' }], ([current, { link }]) => ({ ...formOf(current), phase: 'saved', link }))
    .with([{ phase: 'saving' }, { type: 'failed' }], ([current, { failure }]) => ({ ...formOf(current), phase: 'editing', failure }))
    .with(
      [{ phase: 'saving' }, { type: 'focus' }],
      [{ phase: 'saving' }, { type: 'edit' }],
      [{ phase: 'saving' }, { type: 'cycle' }],
      [{ phase: 'saving' }, { type: 'openZones' }],
      [{ phase: 'saving' }, { type: 'zoneEdit' }],
      [{ phase: 'saving' }, { type: 'zoneMove' }],
      [{ phase: 'saving' }, { type: 'zonePick' }],
      [{ phase: 'saving' }, { type: 'zoneCancel' }],
      [{ phase: 'saving' }, { type: 'submit' }],
      ([current]) => current,
    )
    // Saved is the end: the screen goes back to the list.
    .with(
      [{ phase: 'saved' }, { type: 'focus' }],
      [{ phase: 'saved' }, { type: 'edit' }],
      [{ phase: 'saved' }, { type: 'cycle' }],
      [{ phase: 'saved' }, { type: 'openZones' }],
      [{ phase: 'saved' }, { type: 'zoneEdit' }],
      [{ phase: 'saved' }, { type: 'zoneMove' }],
      [{ phase: 'saved' }, { type: 'zonePick' }],
      [{ phase: 'saved' }, { type: 'zoneCancel' }],
      [{ phase: 'saved' }, { type: 'submit' }],
      [{ phase: 'saved' }, { type: 'saved' }],
      [{ phase: 'saved' }, { type: 'failed' }],
      ([current]) => current,
    )
    .exhaustive();

export const linkFormCallKey = (state: LinkFormState): string | null => (state.phase === 'saving' ? `save#${state.saves}` : null);

const CHOICES = ['accessTime', 'inviteOnly', 'proctoring', 'active'] as const;
const isChoice = (field: LinkField): boolean => (CHOICES as readonly string[]).includes(field);

/**
 * The form's keys, against its state as of the key. Ctrl+S saves from anywhere; Tab, Shift+Tab and ↑↓ change
 * field; ←→ and Space change a choice; Enter opens the zone picker on the time zone, saves on the button and
 * goes to the next field elsewhere. A text field takes every other key (so `q` and `?` are typed there); on
 * the other fields they are passed (q goes back, ? helps). Esc is passed (the frame's back cancels the form),
 * except in the zone picker, which it closes.
 */
export const linkFormKeys = (state: LinkFormState, stroke: Keystroke): KeyDecision<LinkFormEvent> =>
  match<[LinkFormState, Keystroke], KeyDecision<LinkFormEvent>>([state, stroke])
    .with([{ phase: 'editing' }, { type: 'ctrl', letter: 's' }], () => taken({ type: 'submit' }))
    .with([{ phase: 'editing' }, P.union(pressed('backTab'), pressed('up'))], () => taken({ type: 'focus', delta: -1 }))
    .with([{ phase: 'editing' }, P.union(pressed('tab'), pressed('down'))], () => taken({ type: 'focus', delta: 1 }))
    .with([{ phase: 'editing', focus: 'save' }, pressed('return')], () => taken({ type: 'submit' }))
    .with([{ phase: 'editing', focus: 'timeZoneId' }, pressed('return')], () => taken({ type: 'openZones' }))
    .with([{ phase: 'editing' }, pressed('return')], () => taken({ type: 'focus', delta: 1 }))
    .with([{ phase: 'editing' }, pressed('escape')], () => passed())
    .with([{ phase: 'editing', focus: P.when(isChoice) }, pressed('left')], () => taken({ type: 'cycle', delta: -1 }))
    .with([{ phase: 'editing', focus: P.when(isChoice) }, P.union(pressed('right'), typed(' '))], () => taken({ type: 'cycle', delta: 1 }))
    .with([{ phase: 'editing', focus: P.when(isTextField) }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'edit', edit }) : taken();
    })
    .with([{ phase: 'editing' }, P._], () => passed())
    .with([{ phase: 'pickingZone' }, pressed('escape')], () => taken({ type: 'zoneCancel' }))
    .with([{ phase: 'pickingZone' }, pressed('return')], () => taken({ type: 'zonePick' }))
    .with([{ phase: 'pickingZone' }, pressed('up')], () => taken({ type: 'zoneMove', delta: -1 }))
    .with([{ phase: 'pickingZone' }, pressed('down')], () => taken({ type: 'zoneMove', delta: 1 }))
    .with([{ phase: 'pickingZone' }, P._], ([, typing]) => {
      const edit = textEditOf(typing);
      return edit ? taken({ type: 'zoneEdit', edit }) : taken();
    })
    .with([{ phase: 'saving' }, pressed('escape')], () => passed())
    .with([{ phase: 'saving' }, P._], () => taken())
    .with([{ phase: 'saved' }, P._], () => passed())
    .exhaustive();
