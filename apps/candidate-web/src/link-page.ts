import type { PublicLinkView } from '@assay/domain';
import { ApiError, linkApi } from './api.js';
import { focusHeading, formatMinutes, h, replaceChildren, safeHttpUrl } from './dom.js';
import { accessWindow, errorView, loadingView, sectionSummaryList } from './views.js';

/** The public page of a test link: what the test is, when it can be taken, and a form to register. */
export class LinkPage {
  constructor(
    private readonly root: HTMLElement,
    private readonly accessKey: string,
  ) {}

  async boot(): Promise<void> {
    replaceChildren(this.root, loadingView('Loading the test details…'));
    let view: PublicLinkView;
    try {
      view = await linkApi.view(this.accessKey);
    } catch (error) {
      replaceChildren(
        this.root,
        errorView(
          'This test link cannot be used',
          error instanceof Error ? error.message : String(error),
          error instanceof ApiError && !error.retryable ? undefined : () => void this.boot(),
        ),
      );
      focusHeading(this.root.querySelector('h1'));
      return;
    }
    this.show(view);
  }

  private show(view: PublicLinkView): void {
    document.title = `${view.testName} · Assay`;
    const open = view.verdict === 'open';
    const body = h(
      'main',
      { class: 'page', id: 'main' },
      h(
        'div',
        { class: 'card landing' },
        h('p', { class: 'eyebrow' }, 'Online assessment'),
        h('h1', { tabindex: '-1' }, view.testName),
        h(
          'dl',
          { class: 'facts' },
          h('div', null, h('dt', null, 'Duration'), h('dd', null, formatMinutes(view.duration))),
          h('div', null, h('dt', null, 'Questions'), h('dd', null, String(view.questions))),
          h('div', null, h('dt', null, 'Sections'), h('dd', null, String(view.sections.length))),
        ),
        view.sections.length > 0
          ? [h('h2', null, 'Sections'), sectionSummaryList(view.sections.map((section) => ({ name: section.sectionName, type: section.sectionType, questions: section.questions, duration: section.duration })))]
          : null,
        view.testAccessTime ? [h('h2', null, 'When you can take it'), accessWindow(view.testAccessTime)] : null,
        view.inviteCandidateOnly
          ? h(
              'p',
              { class: 'notice notice-info', 'data-testid': 'access-message', role: 'status' },
              'This test is by invitation only. If you were invited, use the link in your invitation email.',
            )
          : !open
            ? h('p', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status' }, view.message ?? 'This test cannot be taken now.')
            : this.form(),
      ),
    );
    replaceChildren(this.root, body);
    focusHeading(body.querySelector('h1'));
  }

  private form(): HTMLElement {
    const name = h('input', { id: 'register-name', name: 'fullName', type: 'text', autocomplete: 'name', required: true, maxlength: '200', 'data-testid': 'register-name' });
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
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!form.reportValidity()) return;
      submit.disabled = true;
      submit.textContent = 'Registering…';
      error.hidden = true;
      try {
        const { testUrl, message } = await linkApi.register(this.accessKey, name.value.trim(), email.value.trim());
        if (testUrl === null) {
          // Already registered: the link went to that address, never to this page.
          replaceChildren(form, h('p', { class: 'notice notice-info', 'data-testid': 'register-emailed', role: 'status', tabindex: '-1' }, message ?? ''));
          form.querySelector<HTMLElement>('[data-testid="register-emailed"]')?.focus();
          return;
        }
        const target = safeHttpUrl(testUrl);
        if (!target) throw new ApiError('The server sent an unusable test address. Please contact the organisation that set this test.', null, 0);
        submit.textContent = 'Opening your test…';
        window.location.assign(target);
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure);
        error.hidden = false;
        submit.disabled = false;
        submit.textContent = 'Register and continue';
      }
    });
    return form;
  }
}
