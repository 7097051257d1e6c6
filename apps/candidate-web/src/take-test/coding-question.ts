import type { CandidateCodingQuestion } from '@assay/domain/candidate';
import type { Answer } from '../answers.js';
import { h, replaceChildren } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import { ask } from '../lib/modal.js';
import { codeLimitLine } from './code-limit.js';
import type { CodeSurface } from './editor-loader.js';
import { EditorSlot } from './editor-slot.js';
import { fontSizeControl } from './font-size-control.js';
import { LanguagePicker } from './language-picker.js';
import { languageName, languagesOf, type CodingLanguage } from './languages.js';
import { TYPING_SAVE_DELAY_MS, type QuestionContext } from './question-context.js';
import { QuestionRuns } from './question-runs.js';
import { completionSchema } from './sql-schema.js';
import { schemaBlock, schemaTables } from './sql-schema-view.js';
import { sampleItem, taskSentence } from './task-view.js';
import { splitSeparator } from './split-pane.js';

const EDITOR_HINT = 'Tab indents; Ctrl+F searches; Ctrl+Space suggests words. To leave the editor with the keyboard, press Esc, then Tab.';

/**
 * A coding question: the problem (its text and samples) beside the work on wide screens — the language (when
 * it accepts several), the editor, running the samples or the candidate's own input (queued, followed,
 * cancellable) and going back to the starter code. The editor (CodeMirror, most of the page's JavaScript) is a
 * chunk of its own, fetched as the test starts; while it cannot be fetched a plain-text box stands in (editor-slot.ts).
 */
export class CodingQuestion {
  readonly element: HTMLElement;
  private readonly host: HTMLElement;
  private readonly languages: CodingLanguage[];
  private readonly starter: (language: CodingLanguage) => string;
  private readonly picker: LanguagePicker | null;
  /** Running the samples or the candidate's own input, and what the runs found. */
  private readonly runs: QuestionRuns;
  private readonly reset: HTMLButtonElement;
  private readonly task: HTMLElement;
  private readonly samples: HTMLElement;
  /** The code's size against the limit, by the editor. */
  private readonly limit: HTMLElement;
  private overLimit = false;
  /** What the editor's keys and the language changes mean, for screen readers. */
  private readonly news = new LiveRegion();
  /** The editor, or the plain-text box while the editor cannot be fetched. */
  private editor: CodeSurface | null = null;
  private readonly slot: EditorSlot;
  private locked = false;
  /** The code as last edited, and its language: what a run sends, and what the editor opens with. */
  private code: string;
  private language: CodingLanguage;
  /** The code left in each other language, saved with the answer (decision 1124), so that switching back loses nothing. */
  private readonly drafts: Map<CodingLanguage, string>;
  /** The editor's text is being replaced by the page (a reset, a language change): one edit, sent by the page. */
  private replacing = false;

