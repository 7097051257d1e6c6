import type { SelfRegistration, SelfRegistrationInput } from '@assay/domain/candidate';
import { AssayApiError } from '@assay/client';
import { failureOf } from '../api/failure.js';
import { h, isBusy, replaceChildren, safeHttpUrl, setBusy } from '../lib/dom.js';
import { checkRegistration, errorsFromServer, type FieldErrors, type RegistrationField } from './registration-errors.js';

const SUBMIT_LABEL = 'Register and continue';

/**
 * Registration on a public link: name and email, then on to the new take-test URL. An address already
 * registered gets its link by email instead, and the form says so. Problems are said in the candidate's
 * words: a summary (focused, with a link to each field) and a message by each field (`aria-invalid`,
 * `aria-describedby`). `onErrors` tells the page whether problems show (its title says so).
 */
export function registrationForm(register: (candidate: SelfRegistrationInput) => Promise<SelfRegistration>, onErrors?: (shown: boolean) => void): HTMLElement {
  const field = (name: RegistrationField, label: string, attrs: Record<string, string>) => {
    const id = name === 'fullName' ? 'register-name' : 'register-email';
    const error = h('p', { id: `${id}-error`, class: 'field-error', 'data-testid': `${id}-error`, hidden: true });
    const input = h('input', { id, name, required: true, 'data-testid': id, ...attrs });
    return { name, id, label, input, error, element: h('div', { class: 'field' }, h('label', { for: id }, label), error, input) };
  };
  const fields = [
    field('fullName', 'Full name', { type: 'text', autocomplete: 'name', maxlength: '200' }),
    field('emailId', 'Email address', { type: 'email', autocomplete: 'email', inputmode: 'email', spellcheck: 'false', maxlength: '254' }),
  ];
  const submit = h('button', { type: 'submit', class: 'button button-primary button-large', 'data-testid': 'register-submit' }, SUBMIT_LABEL);
  const summary = h('div', { class: 'error-summary', 'data-testid': 'register-error', role: 'alert', tabindex: '-1', hidden: true });
  const form = h(
    'form',
    { class: 'register-form', 'data-testid': 'register-form', novalidate: true },
    h('h2', null, 'Register to take the test'),
    h('p', { class: 'muted' }, 'Your name and email address are shared with the organisation that set this test.'),
    summary,
    fields.map((entry) => entry.element),
    h('div', { class: 'actions' }, submit),
  );

  /** Shows the problems (none: clears them); focuses the summary when there are any. */
  const show = (errors: FieldErrors, other: string | null) => {
    const items: HTMLElement[] = [];
    for (const entry of fields) {
      const message = errors[entry.name];
      entry.error.hidden = !message;
      entry.error.textContent = message ? `Error: ${message}` : '';
      if (message) {
        entry.input.setAttribute('aria-invalid', 'true');
        entry.input.setAttribute('aria-describedby', entry.error.id);
        const link = h('a', { href: `#${entry.id}` }, message);
        link.addEventListener('click', (event) => {
          event.preventDefault();
          entry.input.focus();
        });
        items.push(h('li', null, link));
      } else {
        entry.input.removeAttribute('aria-invalid');
        entry.input.removeAttribute('aria-describedby');
      }
    }
    if (other) items.push(h('li', null, other));
    summary.hidden = items.length === 0;
    onErrors?.(items.length > 0);
    if (items.length === 0) {
      summary.textContent = '';
      return;
    }
    replaceChildren(summary, h('h3', { class: 'error-summary-title' }, 'There is a problem'), h('ul', null, items));
    summary.focus();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(submit)) return;
    const input = { fullName: fields[0]!.input.value.trim(), emailId: fields[1]!.input.value.trim() };
    const problems = checkRegistration(input);
    if (Object.keys(problems).length > 0) {
      show(problems, null);
      return;
    }
    setBusy(submit, true, 'Registering…');
    let registration: SelfRegistration;
    try {
      registration = await register(input);
    } catch (failure) {
      setBusy(submit, false, SUBMIT_LABEL);
      const message = failureOf(failure).message;
      // A 400 names the fields the API way; anything else (a rate limit, no connection) is said as it is.
      const refusal = failure instanceof AssayApiError && failure.status === 400 ? errorsFromServer(message, input) : { fields: {}, other: message };
      show(refusal.fields, refusal.other);
      return;
    }
    if (registration.testUrl === null) {
      // Already registered: the link went to that address, never to this page.
      const emailed = h('p', { class: 'notice notice-info', 'data-testid': 'register-emailed', role: 'status', tabindex: '-1' }, registration.message ?? '');
      replaceChildren(form, emailed);
      emailed.focus();
      return;
    }
    const target = safeHttpUrl(registration.testUrl);
    if (!target) {
      setBusy(submit, false, SUBMIT_LABEL);
      show({}, 'The server sent an unusable test address. Please contact the organisation that set this test.');
      return;
    }
    show({}, null);
    setBusy(submit, true, 'Opening your test…');
    window.location.assign(target);
  });
  return form;
}
