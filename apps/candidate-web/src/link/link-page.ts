import type { PublicTestLink } from '@assay/client';
import type { PublicLinkView } from '@assay/domain/candidate';
import { publicLinkApi } from '../api/candidate-api.js';
import { failureOf } from '../api/failure.js';
import { focusHeading, h, replaceChildren, showPage } from '../lib/dom.js';
import { setPageTitle } from '../lib/page-title.js';
import { AccessNotice, hasEnded, opensLater, watchOpening } from '../views/access-notice.js';
import { landingCard, type TestFacts } from '../views/landing-card.js';
import { framed, nextStepsWhenClosed } from '../views/who-is-asking.js';
import { errorView, loadingView } from '../views/page-states.js';
import { registrationForm } from './registration-form.js';

const TITLE: Record<PublicLinkView['verdict'], string> = {
  open: 'Register',
  notYetOpen: 'Not open yet',
  outsideDailyWindow: 'Not open now',
  closed: 'Closed',
  linkInactive: 'Not available',
  testInactive: 'Not available',
  cancelled: 'Not available',
  completed: 'Not available',
};

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
    setPageTitle('Loading the test');
    replaceChildren(this.root, loadingView('Loading the test details…'));
    let view: PublicLinkView;
    try {
      view = await this.api.view();
    } catch (error) {
      const failure = failureOf(error);
      setPageTitle('This test link cannot be used');
      replaceChildren(this.root, errorView('This test link cannot be used', failure.message, failure.retryable ? () => void this.boot() : undefined));
      focusHeading(this.root.querySelector('h1'));
      return;
    }
    const title = (verdict: PublicLinkView['verdict']) => (view.inviteCandidateOnly ? 'By invitation only' : TITLE[verdict]);
    setPageTitle(title(view.verdict), view.testName);
    const notice = new AccessNotice();
    const onErrors = (shown: boolean) => setPageTitle(`${shown ? 'Error: ' : ''}${title('open')}`, view.testName);
    const footer = h('div', { class: 'link-footer' }, this.footer(view, onErrors));
    const nextSteps = nextStepsWhenClosed(view.org, 'link');
    nextSteps.hidden = view.inviteCandidateOnly || !hasEnded(view.verdict);
    const card = landingCard(linkFacts(view), { notice: [view.inviteCandidateOnly ? inviteOnlyNotice() : notice.element, nextSteps], footer });
    showPage(this.root, framed(view.org, card));
    if (view.inviteCandidateOnly || view.verdict === 'open') return;
    notice.show(view.verdict, view.message, view.testAccessTime, Date.now(), 'the registration form appears here');
    if (!opensLater(view.verdict)) return;
    // Not open yet: ask again when it should open, and show the form once it is.
    watchOpening(
      view.testAccessTime,
      () => Date.now(),
      async () => {
        const next = await this.api.view();
        nextSteps.hidden = !hasEnded(next.verdict);
        if (next.verdict !== 'open') {
          notice.show(next.verdict, next.message, next.testAccessTime, Date.now(), 'the registration form appears here');
          return !opensLater(next.verdict);
        }
        notice.opened('The test is open now. Register below to take it.');
        setPageTitle(title('open'), view.testName);
        replaceChildren(footer, this.footer(next, onErrors));
        return true;
      },
    );
  }

  /** The form, or nothing: why there is none leads the page (the notice). */
  private footer(view: PublicLinkView, onErrors: (shown: boolean) => void): HTMLElement | null {
    return view.inviteCandidateOnly || view.verdict !== 'open' ? null : registrationForm((candidate) => this.api.register(candidate), onErrors);
  }
}

const inviteOnlyNotice = (): HTMLElement =>
  h(
    'p',
    { class: 'notice notice-info', 'data-testid': 'access-message', role: 'status' },
    'This test is by invitation only. If you were invited, use the link in your invitation email.',
  );

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