  /** `text` is the question's text, which goes in the problem's column. */
  constructor(
    private readonly question: CandidateCodingQuestion,
    private readonly number: number,
    private readonly context: QuestionContext,
    text: HTMLElement,
  ) {
    const id = String(question.questionId);
    ({ languages: this.languages, starter: this.starter } = languagesOf(question));
    const saved = context.answer?.kind === 'code' ? context.answer : undefined;
    this.language = saved?.language && this.languages.includes(saved.language) ? saved.language : this.languages[0]!;
    this.code = saved ? saved.code : this.starter(this.language);
    // Only the question's other languages: the server refuses a draft in the answer's own or one it does not accept.
    const kept = Object.entries(saved?.drafts ?? {}) as [CodingLanguage, string][];
    this.drafts = new Map(kept.filter(([language]) => language !== this.language && this.languages.includes(language)));
    // Light-DOM children of the host show until the editor's shadow root takes its place.
    this.host = h('div', { class: 'code-editor', 'data-testid': `code-editor-${id}` }, h('p', { class: 'muted' }, 'Loading the code editor…'));
    this.slot = new EditorSlot(
      this.host,
      id,
      () => ({
        code: this.code,
        language: this.language,
        // Number 0: the landing's practice question (practice-question.ts).
        label: this.number > 0 ? `Your code for question ${this.number}` : 'Your code for the practice question',
        hint: EDITOR_HINT,
        onChange: (code) => {
          this.code = code;
          if (!this.replacing) this.changed(TYPING_SAVE_DELAY_MS);
        },
        onEscape: () => this.news.say('Tab now moves out of the editor.'),
        ...(question.form === 'sql' ? { sqlSchema: completionSchema(schemaTables(question)) } : {}),
      }),
      (surface, restored) => {
        this.editor = surface;
        surface.setReadOnly(this.locked);
        if (restored) this.news.say('The code editor is back, with your code in it.');
      },
    );
    this.runs = new QuestionRuns(question, context, {
      code: () => this.editor?.getCode() ?? this.code,
      language: () => this.language,
      editor: () => this.editor,
    });
    this.reset = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `reset-code-${id}` }, 'Reset to starter code');
    this.reset.addEventListener('click', () => void this.confirmReset());
    this.picker = this.languages.length > 1 ? new LanguagePicker(id, this.languages, this.language, (language) => void this.pick(language)) : null;
    this.task = h('p', { class: 'hint' });
    this.samples = h('div', { class: 'samples' });
    this.describeTask();
    this.limit = h('p', { class: 'hint hint-small code-limit', 'data-testid': `code-limit-${id}` });
    this.showLimit();
    this.element = h('div', { class: 'coding' });
    this.element.append(
      h('div', { class: 'coding-problem', id: `problem-${id}` }, text, this.task, this.samples),
      splitSeparator(this.element, `problem-${id}`),
      h(
        'div',
        { class: 'coding-work' },
        h('div', { class: 'editor-tools' }, this.picker?.element, fontSizeControl(id)),
        this.host,
        this.limit,
        this.news.element,
        this.runs.news.element,
        h('div', { class: 'run-row' }, this.runs.sampleControls.button, this.runs.sampleControls.cancel, this.reset),
        this.runs.sampleControls.progress,
        this.runs.results.element,
        this.runs.customElement,
      ),
    );
  }

  /** The code in the editor now and its language: what the candidate may share with the assistant. */
  currentCode(): { answer: string; language: CodingLanguage } {
    return { answer: this.editor?.getCode() ?? this.code, language: this.language };
  }

  /** Inserts code from the assistant at the editor's cursor (the candidate's click); answers where it went. */
  insertAtCursor(code: string): { line: number; column: number } {
    if (this.editor) return this.editor.insertAtCursor(code);
    const lines = this.code.split('\n');
    this.code = `${this.code}${code}`;
    this.changed();
    return { line: lines.length, column: lines.at(-1)!.length + 1 };
  }

  /** Something that belongs beside the problem's text (the assistant's panel), in its column. */
  addToProblem(node: HTMLElement): void {
    this.element.querySelector('.coding-problem')?.append(node);
  }

  shown(): void {
    this.slot.open();
    this.runs.resumePending();
  }

  lock(locked: boolean): void {
    this.locked = locked;
    this.editor?.setReadOnly(locked);
  }

  private changed(debounceMs = 0): void {
    this.showLimit();
    const answer: Answer = { kind: 'code', code: this.code, language: this.language, drafts: Object.fromEntries(this.drafts) };
    this.context.onChange(answer, debounceMs);
  }

  /** The limit, said before it is reached; over it, in words, once announced (the server will not save it). */
  private showLimit(): void {
    const line = codeLimitLine(this.code.length);
    this.limit.textContent = line.text;
    this.limit.classList.toggle('code-limit-over', line.over);
    if (line.over && !this.overLimit) this.news.say(line.text);
    this.overLimit = line.over;
  }

  /** The task and the samples, in the language's own syntax (Python's `None`, `True`, `'abc'`). */
  private describeTask(): void {
    const samples = this.question.sampleTests ?? [];
    replaceChildren(this.task, taskSentence(this.question, this.language));
    this.samples.hidden = samples.length === 0 && this.question.form !== 'sql';
    replaceChildren(
      this.samples,
      schemaBlock(this.question),
      samples.length === 0 ? null : h('p', { class: 'samples-title' }, 'Sample tests'),
      samples.length === 0
        ? null
        : h(
            'ul',
            null,
            samples.map((sample, index) => sampleItem(this.question, sample, this.language, index)),
          ),
    );
  }

  /** Puts `code` in the editor as one edit of the page's, and sends it (with the language) at once. */
  private replaceCode(code: string): void {
    this.code = code;
    if (this.editor) {
      this.replacing = true;
      try {
        this.editor.setCode(code);
      } finally {
        this.replacing = false;
      }
    }
    this.changed();
  }

  /**
   * Another language: the code left in it earlier on this page, else its starter code when nothing has been
   * written here yet; else the candidate chooses between its starter code and the code as it is.
   */
  private async pick(language: CodingLanguage): Promise<void> {
    if (language === this.language || this.locked) return;
    const from = this.language;
    const untouched = this.code.trim() === '' || this.code.trim() === this.starter(from).trim();
    let code = this.drafts.get(language);
    if (code === undefined && untouched) code = this.starter(language);
    if (code === undefined) {
      const choice = await ask(document.body, {
        title: `Switch to ${languageName(language)}?`,
        testId: 'language-dialog',
        text: `The editor holds your ${languageName(from)} code. Start from the ${languageName(language)} starter code, or keep the code as it is? If you come back to ${languageName(from)}, your code is still there.`,
        choices: [
          { label: 'Keep my code', value: 'keep' as const, testId: 'language-keep' },
          { label: `Use the ${languageName(language)} starter`, value: 'starter' as const, primary: true, testId: 'language-starter' },
        ],
        cancel: `Stay with ${languageName(from)}`,
      });
      if (choice === null || this.locked) return;
      code = choice === 'starter' ? this.starter(language) : this.code;
    }
    this.drafts.set(from, this.code);
    this.drafts.delete(language);
    this.language = language;
    this.picker?.show(language);
    this.editor?.setLanguage(language);
    this.editor?.markError(null);
    this.describeTask();
    this.runs.setLanguage(language);
    this.replaceCode(code);
    this.news.say(`Language: ${languageName(language)}.`);
  }

  private async confirmReset(): Promise<void> {
    if (this.locked) return;
    const confirmed = await ask(document.body, {
      title: 'Reset to the starter code?',
      testId: 'reset-dialog',
      text: `This replaces your ${languageName(this.language)} code in the editor with the starter code. Ctrl+Z in the editor brings your code back.`,
      choices: [{ label: 'Reset the code', value: true, primary: true, testId: 'reset-confirm' }],
      cancel: 'Keep my code',
    });
    if (!confirmed || this.locked) return;
    this.editor?.markError(null);
    this.replaceCode(this.starter(this.language));
    this.news.say('The editor holds the starter code again.');
  }
}
