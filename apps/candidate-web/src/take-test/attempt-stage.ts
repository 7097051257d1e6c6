import type { CandidateQuestion, CandidateSession } from '@assay/domain/candidate';
import { AssistantBudget } from './assistant-budget.js';
import { answerKey, answeredCount, countedAnswers, isAnswered, questionsOf, restoreAnswers, toBody, type Answer, type Answers } from '../answers.js';
import { replaceChildren } from '../lib/dom.js';
import { setPageTitle } from '../lib/page-title.js';
import { AnswerSync } from './answer-sync.js';
import { ClipboardGuard } from './clipboard-guard.js';
import { prefetchEditor } from './editor-loader.js';
import type { LocalAttempt } from './local-attempt.js';
import { allows } from './phase.js';
import { QuestionSignals } from './question-signals.js';
import type { QuestionContext } from './question-context.js';
import { questionView } from './question-view.js';
import { SectionEndPopup } from './section-end-popup.js';
import type { RefusedAnswer } from './submit-dialog.js';
import type { TestPageState } from './test-page-state.js';
import { TestView } from './test-view.js';

/** What the attempt on screen asks of the page. */
export interface AttemptHooks {
  /** Ask the server whether the attempt still runs: a save refused because it is over (or gone). */
  refresh(): void;
  /** The candidate pressed Submit. */
  confirmSubmit(): void;
}

/**
 * The attempt on screen: the test view, the answers and their saving, the section shown and the progress, and what
 * the page tells the server of each question and section. One per page; `show` builds the view for a running attempt.
 */
export class AttemptStage {
  private testView: TestView | null = null;
  private signals: QuestionSignals | null = null;
  private readonly clipboard = new ClipboardGuard();
  private sync: AnswerSync | null = null;
  private answers = new Map<string, Answer>();
  /** What each question shown wants to hear of its saves (a written answer shows the server's refusal under its box). */
  private saveWatchers = new Map<string, (refusal: string | null) => void>();
  /** "Question 3" by question id, for the Submit dialog and the finish page to name answers refused or not saved. */
  private questionLabels = new Map<string, string>();
  /** The attempt's assistant budget, shared by the panels (null: no assistant told by the server). */
  private assistantBudget: AssistantBudget | null = null;
  private sectionIndex = 0;
  /** The section last reported as viewed. */
  private viewedSection: number | undefined;

  constructor(
    private readonly state: TestPageState,
    private readonly local: LocalAttempt,
    private readonly hooks: AttemptHooks,
  ) {}

  /** The test view, once shown. */
  get view(): TestView | null {
    return this.testView;
  }

  /** Shows the test, with the answers as the server and this browser's offline copy have them, at the section shown last. */
  show(session: CandidateSession): TestView {
    const sections = session.test.sections;
    const questions = sections.flatMap(questionsOf);
    // The editor is fetched now, while the connection is known to work, not when a coding section first opens.
    if (questions.some((question) => question.type === 'coding')) prefetchEditor();
    this.questionLabels = new Map(questions.map((question, index) => [answerKey(question), `Question ${index + 1}`]));
    const told = session.assistant;
    this.assistantBudget = told ? new AssistantBudget(told.remaining.messages, told.budget.messages) : null;

    const local = AnswerSync.readLocal(this.local.answersKey);
    AnswerSync.clearLocal(this.local.answersKey);
    const { answers, resend } = restoreAnswers(questions, session.answers, local, session.startedAt);
    this.answers = answers;

    this.sync?.stop(false);
    this.sync = new AnswerSync(
      this.state.api,
      this.state.clock,
      this.local.answersKey,
      (state, detail) => this.testView?.topBar.showSaveState(state, detail),
      () => this.hooks.refresh(),
      (questionId, refusal) => {
        this.saveWatchers.get(questionId)?.(refusal);
        // A refused answer stops counting as answered (and a saved one counts again): the tabs say so at once.
        this.showProgress();
      },
    );
    this.saveWatchers = new Map();
    this.signals = new QuestionSignals((event) => this.state.api.reportEvent(event), this.state.clock);

    this.sectionIndex = this.local.section(sections.length);

    const sectionEnd = new SectionEndPopup(this.state.root, session.displayMessages?.sectionEndPopup === true);
    this.testView = new TestView(
      session,
      (question, number) => this.question(question, number),
      {
        onSection: (index) => sectionEnd.leave(sections, this.sectionIndex, index, this.counted(), () => this.showSection(index, true)),
        onSubmit: () => this.hooks.confirmSubmit(),
      },
      this.local.flagsKey,
    );
    replaceChildren(this.state.root, this.testView.element);
    for (const { questionId, body, editedAt } of resend) this.sync.set(questionId, body, { editedAt });
    this.showSection(this.sectionIndex, false);
    window.scrollTo({ top: 0 });
    this.testView.focusSection();
    return this.testView;
  }

