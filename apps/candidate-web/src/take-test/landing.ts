import type { CandidateSession } from '@assay/domain';
import { h } from '../lib/dom.js';
import { formatMinutes } from '../lib/format.js';
import { landingCard, type TestFacts } from '../views/landing-card.js';

/** The landing of an invitation, and what the start flow changes on it. */
export interface LandingView {
  readonly element: HTMLElement;
  /** The button says what the start waits for ("Starting…", "Waiting for camera permission…"). */
  starting(label: string): void;
  /** The start was refused or failed: the reason, and the button again unless trying again cannot help. */
  startFailed(message: string, retryable: boolean): void;
}

export function landingView(session: CandidateSession, onStart: () => void): LandingView {
  const { test, access, candidate } = session;
  const open = access.verdict === 'open';
  const message = h('div', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status', hidden: open }, access.message ?? '');
  const button = h(
    'button',
    { type: 'button', class: 'button button-primary button-large', 'data-testid': 'start-button', disabled: !open, onclick: onStart },
    'Start the test',
  );
  const element = landingCard(testFacts(session), {
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
    footer: [message, h('div', { class: 'actions' }, button)],
  });
  return {
    element,
    starting(label) {
      button.disabled = true;
      button.textContent = label;
      message.hidden = true;
    },
    startFailed(text, retryable) {
      message.textContent = text;
      message.hidden = false;
      button.textContent = 'Start the test';
      button.disabled = !retryable;
      message.focus?.();
    },
  };
}

const testFacts = ({ test, access }: CandidateSession): TestFacts => {
  // Before the start the server may not say how many questions a section has (0 everywhere): then no counts.
  const counted = test.sections.some((section) => section.questionCount > 0);
  return {
    testName: test.testName,
    duration: test.duration,
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
    `The test takes ${formatMinutes(test.duration)}. The timer starts when you press Start and keeps running if you close the page; it is shown at the top of the screen.`,
    test.sections.length > 1
      ? `The questions are in ${test.sections.length} sections. You see one section at a time and can move between sections until the time is up.`
      : 'You see the questions one section at a time.',
    'Your answers are saved automatically as you go. If the connection drops, they are kept in this browser and sent when it is back.',
    'When the time is up, your answers are submitted automatically.',
    'Stay on this page: leaving the tab or the window is recorded.',
    imageProctoring ? 'This test uses your camera: your browser will ask for permission, and a photo is taken when you start and every minute after.' : null,
    test.sections.some((section) => section.sectionType === 'Coding Questions')
      ? 'Coding questions are answered in JavaScript. You can run the sample tests as often as you like.'
      : null,
    test.negativeMarking ? 'Some questions take marks off for a wrong answer: leave a question unanswered if you are not sure.' : null,
  ].filter((rule): rule is string => rule !== null);
