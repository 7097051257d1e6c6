import type { CandidateQuestion, CandidateSection, CandidateSession } from '@assay/domain';
import { AnswerSync, type SaveState } from './answer-sync.js';
import { ApiError, CandidateApi, type AnswerBody, type RunResult } from './api.js';
import { describeCountdown, formatCountdown, ServerClock } from './clock.js';
import { createCodeEditor, type CodeEditor } from './editor.js';
import { focusHeading, formatMinutes, formatNumber, h, plural, replaceChildren, richText, safeHttpUrl, storage } from './dom.js';
import { Camera, FocusWatcher, type CameraState } from './proctoring.js';
import { accessWindow, errorView, loadingView, sectionSummaryList } from './views.js';

const WARN_AT_MS = 5 * 60_000;
const URGENT_AT_MS = 60_000;
const CODE_SAVE_DELAY_MS = 600;
const REDIRECT_AFTER_MS = 3_000;
const CAMERA_WAIT_MS = 20_000;

type FinishReason = 'submitted' | 'timeUp' | 'alreadyCompleted';

/** The value of one answer as the page holds it. */
type Answer = { kind: 'choice'; optionIds: number[] } | { kind: 'code'; code: string };

const isAnswered = (question: CandidateQuestion, answer: Answer | undefined): boolean => {
  if (!answer) return false;
  if (answer.kind === 'choice') return answer.optionIds.length > 0;
  const code = answer.code.trim();
  return code !== '' && code !== (question.starterCode ?? '').trim();
};

const toBody = (answer: Answer): AnswerBody => (answer.kind === 'choice' ? { optionIds: answer.optionIds } : { code: answer.code });

const fromBody = (question: CandidateQuestion, body: { optionIds?: number[]; code?: string }): Answer | undefined => {
  if (question.type === 'coding') return typeof body.code === 'string' ? { kind: 'code', code: body.code } : undefined;
  return Array.isArray(body.optionIds) ? { kind: 'choice', optionIds: body.optionIds.filter((id) => Number.isInteger(id)) } : undefined;
};

