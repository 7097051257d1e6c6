import type { TestLink } from '@assay/domain';
import { match } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { linkFieldErrors, linkFieldOrder, zonesMatching, type LinkField, type LinkFields } from './link-form-fields.js';

interface FormFields {
  fields: LinkFields;
  focus: LinkField;
  /** Editing an existing link (the status toggle is offered) rather than creating one. */
  existing: boolean;
  /** Errors are shown once the user tried to save, or for the field being typed in. */
  attempted: boolean;
  failure: Failure | null;
  saves: number;
}

export type LinkFormState =
  | ({ phase: 'editing' } & FormFields)
  | ({ phase: 'pickingZone'; filter: string; cursor: number } & FormFields)
  | ({ phase: 'saving' } & FormFields)
  | ({ phase: 'saved'; link: TestLink } & FormFields);

export type LinkFormEvent =
  | { type: 'focus'; delta: number }
  | { type: 'input'; value: string }
  | { type: 'cycle'; delta: number }
  | { type: 'openZones' }
  | { type: 'zoneFilter'; filter: string }
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
  existing: state.existing,
  attempted: state.attempted,
  failure: state.failure,
  saves: state.saves,
});

const moveFocus = (form: FormFields, delta: number): LinkField => {
  const order = linkFieldOrder(form.fields, form.existing);
  const index = Math.max(0, order.indexOf(form.focus));
  return order[(index + delta + order.length) % order.length]!;
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
  const errors = linkFieldErrors(form.fields);
  const firstBad = linkFieldOrder(form.fields, form.existing).find((field) => field !== 'save' && errors[field] !== undefined);
  return firstBad
    ? { ...form, phase: 'editing', attempted: true, focus: firstBad }
    : { ...form, phase: 'saving', attempted: true, failure: null, saves: form.saves + 1 };
};

export const linkFormReducer = (state: LinkFormState, event: LinkFormEvent): LinkFormState =>
  match<[LinkFormState, LinkFormEvent], LinkFormState>([state, event])
    .with([{ phase: 'editing' }, { type: 'focus' }], ([current, { delta }]) => ({ ...current, focus: moveFocus(current, delta) }))
    .with([{ phase: 'editing' }, { type: 'input' }], ([current, { value }]) =>
      isTextField(current.focus) ? { ...current, fields: { ...current.fields, [current.focus]: value } } : current,
    )
    .with([{ phase: 'editing' }, { type: 'cycle' }], ([current, { delta }]) => ({ ...current, fields: cycle(current.fields, current.focus, delta) }))
    .with([{ phase: 'editing' }, { type: 'openZones' }], ([current]) => {
      const cursor = zonesMatching('').findIndex((zone) => zone.timeZoneId === current.fields.timeZoneId);
      return { ...formOf(current), phase: 'pickingZone', filter: '', cursor: Math.max(0, cursor) };
    })
    .with([{ phase: 'editing' }, { type: 'submit' }], ([current]) => submit(formOf(current)))
    .with(
      [{ phase: 'editing' }, { type: 'zoneFilter' }],
      [{ phase: 'editing' }, { type: 'zoneMove' }],
      [{ phase: 'editing' }, { type: 'zonePick' }],
      [{ phase: 'editing' }, { type: 'zoneCancel' }],
      [{ phase: 'editing' }, { type: 'saved' }],
      [{ phase: 'editing' }, { type: 'failed' }],
      ([current]) => current,
    )
    .with([{ phase: 'pickingZone' }, { type: 'zoneFilter' }], ([current, { filter }]) => ({ ...current, filter, cursor: 0 }))
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
      [{ phase: 'pickingZone' }, { type: 'input' }],
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
      [{ phase: 'saving' }, { type: 'input' }],
      [{ phase: 'saving' }, { type: 'cycle' }],
      [{ phase: 'saving' }, { type: 'openZones' }],
      [{ phase: 'saving' }, { type: 'zoneFilter' }],
      [{ phase: 'saving' }, { type: 'zoneMove' }],
      [{ phase: 'saving' }, { type: 'zonePick' }],
      [{ phase: 'saving' }, { type: 'zoneCancel' }],
      [{ phase: 'saving' }, { type: 'submit' }],
      ([current]) => current,
    )
    // Saved is the end: the screen goes back to the list.
    .with(
      [{ phase: 'saved' }, { type: 'focus' }],
      [{ phase: 'saved' }, { type: 'input' }],
      [{ phase: 'saved' }, { type: 'cycle' }],
      [{ phase: 'saved' }, { type: 'openZones' }],
      [{ phase: 'saved' }, { type: 'zoneFilter' }],
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
