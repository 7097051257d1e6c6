import type { CandidateSession } from '@assay/domain/candidate';
import { h, isBusy, setBusy } from '../lib/dom.js';
import { formatTimeAllowed } from '../lib/format.js';
import { AccessNotice, hasEnded } from '../views/access-notice.js';
import { landingCard, type TestFacts } from '../views/landing-card.js';
import { framed, nextStepsWhenClosed } from '../views/who-is-asking.js';

/** The landing of an invitation, and what the start flow changes on it. */
export interface LandingView {
  readonly element: HTMLElement;
  /** The access verdict again (the window may have opened): the notice and the button follow it. */
  update(session: CandidateSession, now: number): void;
  /** The button says what the start waits for ("Starting…", "Waiting for camera permission…"); it keeps the focus. */
  starting(label: string): void;
  /** The start was refused or failed: the reason, focused, and the button again unless trying again cannot help. */
  startFailed(message: string, retryable: boolean): void;
}

/**
 * `now` is the server's clock. When the test cannot be started, why leads the page (in a live region), with
 * the window on the candidate's own clock; the page watches for the opening (test-page.ts) and `update`
 * enables Start by itself.
 */
export function landingView(session: CandidateSession, now: number, onStart: () => void): LandingView {
  const { test, candidate } = session;
  const notice = new AccessNotice();
  const failure = h('p', { class: 'notice notice-error', 'data-testid': 'start-error', role: 'alert', tabindex: '-1', hidden: true });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'button button-primary button-large',
      'data-testid': 'start-button',
      onclick: () => {
        if (!isBusy(button)) onStart();
      },
    },
    'Start the test',
  );
  // Shown once the test cannot be taken any more: what to do then.
  const nextSteps = nextStepsWhenClosed(session.org, 'invitation');
  const card = landingCard(testFacts(session), {
    notice: [notice.element, nextSteps],
    intro: [
      candidate.fullName ? h('p', { class: 'greeting' }, `Hello ${candidate.fullName}.`) : null,
      test.description ? h('p', { class: 'description' }, test.description) : null,
    ],
    rules: [
      h('h2', null, 'Before you start'),
      h(
        'ul',
        { class: 'rules' },
        rules(session).map((rule) => h('li', null, rule)),
      ),
    ],
    footer: [failure, h('div', { class: 'actions' }, button)],
  });
  const element = framed(session.org, card);
  let open = session.access.verdict === 'open';
  const show = (next: CandidateSession, at: number, initial: boolean) => {
    const nowOpen = next.access.verdict === 'open';
    button.disabled = !nowOpen;
    nextSteps.hidden = !hasEnded(next.access.verdict);
    if (nowOpen && !open && !initial) notice.opened('The test is open now. You can start when you are ready.');
    else if (!nowOpen) notice.show(next.access.verdict, next.access.message, next.access.testAccessTime, at, 'the Start button below is enabled');
    open = nowOpen;
  };
  show(session, now, true);
  return {
    element,
    update: (next, at) => show(next, at, false),
    starting(label) {
      setBusy(button, true, label);
      failure.hidden = true;
    },
    startFailed(text, retryable) {
      failure.textContent = text;
      failure.hidden = false;
      setBusy(button, false, 'Start the test');
      button.disabled = !retryable;
      failure.focus();
    },
  };
}

const testFacts = ({ test, access }: CandidateSession): TestFacts => {
  // Before the start the server may not say how many questions a section has (0 everywhere): then no counts.
  const counted = test.sections.some((section) => section.questionCount > 0);
  return {
    testName: test.testName,
    duration: test.duration,
    extraTimePercent: test.extraTimePercent,
    allowedSeconds: test.allowedSeconds,
    questions: test.questions,
    sections: test.sections.map((section) => ({
      name: section.sectionName,
      type: section.sectionType,
      questions: counted ? section.questionCount : null,
      duration: section.duration,
    })),
    accessTime: access.testAccessTime,
    timeZone: access.timeZone,
  };
};

const rules = ({ test, imageProctoring }: CandidateSession): string[] =>
  [
    `The test takes ${formatTimeAllowed(test)}. The timer starts when you press Start and keeps running if you close the page; it is shown at the top of the screen.`,
    test.sections.length > 1
      ? `The questions are in ${test.sections.length} sections. You see one section at a time and can move between sections until the time is up.`
      : 'You see the questions one section at a time.',
    'Your answers are saved automatically as you go. If the connection drops, they are kept in this browser and sent when it is back.',
    'When the time is up, your answers are submitted automatically.',
    'Stay on this page: leaving the tab or the window is recorded.',
    imageProctoring ? 'This test uses your camera: your browser will ask for permission, and a photo is taken when you start and every minute after.' : null,
    test.sections.some((section) => section.sectionType === 'Coding Questions')
      ? 'In coding questions you write a function in the language the question names (some let you choose JavaScript, TypeScript or Python), and can run the sample tests as often as you like.'
      : null,
    test.negativeMarking ? 'Some questions take marks off for a wrong answer: leave a question unanswered if you are not sure.' : null,
  ].filter((rule): rule is string => rule !== null);