const json = (value: unknown): string => {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** The questions of a section: present once the attempt runs (the landing page has counts only). */
const questionsOf = (section: CandidateSection): CandidateQuestion[] => section.questions ?? [];

const sectionTypeLabel = (section: CandidateSection): string =>
  section.sectionType === 'Coding Questions' ? 'Coding' : 'Multiple choice';

/** The take-test page: landing, the test itself, and the end. */
export class TestPage {
  private readonly api: CandidateApi;
  private readonly clock = new ServerClock();
  private readonly answersKey: string;
  private readonly sectionKey: string;
  private session: CandidateSession | null = null;
  private camera: Camera | null = null;

  // The running test; set by showTest.
  private sync: AnswerSync | null = null;
  private watcher: FocusWatcher | null = null;
  private tickTimer: number | undefined;
  private answers = new Map<string, Answer>();
  /** "Question 3" by question id, for the finish page to name answers that could not be saved. */
  private questionLabels = new Map<string, string>();
  private editors = new Map<string, CodeEditor>();
  private sectionIndex = 0;
  private warned: 'none' | 'warn' | 'urgent' = 'none';
  private finishing = false;
  private finished = false;
  private refreshing = false;

  constructor(
    private readonly root: HTMLElement,
    token: string,
  ) {
    this.api = new CandidateApi(token);
    this.answersKey = `assay.answers.${token}`;
    this.sectionKey = `assay.section.${token}`;
  }

  async boot(): Promise<void> {
    replaceChildren(this.root, loadingView('Loading your test…'));
    let session: CandidateSession;
    try {
      session = await this.synced(() => this.api.session());
    } catch (error) {
      this.showError('We could not load your test', error);
      return;
    }
    this.route(session);
  }

  /** Calls the API and sets the clock from the session's `serverTime`. */
  private async synced(request: () => Promise<CandidateSession>): Promise<CandidateSession> {
    const sentAt = Date.now();
    const session = await request();
    this.clock.sync(session.serverTime, sentAt, Date.now());
    this.session = session;
    return session;
  }

  private route(session: CandidateSession): void {
    document.title = `${session.test.testName} · Assay`;
    switch (session.state) {
      case 'In progress':
        this.showTest(session);
        break;
      case 'Completed':
        this.forgetLocal();
        this.showFinished(session, 'alreadyCompleted');
        break;
      case 'Cancelled':
        this.forgetLocal();
        this.showCancelled(session);
        break;
      default:
        // Pending, or Reset by the organiser: nothing from an earlier attempt may come back.
        this.forgetLocal();
        this.showLanding(session);
    }
  }

  /** Nothing of an attempt that is over stays in this browser. */
  private forgetLocal(): void {
    AnswerSync.clearLocal(this.answersKey);
    storage.remove(this.sectionKey);
  }

  private showError(title: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof ApiError) || error.retryable;
    replaceChildren(this.root, errorView(title, message, retryable ? () => void this.boot() : undefined));
    focusHeading(this.root.querySelector('h1'));
  }

  // ---------------------------------------------------------------------------------------------- landing

  private showLanding(session: CandidateSession): void {
    const { test, access, candidate } = session;
    const open = access.verdict === 'open';
    const hasNegative = test.negativeMarking;
    const hasCoding = test.sections.some((section) => section.sectionType === 'Coding Questions');

    const message = h('div', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status', hidden: open }, access.message ?? '');
    const startButton = h('button', { type: 'button', class: 'button button-primary button-large', 'data-testid': 'start-button', disabled: !open }, 'Start the test');
    startButton.addEventListener('click', () => void this.start(startButton, message));

    const rules = [
      `The test takes ${formatMinutes(test.duration)}. The timer starts when you press Start and keeps running if you close the page; it is shown at the top of the screen.`,
      test.sections.length > 1
        ? `The questions are in ${test.sections.length} sections. You see one section at a time and can move between sections until the time is up.`
        : 'You see the questions one section at a time.',
      'Your answers are saved automatically as you go. If the connection drops, they are kept in this browser and sent when it is back.',
      'When the time is up, your answers are submitted automatically.',
      'Stay on this page: leaving the tab or the window is recorded.',
      session.imageProctoring
        ? 'This test uses your camera: your browser will ask for permission, and a photo is taken when you start and every minute after.'
        : null,
      hasCoding ? 'Coding questions are answered in JavaScript. You can run the sample tests as often as you like.' : null,
      hasNegative ? 'Some questions take marks off for a wrong answer: leave a question unanswered if you are not sure.' : null,
    ];

    const view = h(
      'main',
      { class: 'page', id: 'main' },
      h(
        'div',
        { class: 'card landing' },
        h('p', { class: 'eyebrow' }, 'Online assessment'),
        h('h1', { tabindex: '-1' }, test.testName),
        candidate.fullName ? h('p', { class: 'greeting' }, `Hello ${candidate.fullName}.`) : null,
        test.description ? h('p', { class: 'description' }, test.description) : null,
        h(
          'dl',
          { class: 'facts' },
          h('div', null, h('dt', null, 'Duration'), h('dd', null, formatMinutes(test.duration))),
          h('div', null, h('dt', null, 'Questions'), h('dd', null, String(test.questions))),
          h('div', null, h('dt', null, 'Sections'), h('dd', null, String(test.sections.length))),
        ),
        test.sections.length > 0
          ? [
              h('h2', null, 'Sections'),
              sectionSummaryList(
                test.sections.map((section) => ({
                  name: section.sectionName,
                  type: section.sectionType,
                  questions: section.questionCount,
                  duration: section.duration,
                })),
                test.sections.some((section) => section.questionCount > 0),
              ),
            ]
          : null,
        h('h2', null, 'Before you start'),
        h('ul', { class: 'rules' }, rules.filter((rule): rule is string => rule !== null).map((rule) => h('li', null, rule))),
        access.testAccessTime ? [h('h2', null, 'When you can take it'), accessWindow(access.testAccessTime, access.timeZone)] : null,
        message,
        h('div', { class: 'actions' }, startButton),
      ),
    );
    replaceChildren(this.root, view);
    window.scrollTo({ top: 0 });
    focusHeading(view.querySelector('h1'));
  }

  private async start(button: HTMLButtonElement, message: HTMLElement): Promise<void> {
    if (!this.session) return;
    button.disabled = true;
    button.textContent = 'Starting…';
    message.hidden = true;
    if (this.session.imageProctoring) {
      // Ask before the clock runs. Someone who ignores the browser's question starts anyway after a while;
      // the test page then shows that the camera is off.
      button.textContent = 'Waiting for camera permission…';
      await Promise.race([this.ensureCamera().start(), new Promise((resolve) => window.setTimeout(resolve, CAMERA_WAIT_MS))]);
      button.textContent = 'Starting…';
    }
    try {
      const session = await this.synced(() => this.api.start());
      this.route(session);
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(String(error), null, 0);
      message.textContent = failure.message;
      message.hidden = false;
      button.textContent = 'Start the test';
      button.disabled = !failure.retryable;
      message.focus?.();
    }
  }

  // ---------------------------------------------------------------------------------------------- the test

  private ensureCamera(): Camera {
    this.camera ??= new Camera(this.api, (state) => this.renderCamera(state));
    return this.camera;
  }

  private showTest(session: CandidateSession): void {
    const sections = session.test.sections;
    const questions = sections.flatMap(questionsOf);
    this.questionLabels = new Map(questions.map((question, index) => [String(question.questionId), `Question ${index + 1}`]));

    // Restore: the server's answers, unless this browser holds a newer edit it never managed to send.
    const local = AnswerSync.readLocal(this.answersKey);
    AnswerSync.clearLocal(this.answersKey);
    const startedAt = session.startedAt ? Date.parse(session.startedAt) : Number.NEGATIVE_INFINITY;
    const resend: { questionId: string; body: AnswerBody; editedAt: number }[] = [];
    this.answers = new Map();
    for (const question of questions) {
      const saved = session.answers[String(question.questionId)];
      const mine = local[String(question.questionId)];
      const savedAt = saved ? Date.parse(saved.savedAt) : Number.NEGATIVE_INFINITY;
      const localAnswer = mine ? fromBody(question, mine.body as { optionIds?: number[]; code?: string }) : undefined;
      // Newer than the server's copy, and made in this attempt (not one since reset).
      if (mine && localAnswer && Number.isFinite(mine.editedAt) && mine.editedAt > savedAt && mine.editedAt >= startedAt) {
        this.answers.set(String(question.questionId), localAnswer);
        resend.push({ questionId: String(question.questionId), body: toBody(localAnswer), editedAt: mine.editedAt });
      } else if (saved) {
        const answer = fromBody(question, saved);
        if (answer) this.answers.set(String(question.questionId), answer);
      }
    }

    this.sync?.stop(false);
    this.sync = new AnswerSync(
      this.api,
      this.clock,
      this.answersKey,
      (state, detail) => this.renderSaveState(state, detail),
      () => void this.refresh(),
    );

    const stored = Number(storage.get(this.sectionKey));
    this.sectionIndex = Number.isInteger(stored) && stored >= 0 && stored < sections.length ? stored : 0;

    const view = this.buildTestView(session, questions.length);
    replaceChildren(this.root, view);
    for (const { questionId, body, editedAt } of resend) this.sync.set(questionId, body, { editedAt });
    this.showSection(this.sectionIndex, false);
    window.scrollTo({ top: 0 });
    focusHeading(this.root.querySelector<HTMLElement>('.section-panel:not([hidden]) h2'));

    this.watcher?.stop();
    this.watcher = new FocusWatcher(this.api, this.clock, (awayMs) => {
      if (awayMs > 20_000) void this.refresh();
    });
    this.watcher.start();
    if (session.imageProctoring) {
      const camera = this.ensureCamera();
      this.renderCamera(camera.state);
      if (camera.state === 'off') void camera.start();
      camera.startSnapshots();
    }
    this.tick();
    window.clearInterval(this.tickTimer);
    this.tickTimer = window.setInterval(() => this.tick(), 500);
  }

  private buildTestView(session: CandidateSession, questionCount: number): HTMLElement {
    const sections = session.test.sections;
    const topbar = h(
      'header',
      { class: 'topbar' },
      h(
        'div',
        { class: 'topbar-inner' },
        h('p', { class: 'topbar-title' }, session.test.testName),
        h(
          'div',
          { class: 'topbar-status' },
          h('span', { class: 'save-status state-idle', 'data-testid': 'save-status', role: 'status', 'aria-live': 'polite' }, 'Answers save automatically'),
        ),
        h(
          'div',
          { class: 'timer', role: 'timer', 'aria-label': 'Time left' },
          h('span', { class: 'timer-label', 'aria-hidden': 'true' }, 'Time left'),
          h('span', { class: 'timer-value', 'data-testid': 'timer' }, session.deadline ? '' : '—'),
        ),
        h('button', { type: 'button', class: 'button button-primary topbar-submit', 'data-testid': 'submit-button', onclick: () => this.confirmSubmit() }, 'Submit test'),
      ),
    );

    const tabs = h(
      'nav',
      { class: 'section-tabs', 'aria-label': 'Sections' },
      h(
        'ol',
        null,
        sections.map((section, index) =>
          h(
            'li',
            null,
            h(
              'button',
              { type: 'button', class: 'section-tab', 'data-testid': `section-tab-${index}`, 'data-index': String(index), onclick: () => this.showSection(index) },
              h('span', { class: 'section-tab-number' }, `Section ${index + 1}`),
              h('span', { class: 'section-tab-name' }, section.sectionName),
              h('span', { class: 'section-tab-progress' }, ''),
            ),
          ),
        ),
      ),
    );

    let number = 0;
    const panels = sections.map((section, index) =>
      h(
        'section',
        { class: 'section-panel', 'data-index': String(index), 'aria-labelledby': `section-title-${index}`, hidden: true },
        h(
          'div',
          { class: 'section-head' },
          h('h2', { id: `section-title-${index}`, tabindex: '-1' }, section.sectionName),
          h(
            'p',
            { class: 'section-meta' },
            [sectionTypeLabel(section), plural(questionsOf(section).length, 'question'), section.duration > 0 ? `about ${formatMinutes(section.duration)}` : null]
              .filter(Boolean)
              .join(' · '),
          ),
        ),
        questionsOf(section).length === 0 ? h('p', { class: 'muted' }, 'This section has no questions.') : null,
        questionsOf(section).map((question) => this.buildQuestion(question, ++number)),
      ),
    );

    const sectionNav = h(
      'div',
      { class: 'section-nav' },
      h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'prev-section', onclick: () => this.showSection(this.sectionIndex - 1) }, '← Previous section'),
      h('span', { class: 'section-position', 'aria-live': 'polite' }, ''),
      h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'next-section', onclick: () => this.showSection(this.sectionIndex + 1) }, 'Next section →'),
    );

    return h(
      'div',
      { class: 'test-view' },
      h('a', { class: 'skip-link', href: '#questions' }, 'Skip to the questions'),
      topbar,
      h(
        'main',
        { class: 'test-main', id: 'main' },
        h('div', { class: 'timer-warning', 'data-testid': 'timer-warning', role: 'alert', 'aria-live': 'assertive', hidden: true }),
        h('div', { class: 'camera-notice', 'data-testid': 'camera-message', role: 'status', hidden: true }),
        sections.length > 1 ? tabs : null,
        h('div', { id: 'questions', class: 'questions', tabindex: '-1' }, panels),
        questionCount === 0 ? h('p', { class: 'muted' }, 'This test has no questions.') : null,
        sections.length > 1 ? sectionNav : null,
        h('p', { class: 'end-hint muted', hidden: true }, 'This is the last section. When you are done, press Submit test at the top of the page.'),
      ),
      session.imageProctoring ? h('aside', { class: 'camera', 'aria-label': 'Camera', 'data-testid': 'camera-preview', hidden: true }) : null,
    );
  }

  private buildQuestion(question: CandidateQuestion, number: number): HTMLElement {
    const id = String(question.questionId);
    const titleId = `question-title-${id}`;
    const textId = `question-text-${id}`;
    const marks = [plural(Number(formatNumber(question.marks)), 'mark')];
    if (question.negativeMarks > 0) marks.push(`−${formatNumber(question.negativeMarks)} for a wrong answer`);
    const article = h(
      'article',
      { class: 'question', id: `question-${id}`, 'data-testid': `question-${id}`, 'data-type': question.type },
      h('div', { class: 'question-head' }, h('h3', { id: titleId, class: 'question-title' }, `Question ${number}`), h('span', { class: 'marks' }, marks.join(' · '))),
      h('div', { id: textId, class: 'question-text' }, richText(question.text)),
    );
    if (question.type === 'coding') article.append(this.buildCoding(question, number));
    else article.append(this.buildChoice(question, titleId, textId));
    return article;
  }

  private buildChoice(question: CandidateQuestion, titleId: string, textId: string): HTMLElement {
    const id = String(question.questionId);
    const single = question.type === 'single_choice';
    const current = this.answers.get(id);
    const selected = new Set(current?.kind === 'choice' ? current.optionIds : []);
    const inputs: HTMLInputElement[] = [];
    const onChange = () => {
      const optionIds = inputs.filter((input) => input.checked).map((input) => Number(input.value));
      this.answerChanged(question, { kind: 'choice', optionIds });
      clear.hidden = optionIds.length === 0;
    };
    const options = (question.options ?? []).map((option) => {
      const inputId = `option-${id}-${option.optionId}`;
      const input = h('input', {
        type: single ? 'radio' : 'checkbox',
        name: `answer-${id}`,
        id: inputId,
        value: String(option.optionId),
        'data-testid': `option-${id}-${option.optionId}`,
        checked: selected.has(option.optionId),
      });
      input.checked = selected.has(option.optionId);
      input.addEventListener('change', onChange);
      inputs.push(input);
      return h('label', { class: 'option', for: inputId }, input, h('span', { class: 'option-text' }, richText(option.text)));
    });
    const clear = h(
      'button',
      {
        type: 'button',
        class: 'link-button',
        'data-testid': `clear-${id}`,
        hidden: selected.size === 0,
        onclick: () => {
          for (const input of inputs) input.checked = false;
          onChange();
          inputs[0]?.focus();
        },
      },
      single ? 'Clear my answer' : 'Clear my answers',
    );
    return h(
      'fieldset',
      { class: 'options', 'aria-labelledby': `${titleId} ${textId}` },
      h('p', { class: 'hint' }, single ? 'Choose one answer.' : 'Choose all the answers that apply.'),
      options,
      h('div', { class: 'options-footer' }, clear),
    );
  }

  private buildCoding(question: CandidateQuestion, number: number): HTMLElement {
    const id = String(question.questionId);
    const current = this.answers.get(id);
    const code = current?.kind === 'code' ? current.code : (question.starterCode ?? '');
    const fn = question.functionName ?? 'solution';
    const samples = question.sampleTests ?? [];
    const host = h('div', { class: 'code-editor', 'data-testid': `code-editor-${id}` });
    const results = h('div', { class: 'sample-results', 'data-testid': `sample-results-${id}`, 'aria-live': 'polite' });
    const runButton = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `run-samples-${id}` }, 'Run sample tests');
    const wrapper = h(
      'div',
      { class: 'coding' },
      h('p', { class: 'hint' }, 'Write a JavaScript function named ', h('code', null, fn), '. It is scored on hidden tests as well as the samples below.'),
      samples.length > 0
        ? h(
            'div',
            { class: 'samples' },
            h('p', { class: 'samples-title' }, 'Sample tests'),
            h(
              'ul',
              null,
              samples.map((sample) =>
                h('li', null, h('code', null, `${fn}(${sample.args.map(json).join(', ')})`), ' should return ', h('code', null, json(sample.expected))),
              ),
            ),
          )
        : null,
      host,
      h('p', { class: 'hint hint-small' }, 'Tab indents. To leave the editor with the keyboard, press Esc, then Tab.'),
      h('div', { class: 'run-row' }, runButton),
      results,
    );
    const editor = createCodeEditor(host, {
      code,
      label: `Your code for question ${number}`,
      onChange: (value) => this.answerChanged(question, { kind: 'code', code: value }, CODE_SAVE_DELAY_MS),
    });
    this.editors.set(id, editor);
    runButton.addEventListener('click', () => void this.runSamples(question, editor, runButton, results));
    return wrapper;
  }

  private async runSamples(question: CandidateQuestion, editor: CodeEditor, button: HTMLButtonElement, results: HTMLElement): Promise<void> {
    const fn = question.functionName ?? 'solution';
    button.disabled = true;
    button.textContent = 'Running…';
    replaceChildren(results, h('p', { class: 'muted' }, 'Running the sample tests…'));
    let outcome: RunResult;
    try {
      outcome = await this.api.run(String(question.questionId), editor.getCode());
    } catch (error) {
      replaceChildren(results, h('p', { class: 'notice notice-error' }, error instanceof Error ? error.message : String(error)));
      return;
    } finally {
      button.disabled = false;
      button.textContent = 'Run sample tests';
    }
    const passed = outcome.results.filter((result) => result.passed).length;
    const total = outcome.results.length;
    replaceChildren(
      results,
      h(
        'p',
        { class: `run-summary ${passed === total ? 'run-all-passed' : 'run-some-failed'}` },
        total === 0 ? 'There are no sample tests for this question.' : `${passed} of ${plural(total, 'sample test')} passed.`,
      ),
      h(
        'ol',
        { class: 'cases' },
        outcome.results.map((result, index) =>
          h(
            'li',
            { class: `case ${result.passed ? 'case-passed' : 'case-failed'}`, 'data-testid': `sample-case-${String(question.questionId)}-${index}`, 'data-passed': String(result.passed) },
            h('span', { class: 'case-badge' }, result.passed ? '✓ Passed' : '✗ Failed'),
            h('code', { class: 'case-call' }, `${fn}(${result.args.map(json).join(', ')})`),
            h(
              'dl',
              { class: 'case-values' },
              h('div', null, h('dt', null, 'Expected'), h('dd', null, h('code', null, json(result.expected)))),
              result.error !== undefined
                ? h('div', null, h('dt', null, 'Error'), h('dd', { class: 'case-error' }, result.error))
                : h('div', null, h('dt', null, 'Got'), h('dd', null, h('code', null, json(result.actual)))),
            ),
          ),
        ),
      ),
    );
  }

  private answerChanged(question: CandidateQuestion, answer: Answer, debounceMs = 0): void {
    if (this.finishing) return;
    this.answers.set(String(question.questionId), answer);
    this.sync?.set(String(question.questionId), toBody(answer), { debounceMs });
    this.renderProgress();
  }

  private showSection(index: number, moveFocus = true): void {
    const sections = this.session?.test.sections ?? [];
    if (index < 0 || index >= sections.length) return;
    this.sectionIndex = index;
    storage.set(this.sectionKey, String(index));
    for (const panel of this.root.querySelectorAll<HTMLElement>('.section-panel')) panel.hidden = panel.dataset.index !== String(index);
    for (const tab of this.root.querySelectorAll<HTMLElement>('.section-tab')) {
      if (tab.dataset.index === String(index)) {
        tab.setAttribute('aria-current', 'step');
        tab.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      } else {
        tab.removeAttribute('aria-current');
      }
    }
    const prev = this.root.querySelector<HTMLButtonElement>('[data-testid="prev-section"]');
    const next = this.root.querySelector<HTMLButtonElement>('[data-testid="next-section"]');
    if (prev) prev.disabled = index === 0;
    if (next) next.disabled = index === sections.length - 1;
    const position = this.root.querySelector('.section-position');
    if (position) position.textContent = `Section ${index + 1} of ${sections.length}`;
    const endHint = this.root.querySelector<HTMLElement>('.end-hint');
    if (endHint) endHint.hidden = index !== sections.length - 1;
    this.renderProgress();
    if (moveFocus) {
      window.scrollTo({ top: 0 });
      focusHeading(this.root.querySelector<HTMLElement>(`#section-title-${index}`));
    }
  }

  private renderProgress(): void {
    const sections = this.session?.test.sections ?? [];
    sections.forEach((section, index) => {
      const answered = questionsOf(section).filter((question) => isAnswered(question, this.answers.get(String(question.questionId)))).length;
      const progress = this.root.querySelector(`[data-testid="section-tab-${index}"] .section-tab-progress`);
      if (progress) progress.textContent = `${answered}/${questionsOf(section).length} answered`;
    });
  }

  private renderSaveState(state: SaveState, detail: { unsaved: number; message: string | null }): void {
    const element = this.root.querySelector<HTMLElement>('[data-testid="save-status"]');
    if (!element) return;
    const text: Record<SaveState, string> = {
      idle: 'Answers save automatically',
      saving: 'Saving…',
      saved: 'Saved',
      offline: 'Offline — will retry',
      rejected: `Not saved: ${detail.message ?? 'the server refused the answer'}`,
    };
    element.className = `save-status state-${state}`;
    element.title = detail.unsaved > 0 ? `${plural(detail.unsaved, 'answer')} not saved yet` : '';
    if (element.textContent !== text[state]) element.textContent = text[state];
  }

  private renderCamera(state: CameraState): void {
    const aside = this.root.querySelector<HTMLElement>('[data-testid="camera-preview"]');
    const notice = this.root.querySelector<HTMLElement>('[data-testid="camera-message"]');
    if (aside && this.camera) {
      aside.hidden = state !== 'on' && state !== 'starting';
      if (state === 'on' || state === 'starting') {
        if (!aside.contains(this.camera.video)) replaceChildren(aside, this.camera.video, h('p', { class: 'camera-caption' }, ''));
        const caption = aside.querySelector('.camera-caption');
        if (caption) caption.textContent = state === 'on' ? 'Camera on · a photo every minute' : 'Starting the camera…';
      }
    }
    if (!notice) return;
    const retry = h('button', { type: 'button', class: 'button button-secondary button-small', onclick: () => void this.camera?.start() }, 'Try again');
    if (state === 'denied') {
      notice.className = 'camera-notice notice notice-warn';
      replaceChildren(
        notice,
        h('strong', null, 'Camera access was refused. '),
        'This test asks for your camera. No photos are being taken, and this is recorded with your test. ',
        'You can go on with the test, or allow the camera in your browser’s site settings and try again. ',
        retry,
      );
      notice.hidden = false;
    } else if (state === 'unavailable') {
      notice.className = 'camera-notice notice notice-warn';
      replaceChildren(
        notice,
        h('strong', null, 'No camera could be used. '),
        'This test asks for your camera, but none was found or the browser does not allow it here. No photos are being taken, and this is recorded with your test. You can go on with the test. ',
        retry,
      );
      notice.hidden = false;
    } else {
      notice.hidden = true;
    }
  }

  // ---------------------------------------------------------------------------------------------- the clock

  private remainingMs(): number | null {
    const deadline = this.session?.deadline ? Date.parse(this.session.deadline) : Number.NaN;
    return Number.isFinite(deadline) ? deadline - this.clock.now() : null;
  }

  private tick(): void {
    const remaining = this.remainingMs();
    if (remaining === null || this.finished) return;
    const value = this.root.querySelector<HTMLElement>('[data-testid="timer"]');
    const timer = value?.parentElement;
    if (value) {
      const text = formatCountdown(remaining);
      if (value.textContent !== text) value.textContent = text;
    }
    if (timer) {
      timer.setAttribute('aria-label', `Time left: ${describeCountdown(remaining)}`);
      timer.classList.toggle('timer-warn', remaining <= WARN_AT_MS && remaining > URGENT_AT_MS);
      timer.classList.toggle('timer-urgent', remaining <= URGENT_AT_MS);
    }
    const warning = this.root.querySelector<HTMLElement>('[data-testid="timer-warning"]');
    if (warning && remaining > 0) {
      if (remaining <= URGENT_AT_MS && this.warned !== 'urgent') {
        this.warned = 'urgent';
        warning.textContent = 'Less than a minute left. Your answers will be submitted automatically when the time is up.';
        warning.hidden = false;
      } else if (remaining <= WARN_AT_MS && this.warned === 'none') {
        this.warned = 'warn';
        warning.textContent = `${describeCountdown(remaining).replace(/ left$/, '')} left. Your answers will be submitted automatically when the time is up.`;
        warning.hidden = false;
      }
    }
    if (remaining <= 0) void this.submit('timeUp');
  }

  /** Checks the server's view: after a long absence, a refused save, or coming back online. */
  private async refresh(): Promise<void> {
    if (this.refreshing || this.finishing || this.finished) return;
    this.refreshing = true;
    try {
      const session = await this.synced(() => this.api.session());
      if (session.state !== 'In progress') {
        this.finish(session, session.deadline && Date.parse(session.deadline) <= this.clock.now() ? 'timeUp' : 'submitted');
      }
      this.tick();
    } catch {
      // Offline: the answer queue and the timer go on; the next refresh will tell.
    } finally {
      this.refreshing = false;
    }
  }

  // ---------------------------------------------------------------------------------------------- submitting

  private confirmSubmit(): void {
    if (this.finishing || !this.session) return;
    const sections = this.session.test.sections;
    const total = sections.reduce((sum, section) => sum + questionsOf(section).length, 0);
    const unansweredBySection = sections
      .map((section) => ({
        name: section.sectionName,
        count: questionsOf(section).filter((question) => !isAnswered(question, this.answers.get(String(question.questionId)))).length,
      }))
      .filter((entry) => entry.count > 0);
    const unanswered = unansweredBySection.reduce((sum, entry) => sum + entry.count, 0);

    const error = h('p', { class: 'notice notice-error', role: 'alert', hidden: true });
    const cancel = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'cancel-submit' }, 'Keep working');
    const confirm = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'confirm-submit' }, 'Submit test');
    const dialog = h(
      'dialog',
      { class: 'dialog', 'aria-labelledby': 'submit-title', 'aria-describedby': 'submit-summary' },
      h('h2', { id: 'submit-title' }, 'Submit your test?'),
      h(
        'p',
        { id: 'submit-summary', 'data-testid': 'submit-summary' },
        `You have answered ${total - unanswered} of ${plural(total, 'question')}.`,
        unanswered > 0 ? ` ${unanswered === 1 ? '1 question is' : `${unanswered} questions are`} unanswered.` : ' Every question has an answer.',
      ),
      unansweredBySection.length > 1 || (unansweredBySection.length === 1 && sections.length > 1)
        ? h('ul', { class: 'unanswered' }, unansweredBySection.map((entry) => h('li', null, `${entry.name}: ${entry.count} unanswered`)))
        : null,
      h('p', null, 'Once you submit, you cannot change your answers.'),
      error,
      h('div', { class: 'dialog-actions' }, cancel, confirm),
    );
    const close = () => {
      if (dialog.open) dialog.close();
      dialog.remove();
    };
    cancel.addEventListener('click', close);
    dialog.addEventListener('cancel', (event) => {
      if (this.finishing) event.preventDefault();
    });
    dialog.addEventListener('close', () => dialog.remove());
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      cancel.disabled = true;
      confirm.textContent = 'Submitting…';
      error.hidden = true;
      const failure = await this.submit('submitted');
      if (failure) {
        error.textContent = failure;
        error.hidden = false;
        confirm.disabled = false;
        cancel.disabled = false;
        confirm.textContent = 'Submit test';
      }
    });
    this.root.append(dialog);
    if (typeof dialog.showModal === 'function') {
      dialog.showModal();
      cancel.focus();
    } else {
      dialog.setAttribute('open', '');
      cancel.focus();
    }
  }

  /**
   * Sends what is unsaved, then submits. On time-up it keeps trying until the server answers; a candidate's
   * own submit reports a failure (the returned message) and lets them try again.
   */
  private async submit(reason: 'submitted' | 'timeUp'): Promise<string | null> {
    if (this.finishing) return null;
    this.finishing = true;
    this.lock(true);
    if (reason === 'timeUp') this.showTimeUpOverlay('Time is up. Submitting your answers…');
    await this.sync?.flush(reason === 'timeUp' ? 5_000 : 8_000);
    for (let attempt = 0; ; attempt++) {
      try {
        const session = await this.synced(() => this.api.submit());
        this.finish(session, reason);
        return null;
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError(String(error), null, 0);
        if (!failure.retryable) {
          // Already completed (time ran out on the server, or another tab submitted): show the end.
          const session = await this.synced(() => this.api.session()).catch(() => null);
          if (session && session.state !== 'In progress') {
            this.finish(session, reason);
            return null;
          }
        }
        if (reason === 'timeUp') {
          this.showTimeUpOverlay(
            failure.retryable ? 'Time is up. The connection was lost: still trying to submit your answers…' : `Time is up. ${failure.message}`,
          );
          await new Promise((resolve) => window.setTimeout(resolve, Math.min(15_000, 2_000 * (attempt + 1))));
          // Back online: answers made before the deadline go first; the server still takes them for a while.
          await this.sync?.flush(5_000);
          continue;
        }
        this.finishing = false;
        this.lock(false);
        return failure.retryable ? `${failure.message} Your answers are kept; please try again.` : failure.message;
      }
    }
  }

  private lock(locked: boolean): void {
    const main = this.root.querySelector<HTMLElement>('.test-main');
    if (main) main.inert = locked;
    for (const editor of this.editors.values()) editor.setReadOnly(locked);
    const submitButton = this.root.querySelector<HTMLButtonElement>('[data-testid="submit-button"]');
    if (submitButton) submitButton.disabled = locked;
  }

  private showTimeUpOverlay(text: string): void {
    let overlay = this.root.querySelector<HTMLElement>('.overlay');
    if (!overlay) {
      for (const dialog of this.root.querySelectorAll('dialog')) dialog.remove();
      overlay = h('div', { class: 'overlay', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'overlay-text' }, h('div', { class: 'overlay-box' }, h('p', { id: 'overlay-text', tabindex: '-1' }, '')));
      this.root.append(overlay);
    }
    const paragraph = overlay.querySelector<HTMLElement>('#overlay-text');
    if (paragraph) {
      paragraph.textContent = text;
      paragraph.focus();
    }
  }

  /** The attempt is over: stop everything that runs and show the end. */
  private finish(session: CandidateSession, reason: FinishReason): void {
    if (this.finished) return;
    this.finished = true;
    this.finishing = true;
    window.clearInterval(this.tickTimer);
    const notSaved = this.sync?.notSaved ?? [];
    this.sync?.stop(true);
    this.watcher?.stop();
    this.camera?.stop();
    storage.remove(this.sectionKey);
    this.showFinished(session, reason, notSaved);
  }

  /** `notSaved`: questions whose last edit never reached the server; the page says so instead of claiming all is in. */
  private showFinished(session: CandidateSession, reason: FinishReason, notSaved: string[] = []): void {
    const redirect = safeHttpUrl(session.redirectURL);
    const name = session.candidate.fullName;
    const complete: Record<FinishReason, string> = {
      submitted: 'Your answers have been submitted.',
      timeUp: 'Time is up, and your answers have been submitted.',
      alreadyCompleted: 'You have completed this test, and your answers have been submitted.',
    };
    const partial: Record<FinishReason, string> = {
      submitted: 'Your test has been submitted, but your last changes to some answers could not be saved:',
      timeUp: 'Time is up and your test has been submitted, but your last changes to some answers did not reach us in time:',
      alreadyCompleted: 'You have completed this test, but your last changes to some answers could not be saved:',
    };
    const lost = notSaved.map((id) => this.questionLabels.get(id) ?? `Question ${id}`);
    const lead =
      lost.length === 0
        ? h('p', { class: 'lead' }, complete[reason])
        : [
            h('p', { class: 'lead', 'data-testid': 'not-saved-message' }, partial[reason]),
            h('ul', { class: 'not-saved', 'data-testid': 'not-saved-list' }, lost.map((label) => h('li', null, label))),
            h('p', { class: 'muted' }, 'Earlier saved versions of these answers, if any, are the ones that count.'),
          ];
    const view = h(
      'main',
      { class: 'page', id: 'main' },
      h(
        'div',
        { class: 'card finish', 'data-testid': 'thank-you', 'data-reason': reason },
        h('div', { class: 'finish-mark', 'aria-hidden': 'true' }, '✓'),
        h('h1', { tabindex: '-1' }, name ? `Thank you, ${name}` : 'Thank you'),
        lead,
        h('p', { class: 'muted' }, session.test.testName),
        redirect && reason !== 'alreadyCompleted'
          ? [h('p', { role: 'status', 'data-testid': 'redirect-message' }, 'Redirecting you…'), h('p', null, h('a', { href: redirect }, 'Continue now'))]
          : redirect
            ? h('p', null, h('a', { href: redirect }, 'Continue'))
            : h('p', null, 'You can close this page now.'),
      ),
    );
    replaceChildren(this.root, view);
    window.scrollTo({ top: 0 });
    focusHeading(view.querySelector('h1'));
    if (redirect && reason !== 'alreadyCompleted') window.setTimeout(() => window.location.assign(redirect), REDIRECT_AFTER_MS);
  }

  private showCancelled(session: CandidateSession): void {
    const view = h(
      'main',
      { class: 'page', id: 'main' },
      h(
        'div',
        { class: 'card' },
        h('p', { class: 'eyebrow' }, session.test.testName),
        h('h1', { tabindex: '-1' }, 'This invitation has been cancelled'),
        h('p', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status' }, session.access.message ?? 'This invitation has been cancelled.'),
        h('p', { class: 'muted' }, 'If you think this is a mistake, please contact the person who invited you.'),
      ),
    );
    replaceChildren(this.root, view);
    window.scrollTo({ top: 0 });
    focusHeading(view.querySelector('h1'));
  }
}

