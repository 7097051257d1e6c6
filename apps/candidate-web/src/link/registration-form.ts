import type { SelfRegistration, SelfRegistrationInput } from '@assay/domain';
import { failureOf } from '../api/failure.js';
import { h, replaceChildren, safeHttpUrl } from '../lib/dom.js';

/**
 * Registration on a public link: name and email, then on to the new take-test URL. An address already
 * registered gets its link by email instead, and the form says so.
 */
export function registrationForm(register: (candidate: SelfRegistrationInput) => Promise<SelfRegistration>): HTMLElement {
  const name = h('input', {
    id: 'register-name',
    name: 'fullName',
    type: 'text',
    autocomplete: 'name',
    required: true,
    maxlength: '200',
    'data-testid': 'register-name',
  });
  const email = h('input', {
    id: 'register-email',
    name: 'emailId',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    spellcheck: 'false',
    required: true,
    maxlength: '254',
    'data-testid': 'register-email',
  });
  const submit = h('button', { type: 'submit', class: 'button button-primary button-large', 'data-testid': 'register-submit' }, 'Register and continue');
  const error = h('p', { class: 'notice notice-error', 'data-testid': 'register-error', role: 'alert', hidden: true });
  const form = h(
    'form',
    { class: 'register-form', 'data-testid': 'register-form' },
    h('h2', null, 'Register to take the test'),
    h('p', { class: 'muted' }, 'Your name and email address are shared with the organisation that set this test.'),
    h('div', { class: 'field' }, h('label', { for: 'register-name' }, 'Full name'), name),
    h('div', { class: 'field' }, h('label', { for: 'register-email' }, 'Email address'), email),
    error,
    h('div', { class: 'actions' }, submit),
  );
  const failed = (message: string) => {
    error.textContent = message;
    error.hidden = false;
    submit.disabled = false;
    submit.textContent = 'Register and continue';
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    submit.disabled = true;
    submit.textContent = 'Registering…';
    error.hidden = true;
    let registration: SelfRegistration;
    try {
      registration = await register({ fullName: name.value.trim(), emailId: email.value.trim() });
    } catch (failure) {
      failed(failureOf(failure).message);
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
      failed('The server sent an unusable test address. Please contact the organisation that set this test.');
      return;
    }
    submit.textContent = 'Opening your test…';
    window.location.assign(target);
  });
  return form;
}
