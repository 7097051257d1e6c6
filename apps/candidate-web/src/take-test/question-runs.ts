import type { CandidateCodingQuestion, SampleRun } from '@assay/domain/candidate';
import { h, isBusy, setBusy } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import { CustomInput, type CustomRunBody } from './custom-input.js';
import type { CodeSurface } from './editor-loader.js';
import type { ErrorMark } from './editor.js';
import type { CodingLanguage } from './languages.js';
import type { PendingRuns } from './pending-runs.js';
import type { QuestionContext } from './question-context.js';
import { RunControls } from './run-controls.js';
import { type RunEnd, RunSession } from './run-session.js';
import { SampleResults } from './sample-results.js';

/** What the runs need from their question: the code as it is, its language, and the editor (to mark errors, to go to one). */
export interface RunHost {
  code(): string;
  language(): CodingLanguage;
  editor(): CodeSurface | null;
}

type RunKind = SampleRun['kind'];

/**
 * A coding question's runs, one at a time (the server takes one per candidate): the samples, or the candidate's own
 * input (a function's arguments, a program's standard input; none for SQL, which says so: decision 1100). The Run
 * button keeps the focus while it runs (aria-disabled), Cancel appears beside it, the line under it says where the run
 * is, and the results say how it ended. A run on its way is remembered in this browser, so a reload follows it again
 * and shows its results (decision 1105).
 */
export class QuestionRuns {
  readonly sampleControls: RunControls;
  readonly results: SampleResults;
  /** The custom input's disclosure, or for an SQL question the sentence that says why there is none. */
  readonly customElement: HTMLElement;
  /** Where a run stands when that changes (queued, started after waiting, a lost connection): said once each. */
  readonly news: LiveRegion;
  private readonly custom: CustomInput | null;
  private readonly customControls: RunControls | null;
  private session: RunSession | null = null;
  private readonly pending: PendingRuns | undefined;

  constructor(
    private readonly question: CandidateCodingQuestion,
    private readonly context: QuestionContext,
    private readonly host: RunHost,
  ) {
    const id = String(question.questionId);
    this.pending = context.pendingRuns;
    const goTo = (line: number, column?: number) => host.editor()?.focusAt(line, column ?? 1);
    this.results = new SampleResults(question, goTo);
    this.sampleControls = new RunControls(
      h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `run-samples-${id}` }, 'Run sample tests'),
      { cancel: `cancel-samples-${id}`, progress: `run-progress-${id}` },
      () => void this.run('samples'),
      () => this.session?.cancel(),
    );
    this.news = new LiveRegion({ testId: `run-news-${id}` });
    if (question.form === 'sql') {
      this.custom = null;
      this.customControls = null;
      this.customElement = h(
        'p',
        { class: 'hint hint-small', 'data-testid': `custom-none-${id}` },
        'An SQL question has no custom input: Run sample tests runs your query on each sample’s data, on a fresh database made from the schema.',
      );
      return;
    }
    this.custom = new CustomInput(question, host.language(), goTo, () => void this.run('custom'));
    this.customControls = new RunControls(this.custom.button, { cancel: `cancel-custom-${id}`, progress: `custom-progress-${id}` }, null, () =>
      this.session?.cancel(),
    );
    this.custom.placeControls(this.customControls);
    this.customElement = this.custom.element;
  }

  setLanguage(language: CodingLanguage): void {
    this.custom?.setLanguage(language);
  }

  /** Picks up a run this browser started before a reload, if one is on its way: its results are shown when it ends. */
  resumePending(): void {
    const pending = this.pending?.get(this.question.questionId);
    if (!pending || this.session) return;
    if (pending.kind === 'custom') {
      // A custom run of a question that has none now (its form cannot change, but a stored copy may be stale).
      if (!this.custom) {
        this.pending?.clear(this.question.questionId);
        return;
      }
      this.custom.element.open = true;
    }
    void this.follow(pending.kind, pending.language, (session) => session.resume(pending.runId));
  }

  private async run(kind: RunKind): Promise<void> {
    if (this.session || isBusy(this.sampleControls.button) || (this.custom && isBusy(this.custom.button))) return;
    const language = this.host.language();
    let body: CustomRunBody = {};
    if (kind === 'custom') {
      const read = this.custom?.read(language);
      if (!read) return;
      body = read;
    }
    const code = this.host.code();
    await this.follow(kind, language, (session) => session.run({ questionId: this.question.questionId, code, language, ...body }));
  }

  /** Runs (or follows) one run to its end, the controls of its kind busy meanwhile, and shows how it ended. */
  private async follow(kind: RunKind, language: CodingLanguage, drive: (session: RunSession) => Promise<RunEnd>): Promise<void> {
    const controls = kind === 'samples' ? this.sampleControls : this.customControls;
    if (!controls) return;
    const questionId = this.question.questionId;
    const session = new RunSession(
      this.context.runs,
      {
        progress: (line) => controls.showProgress(line),
        announce: (news) => this.news.say(news),
        accepted: (run) => this.pending?.set(questionId, { runId: run.runId, kind, language }),
      },
      language,
    );
    this.session = session;
    this.host.editor()?.markError(null);
    if (kind === 'samples') this.results.clear();
    else this.custom?.clear();
    controls.begin();
    const other = kind === 'samples' ? this.custom?.button : this.sampleControls.button;
    if (other) setBusy(other, true);
    try {
      const end = await drive(session);
      this.pending?.clear(questionId);
      const marks = this.show(kind, end, language);
      if (marks.length > 0) this.host.editor()?.markError(marks);
    } finally {
      this.session = null;
      controls.end();
      if (other) setBusy(other, false);
    }
  }

  private show(kind: RunKind, end: RunEnd, language: CodingLanguage): ErrorMark[] {
    if (kind === 'samples') {
      if (end.kind === 'done') return this.results.show(end.run, language);
      if (end.kind === 'cancelled') this.results.cancelled();
      else this.results.failed(end.message);
      return [];
    }
    if (end.kind === 'done' && end.run.custom) return this.custom?.show(end.run.custom, end.run.compileErrors, language) ?? [];
    if (end.kind === 'cancelled') this.custom?.cancelled();
    else this.custom?.failed(end.kind === 'failed' ? end.message : 'The server answered without a result.');
    return [];
  }
}
