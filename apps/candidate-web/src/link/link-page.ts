import type { PublicTestLink } from '@assay/client';
import type { PublicLinkView } from '@assay/domain';
import { publicLinkApi } from '../api/candidate-api.js';
import { failureOf } from '../api/failure.js';
import { focusHeading, h, replaceChildren, showPage } from '../lib/dom.js';
import { landingCard, type TestFacts } from '../views/landing-card.js';
import { errorView, loadingView } from '../views/page-states.js';
import { registrationForm } from './registration-form.js';

/** The public page of a test link: what the test is, when it can be taken, and a form to register. */
export class LinkPage {
  private readonly api: PublicTestLink;

  constructor(
    private readonly root: HTMLElement,
    accessKey: string,
  ) {
    this.api = publicLinkApi(accessKey);
  }

  async boot(): Promise<void> {
    replaceChildren(this.root, loadingView('Loading the test details…'));
    let view: PublicLinkView;
    try {
      view = await this.api.view();
    } catch (error) {
      const failure = failureOf(error);
      replaceChildren(this.root, errorView('This test link cannot be used', failure.message, failure.retryable ? () => void this.boot() : undefined));
      focusHeading(this.root.querySelector('h1'));
      return;
    }
    document.title = `${view.testName} · Assay`;
    showPage(this.root, landingCard(linkFacts(view), { footer: this.footer(view) }));
  }

  /** The form, or why there is none. */
  private footer(view: PublicLinkView): HTMLElement {
    if (view.inviteCandidateOnly) {
      return h(
        'p',
        { class: 'notice notice-info', 'data-testid': 'access-message', role: 'status' },
        'This test is by invitation only. If you were invited, use the link in your invitation email.',
      );
    }
    if (view.verdict !== 'open') {
      return h('p', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status' }, view.message ?? 'This test cannot be taken now.');
    }
    return registrationForm((candidate) => this.api.register(candidate));
  }
}

const linkFacts = (view: PublicLinkView): TestFacts => ({
  testName: view.testName,
  duration: view.duration,
  questions: view.questions,
  sections: view.sections.map((section) => ({
    name: section.sectionName,
    type: section.sectionType,
    questions: section.questions,
    duration: section.duration,
  })),
  accessTime: view.testAccessTime || null,
});
