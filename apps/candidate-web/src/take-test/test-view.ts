import type { CandidateQuestion, CandidateSection, CandidateSession } from '@assay/domain/candidate';
import { questionsOf } from '../answers.js';
import { focusHeading, h } from '../lib/dom.js';
import { formatMinutes, plural } from '../lib/format.js';
import { CameraPanel } from './camera-panel.js';
import { Countdown } from './countdown.js';
import { LiveRegion } from '../lib/live-region.js';
import { QuestionFlags } from './question-flags.js';
import { QuestionNavigator } from './question-navigator.js';
import type { QuestionView } from './question-view.js';
import { TopBar } from './top-bar.js';
import { sectionKindLabel } from '../views/section-kinds.js';
import { contactFooter } from '../views/who-is-asking.js';

interface SectionParts {
  /** Its questions include coding ones: the page widens for them on wide screens. */
  coding: boolean;
  tab: HTMLButtonElement;
  progress: HTMLElement;
  panel: HTMLElement;
  heading: HTMLElement;
  questions: QuestionView[];
  navigator: QuestionNavigator;
}

const sectionTypeLabel = (section: CandidateSection): string =>
  sectionKindLabel(
    section.sectionType,
    questionsOf(section).map((question) => question.type),
  );

/** The running test: the top bar, the section tabs, one section's questions at a time, and the way between. */
export class TestView {
  readonly element: HTMLElement;
  readonly topBar: TopBar;
  readonly countdown: Countdown;
  readonly camera: CameraPanel;
  private readonly main: HTMLElement;
  private readonly sections: SectionParts[];
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly position: HTMLElement;
  private readonly endHint: HTMLElement;
  /** Another tab or window has this test open. */
  private readonly otherTabs: HTMLElement;
  private readonly sectionNames: string[];
  private otherTabsTimer: number | undefined;
  private current = 0;
  /** What flagging says to screen readers. */
  private readonly flagNews = new LiveRegion({ testId: 'flag-announcement' });

  /**
   * `question` builds each question with its number in the whole test; `onSection` is asked to show another
   * section; `flagsKey` is where this attempt's flags for review are kept in the browser.
   */
  constructor(
    session: CandidateSession,
    question: (question: CandidateQuestion, number: number) => QuestionView,
    handlers: { onSection(index: number): void; onSubmit(): void },
    flagsKey: string,
  ) {
    const flags = new QuestionFlags(flagsKey);
    const sections = session.test.sections;
    this.sectionNames = sections.map((section) => section.sectionName);
    this.topBar = new TopBar(session.test.testName, session.org, session.deadline !== null, handlers.onSubmit);
    const warning = h('div', { class: 'timer-warning', 'data-testid': 'timer-warning', role: 'alert', 'aria-live': 'assertive', hidden: true });
    // Older servers send no display messages: the alerts stay on, as before settings (decision 966).
    this.countdown = new Countdown(this.topBar.timer, this.topBar.timerValue, warning, session.displayMessages?.sectionTimeLeftAlert !== false);
    this.camera = new CameraPanel(session.imageProctoring);

    let number = 0;
    this.sections = sections.map((section, index) => {
      const first = number + 1;
      const questions = questionsOf(section).map((entry) => question(entry, ++number));
      const navigator = new QuestionNavigator(
        section.sectionName,
        questionsOf(section).map((entry, at) => ({ question: entry, number: first + at, element: questions[at]!.element, head: questions[at]!.head })),
        flags,
        this.flagNews,
      );
      const heading = h('h2', { id: `section-title-${index}`, tabindex: '-1' }, section.sectionName);
      const progress = h('span', { class: 'section-tab-progress' }, '');
      const tab = h(
        'button',
        { type: 'button', class: 'section-tab', 'data-testid': `section-tab-${index}`, onclick: () => handlers.onSection(index) },
        h('span', { class: 'section-tab-number' }, `Section ${index + 1}`),
        h('span', { class: 'section-tab-name' }, section.sectionName),
        progress,
      );
      const panel = h(
        'section',
        { class: 'section-panel', 'aria-labelledby': `section-title-${index}`, hidden: true },
        h(
          'div',
          { class: 'section-head' },
          heading,
          h(
            'p',
            { class: 'section-meta' },
            [sectionTypeLabel(section), plural(questions.length, 'question'), section.duration > 0 ? `about ${formatMinutes(section.duration)}` : null]
              .filter(Boolean)
              .join(' · '),
          ),
        ),
        navigator.element,
        questions.length === 0 ? h('p', { class: 'muted' }, 'This section has no questions.') : null,
        questions.map((view) => view.element),
      );
      return { coding: questionsOf(section).some((entry) => entry.type === 'coding'), tab, progress, panel, heading, questions, navigator };
    });

    this.prev = h(
      'button',
      { type: 'button', class: 'button button-secondary', 'data-testid': 'prev-section', onclick: () => handlers.onSection(this.current - 1) },
      '← Previous section',
    );
    this.next = h(
      'button',
      { type: 'button', class: 'button button-secondary', 'data-testid': 'next-section', onclick: () => handlers.onSection(this.current + 1) },
      'Next section →',
    );
    this.position = h('span', { class: 'section-position', 'aria-live': 'polite' }, '');
    this.endHint = h('p', { class: 'end-hint muted', hidden: true }, 'This is the last section. When you are done, press Submit test at the top of the page.');
    this.otherTabs = h('div', { class: 'notice notice-warn other-tabs', 'data-testid': 'other-tab-notice', role: 'alert' });
    this.otherTabs.hidden = true;
    const several = sections.length > 1;
    this.main = h(
      'main',
      { class: 'test-main', id: 'main' },
      warning,
      this.flagNews.element,
      this.otherTabs,
      this.camera.notice,
      // In the flow on narrow screens (it never covers the questions); beside the column where there is room.
      this.camera.preview,
      several
        ? h(
            'nav',
            { class: 'section-tabs', 'aria-label': 'Sections' },
            h(
              'ol',
              null,
              this.sections.map((parts) => h('li', null, parts.tab)),
            ),
          )
        : null,
      h(
        'div',
        { id: 'questions', class: 'questions', tabindex: '-1' },
        this.sections.map((parts) => parts.panel),
      ),
      number === 0 ? h('p', { class: 'muted' }, 'This test has no questions.') : null,
      several ? h('div', { class: 'section-nav' }, this.prev, this.position, this.next) : null,
      this.endHint,
    );
    this.element = h(
      'div',
      { class: 'test-view' },
      h('a', { class: 'skip-link', href: '#questions' }, 'Skip to the questions'),
      this.topBar.element,
      this.main,
      contactFooter(session.org),
    );
  }

