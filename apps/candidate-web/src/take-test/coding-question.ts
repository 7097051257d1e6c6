import type { CandidateQuestion } from '@assay/domain';
import { failureOf } from '../api/failure.js';
import { h, replaceChildren } from '../lib/dom.js';
import { jsonPreview } from '../lib/format.js';
import type { CodeEditor } from './editor.js';
import type { QuestionContext } from './question-view.js';
import { showRunFailure, showRunning, showRunResults } from './sample-results.js';

const CODE_SAVE_DELAY_MS = 600;

/**
 * A coding question: the samples, the editor, and running the samples. The editor (CodeMirror, most of the
 * page's JavaScript) is a chunk of its own, loaded when the question is first shown.
 */
export class CodingQuestion {
  readonly element: HTMLElement;
  private readonly host: HTMLElement;
  private editor: CodeEditor | null = null;
  /** The editor was asked for (once: see the catch below). */
  private requested = false;
  private locked = false;
  /** The code as last edited: what a run sends, and what the editor opens with. */
  private code: string;

  constructor(
    private readonly question: CandidateQuestion,
    private readonly number: number,
    private readonly context: QuestionContext,
  ) {
    const id = String(question.questionId);
    this.code = context.answer?.kind === 'code' ? context.answer.code : (question.starterCode ?? '');
    const fn = question.functionName ?? 'solution';
    const samples = question.sampleTests ?? [];
    // Light-DOM children of the host show until the editor's shadow root takes its place.
    this.host = h('div', { class: 'code-editor', 'data-testid': `code-editor-${id}` }, h('p', { class: 'muted' }, 'Loading the code editor…'));
    const results = h('div', { class: 'sample-results', 'data-testid': `sample-results-${id}`, 'aria-live': 'polite' });
    const runButton = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `run-samples-${id}` }, 'Run sample tests');
    runButton.addEventListener('click', () => void this.run(runButton, results));
    this.element = h(
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
                h(
                  'li',
                  null,
                  h('code', null, `${fn}(${sample.args.map(jsonPreview).join(', ')})`),
                  ' should return ',
                  h('code', null, jsonPreview(sample.expected)),
                ),
              ),
            ),
          )
        : null,
      this.host,
      h('p', { class: 'hint hint-small' }, 'Tab indents. To leave the editor with the keyboard, press Esc, then Tab.'),
      h('div', { class: 'run-row' }, runButton),
      results,
    );
  }

  shown(): void {
    if (this.requested) return;
    this.requested = true;
    import('./editor.js')
      .then(({ createCodeEditor }) => {
        this.editor = createCodeEditor(this.host, {
          code: this.code,
          label: `Your code for question ${this.number}`,
          onChange: (code) => {
            this.code = code;
            this.context.onChange({ kind: 'code', code }, CODE_SAVE_DELAY_MS);
          },
        });
        this.editor.setReadOnly(this.locked);
      })
      .catch(() => {
        // A module that failed to load stays failed for this page (the browser keeps the failure): only a
        // reload tries again, and the answers survive it.
        replaceChildren(
          this.host,
          h('p', { class: 'notice notice-error' }, 'The code editor could not be loaded. Check your connection and reload the page: your answers are kept.'),
        );
      });
  }

  lock(locked: boolean): void {
    this.locked = locked;
    this.editor?.setReadOnly(locked);
  }

  private async run(button: HTMLButtonElement, results: HTMLElement): Promise<void> {
    button.disabled = true;
    button.textContent = 'Running…';
    showRunning(results);
    try {
      showRunResults(results, this.question, await this.context.runSamples(this.editor?.getCode() ?? this.code));
    } catch (error) {
      showRunFailure(results, failureOf(error).message);
    } finally {
      button.disabled = false;
      button.textContent = 'Run sample tests';
    }
  }
}
