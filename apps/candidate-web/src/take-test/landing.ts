import type { CandidateSession } from '@assay/domain/candidate';
import { h, isBusy, setBusy } from '../lib/dom.js';
import type { Camera, CameraState } from '../proctoring/camera.js';
import { AccessNotice, hasEnded } from '../views/access-notice.js';
import { landingCard, type TestFacts } from '../views/landing-card.js';
import { framed, nextStepsWhenClosed } from '../views/who-is-asking.js';
import { aiNoticeSection } from './ai-notice-view.js';
import { dataNoticeSection } from './data-notice-view.js';
import { invitationDeadlineWords, landingConditions, landingRules } from './landing-rules.js';
import { practiceQuestion } from './practice-question.js';
import { cameraFailed, SystemCheck } from './system-check.js';

/** The landing of an invitation, and what the start flow changes on it. */
export interface LandingView {
  readonly element: HTMLElement;
  /** The access verdict again (the window may have opened): the notice and the button follow it. */
  update(session: CandidateSession, now: number): void;
  /** The button says what the start waits for ("Starting…", "Waiting for camera permission…"); it keeps the focus. */
  starting(label: string): void;
  /** The start was refused or failed: the reason, focused, and the button again unless trying again cannot help. */
  startFailed(message: string, retryable: boolean): void;
  /** The camera's state changed (the check, or the start asking for it). */
  showCamera(state: CameraState, camera: Camera): void;
  /** The start asked for the camera and got none: back to the landing, the check saying why, Start offered without it. */
  cameraUnavailable(): void;
}

/**
 * `now` is the server's clock. When the test cannot be started, why leads the page (in a live region), with
 * the window on the candidate's own clock; the page watches for the opening (landing-stage.ts) and `update`
 * enables Start by itself.
 */
export function landingView(
  session: CandidateSession,
  now: number,
  /**
   * `withoutCamera`: the candidate chose to start although the camera cannot be used (decision 663);
   * `aiNoticeAcknowledged`: the AI notice was shown and, where asked, ticked (decision 1181).
   */
  onStart: (withoutCamera: boolean, aiNoticeAcknowledged: boolean) => void,
  /** The practice coding question's runs (the attempt's run routes, under its own id). */
  runs: Parameters<typeof practiceQuestion>[1],
  camera?: () => Camera,
): LandingView {
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
        if (!isBusy(button) && (aiNotice?.ready() ?? true)) onStart(withoutCamera, aiNotice?.shown ?? false);
      },
    },
    'Start the test',
  );
  // The AI notice's acknowledgment holds Start back, like a window not open yet.
  const aiNotice = aiNoticeSection(session, () => enableStart());
  // A test that uses the camera is checked before the clock starts; Start goes without it only once it failed.
  const check = session.imageProctoring && camera ? new SystemCheck(camera) : null;
  let withoutCamera = false;
  const startLabel = () => (withoutCamera ? 'Start without camera' : 'Start the test');
  // An invitation made without instructions (decision 986) keeps the facts, the data notice and the deadline only.
  const instructions = session.hideInstructions !== true;
  const practice = practiceQuestion(session, runs);
  // Shown once the test cannot be taken any more: what to do then.
  const nextSteps = nextStepsWhenClosed(session.org, 'invitation');
  const deadline = invitationDeadlineWords(session);
  // The invitation's own deadline (issue 48): hidden with the Start button once the test cannot be taken.
  const deadlineLine = deadline ? h('p', { class: 'invitation-deadline', 'data-testid': 'invitation-deadline' }, deadline) : null;
  const card = landingCard(testFacts(session), {
    notice: [notice.element, nextSteps],
    intro: [
      candidate.fullName ? h('p', { class: 'greeting' }, `Hello ${candidate.fullName}.`) : null,
      test.description ? h('p', { class: 'description' }, test.description) : null,
      deadlineLine,
    ],
    rules: [
      instructions ? h('h2', null, 'Before you start') : null,
      instructions
        ? h(
            'ul',
            { class: 'rules', 'data-testid': 'landing-rules' },
            landingRules(session).map((rule) => h('li', null, rule)),
          )
        : conditionsOnly(session),
      aiNotice?.element,
      // A preview records nothing (decision 1492): its banner says so, and there is no data to notify about.
      session.preview ? null : dataNoticeSection(session),
    ],
    footer: [instructions ? practice : null, check?.element, failure, h('div', { class: 'actions' }, button)],
  });
  const element = framed(session.org, card);
  let open = session.access.verdict === 'open';
  const enableStart = () => {
    button.disabled = !open || !(aiNotice?.ready() ?? true);
  };
  const show = (next: CandidateSession, at: number, initial: boolean) => {
    const nowOpen = next.access.verdict === 'open';
    nextSteps.hidden = !hasEnded(next.access.verdict);
    if (deadlineLine) deadlineLine.hidden = hasEnded(next.access.verdict);
    practice.hidden = hasEnded(next.access.verdict);
    if (check) check.element.hidden = hasEnded(next.access.verdict);
    if (nowOpen && !open && !initial) notice.opened('The test is open now. You can start when you are ready.');
    else if (!nowOpen)
      notice.show(next.access.verdict, next.access.message, next.access.testAccessTime, at, 'the Start button below is enabled', opensAtOf(next));
    open = nowOpen;
    enableStart();
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
      setBusy(button, false, startLabel());
      button.disabled = !retryable;
      failure.focus();
    },
    showCamera(state, current) {
      check?.show(state, current);
      withoutCamera = cameraFailed(state);
      if (!isBusy(button)) button.textContent = startLabel();
    },
    cameraUnavailable() {
      withoutCamera = true;
      setBusy(button, false, startLabel());
      check?.focus();
    },
  };
}

/** Without instructions (decision 986) the rules that limit or end the test are still said (decision 1121). */
const conditionsOnly = (session: CandidateSession): HTMLElement[] | null => {
  const conditions = landingConditions(session);
  if (conditions.length === 0) return null;
  return [
    h('h2', null, 'Rules of this test'),
    h(
      'ul',
      { class: 'rules', 'data-testid': 'landing-conditions' },
      conditions.map((rule) => h('li', null, rule)),
    ),
  ];
};

/** The invitation's own opening (a v3 invite's start, decision 1024), as an instant; null when it opened at once. */
export const opensAtOf = (session: CandidateSession): number | null => {
  const at = session.invitationOpensAt ? Date.parse(session.invitationOpensAt) : Number.NaN;
  return Number.isFinite(at) ? at : null;
};

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