  /** Shows section `index` (in range); `moveFocus` when the candidate asked for it. */
  showSection(index: number, moveFocus: boolean): void {
    this.current = index;
    this.element.classList.toggle('test-wide', this.sections[index]?.coding === true);
    this.sections.forEach((parts, each) => {
      parts.panel.hidden = each !== index;
      if (each === index) {
        parts.tab.setAttribute('aria-current', 'step');
        parts.tab.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
        for (const question of parts.questions) question.shown();
      } else {
        parts.tab.removeAttribute('aria-current');
      }
    });
    this.prev.disabled = index === 0;
    this.next.disabled = index === this.sections.length - 1;
    this.position.textContent = `Section ${index + 1} of ${this.sections.length}`;
    this.endHint.hidden = index !== this.sections.length - 1;
    if (moveFocus) {
      window.scrollTo({ top: 0 });
      this.focusSection();
    }
  }

  /** "Section 2 of 3: Coding", for the page title. */
  sectionTitle(): string {
    const name = this.sectionNames[this.current] ?? '';
    return this.sectionNames.length > 1 ? `Section ${this.current + 1} of ${this.sectionNames.length}: ${name}` : name || 'Questions';
  }

  /** Says (in an alert) that the test is open elsewhere too, and why that matters; `count` 0 takes it away. */
  showOtherTabs(count: number): void {
    window.clearTimeout(this.otherTabsTimer);
    this.otherTabs.textContent = '';
    this.otherTabs.hidden = count === 0;
    if (count === 0) return;
    // Filled a moment after it shows, so that the alert is read.
    this.otherTabsTimer = window.setTimeout(() => {
      this.otherTabs.textContent =
        'This test is also open in another tab or window. Each one saves its own answers, and the last one saved counts, so they can overwrite each other. Close the other one and go on here.';
    }, 60);
  }

  focusSection(): void {
    focusHeading(this.sections[this.current]?.heading);
  }

  showProgress(index: number, answered: number, total: number): void {
    const parts = this.sections[index];
    if (parts) parts.progress.textContent = `${answered}/${total} answered`;
  }

  /** Each question answered or not, for the navigators. */
  showAnswered(isAnswered: (question: CandidateQuestion) => boolean): void {
    for (const parts of this.sections) parts.navigator.showAnswered(isAnswered);
  }

  /** No more edits: the attempt is being submitted. */
  lock(locked: boolean): void {
    this.main.inert = locked;
    this.topBar.lock(locked);
    for (const parts of this.sections) for (const question of parts.questions) question.lock(locked);
  }
}