  /** What counts as answered: never an answer the server refused (decision 661). */
  counted(): Answers {
    return countedAnswers(this.answers, this.sync?.refused ?? new Map());
  }

  /** The answers the server refused, by the question's number in the test. */
  refusedAnswers(): RefusedAnswer[] {
    return [...(this.sync?.refused ?? [])].map(([id, message]) => ({ label: this.labelOf(id), message }));
  }

  labelOf(questionId: string): string {
    return this.questionLabels.get(questionId) ?? `Question ${questionId}`;
  }

  /** Sends the unsaved answers; gives up after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<boolean | undefined> {
    // The open windows of typing go with the answers, before the submission ends the attempt (decision 1202).
    this.signals?.flushTyping();
    return this.sync?.flush(timeoutMs);
  }

  /** The attempt is over: no more saves. Gives the questions whose last edit never reached the server. */
  stopSaving(): string[] {
    const notSaved = this.sync?.notSaved ?? [];
    this.sync?.stop(true);
    return notSaved;
  }

  private question(question: CandidateQuestion, number: number) {
    const view = questionView(question, number, {
      answer: this.answers.get(answerKey(question)),
      onChange: (answer, debounceMs) => this.answerChanged(question, answer, debounceMs),
      watchSaving: (listener) => this.saveWatchers.set(answerKey(question), listener),
      runs: this.state.api.runs,
      pendingRuns: this.local.pendingRuns,
      ...this.assistantFor(question.questionId),
      ...this.followUpsFor(),
    });
    this.signals?.watch(view.element, question.questionId, question.text);
    // After the signals' watch: a blocked paste is still recorded by its size (decision 945).
    if (this.state.session?.violationRules?.copyPasteAllowed === false) this.clipboard.watch(view.element);
    return view;
  }

  /** The follow-ups' part of a question's context, when the attempt asks them (issue 60, decision 1220). */
  private followUpsFor(): Pick<QuestionContext, 'followUps'> {
    const told = this.state.session?.assistant?.followUps;
    if (!told || told.count === 0) return {};
    return { followUps: { api: this.state.api.followUps, count: told.count, seconds: told.seconds, flush: () => this.flush(8_000) } };
  }

  /** The assistant's part of a question's context, when the attempt's policy offers it there (issue 60). */
  private assistantFor(questionId: number): Pick<QuestionContext, 'assistant'> {
    const told = this.state.session?.assistant;
    const offer = told?.questions.find((question) => question.questionId === questionId);
    if (!told || !offer?.offered || offer.aiPolicy === 'none' || !this.assistantBudget) return {};
    return {
      assistant: {
        api: this.state.api.assistant,
        policy: offer.aiPolicy,
        messages: offer.messages,
        budget: this.assistantBudget,
        unavailable: told.available ? null : told.unavailableReason,
      },
    };
  }

  private answerChanged(question: CandidateQuestion, answer: Answer, debounceMs = 0): void {
    if (!allows(this.state.phase, 'answer')) return;
    // Typing comes debounced; a reset or a language switch is saved at once and is not the candidate's typing.
    if (debounceMs > 0) this.signals?.typedChange(question.questionId, this.answers.get(answerKey(question)), answer);
    this.answers.set(answerKey(question), answer);
    this.sync?.set(answerKey(question), toBody(answer), { debounceMs });
    this.showProgress();
  }

  private showSection(index: number, moveFocus: boolean): void {
    const sections = this.state.session?.test.sections ?? [];
    if (index < 0 || index >= sections.length) return;
    this.sectionIndex = index;
    this.local.saveSection(index);
    this.testView?.showSection(index, moveFocus);
    this.reportSectionView(sections[index]!.sectionId);
    // A section opens with its first question in front of the candidate, until the focus goes to another.
    const first = questionsOf(sections[index]!)[0];
    if (first) this.signals?.view(first.questionId);
    if (this.testView) setPageTitle(this.testView.sectionTitle(), this.state.testName);
    this.showProgress();
  }

  /** The report's time per section runs from one section view to the next: each shown section is told once. */
  private reportSectionView(sectionId: number): void {
    if (this.viewedSection === sectionId) return;
    this.viewedSection = sectionId;
    // A view that cannot be recorded (offline, past the deadline) costs the report a figure, never the candidate.
    void this.state.api.reportEvent({ type: 'section', at: new Date(this.state.clock.now()).toISOString(), sectionId }).catch(() => undefined);
  }

  private showProgress(): void {
    const counted = this.counted();
    this.state.session?.test.sections.forEach((section, index) =>
      this.testView?.showProgress(index, answeredCount(section, counted), questionsOf(section).length),
    );
    this.testView?.showAnswered((question) => isAnswered(question, counted.get(answerKey(question))));
  }
}
