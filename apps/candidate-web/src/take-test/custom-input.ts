import type { CandidateCodingQuestion, CompileErrors, CustomRunResult, StartRunInput } from '@assay/domain/candidate';
import { type LanguageId, languageProfile, type ValueSyntax } from '@assay/domain/languages';
import { h, replaceChildren } from '../lib/dom.js';
import { formatArguments, formatValue, parseArguments } from './code-values.js';
import { compileErrorMarks, compileErrorsList, compileSummary } from './compile-errors-view.js';
import type { ErrorMark } from './editor.js';
import { stdioParts } from './form-results.js';
import type { RunControls } from './run-controls.js';
import { entry, errorEntry, formatTime, type GoTo, outputBlock, placeWords, type ResultName, tracebackBlock } from './run-result-parts.js';
import { errorMarks } from './sample-results.js';

const HINTS: Record<ValueSyntax, string> = {
  python: "Python values separated by commas, as between the parentheses of a call: 'text', [1, 2], {'key': 3}, None, True.",
  json: 'JSON values separated by commas, as between the parentheses of a call: "text", [1, 2], {"key": 3}, null, true.',
};
const STDIN_HINT = 'Your program reads this text on standard input, exactly as written here (line breaks included).';

/** Long enough for any sensible arguments, far below the server's body limit. */
const MAX_INPUT_CHARACTERS = 20_000;

/** What a custom run sends besides the code: a function's arguments, or a program's standard input. */
export type CustomRunBody = Pick<StartRunInput, 'customArgs' | 'customInput'>;

/**
 * A run with the candidate's own input, as HackerRank and Codility offer (decision 1100): a disclosure with the
 * function's arguments (prefilled with the first sample's, in the language's own syntax) or, for a stdin/stdout
 * question, the program's standard input (prefilled with the first sample's); its Run button; and what came back
 * and was printed — no expected value, no verdict. An SQL question has none (its query runs on each sample's data).
 */
export class CustomInput {
  readonly element: HTMLDetailsElement;
  readonly button: HTMLButtonElement;
  private readonly field: HTMLTextAreaElement;
  private readonly hint: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly values: HTMLElement;
  private readonly runRow: HTMLElement;
  private readonly id: string;
  private readonly fn: string;
  private readonly stdin: boolean;
  /** What the field held when the page last filled it: while the candidate has not changed it, a language change refills it. */
  private prefilled = '';

  constructor(
    private readonly question: CandidateCodingQuestion,
    language: LanguageId,
    private readonly goTo: GoTo,
    onRun: () => void,
  ) {
    this.id = String(question.questionId);
    this.fn = question.functionName || 'solution';
    this.stdin = question.form === 'stdio';
    const fieldId = `custom-args-${this.id}`;
    this.hint = h('p', { class: 'hint hint-small', id: `${fieldId}-hint` });
    this.problem = h('p', { class: 'field-error', id: `${fieldId}-error`, 'data-testid': `${fieldId}-error`, hidden: true });
    this.field = h('textarea', {
      id: fieldId,
      class: 'custom-args',
      rows: this.stdin ? 4 : 2,
      maxlength: MAX_INPUT_CHARACTERS,
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      'aria-describedby': `${fieldId}-hint`,
      'data-testid': fieldId,
    });
    this.field.addEventListener('input', () => this.showProblem(null));
    this.button = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': `custom-run-${this.id}` }, 'Run with this input');
    this.button.addEventListener('click', onRun);
    this.runRow = h('div', { class: 'run-row' }, this.button);
    this.summary = h('p', { class: 'run-summary', role: 'status', 'data-testid': `custom-status-${this.id}` });
    this.values = h('div', { class: 'run-cases', 'data-testid': `custom-result-${this.id}` });
    this.element = h(
      'details',
      // Chromium exposes <details> as a group: named by its summary, not an unnamed group in the coding pane.
      { class: 'custom-input', 'data-testid': `custom-input-${this.id}`, 'aria-labelledby': `custom-toggle-${this.id}` },
      h('summary', { id: `custom-toggle-${this.id}`, 'data-testid': `custom-toggle-${this.id}` }, 'Try your own input'),
      h(
        'div',
        { class: 'custom-input-body' },
        h('label', { for: fieldId, class: 'field-label' }, this.stdin ? 'Standard input' : `Arguments for ${this.fn}(…)`),
        this.hint,
        this.field,
        this.problem,
        this.runRow,
        this.summary,
        this.values,
      ),
    );
    this.setLanguage(language);
  }

  /** Cancel beside this panel's Run button, and the line that says where its run is under them. */
  placeControls(controls: RunControls): void {
    this.runRow.append(controls.cancel);
    this.runRow.after(controls.progress);
  }

  /** The hint, and the arguments when the candidate has not changed them, follow the language (stdin text does not depend on it). */
  setLanguage(language: LanguageId): void {
    this.hint.textContent = this.stdin ? STDIN_HINT : HINTS[languageProfile(language).valueSyntax];
    if (this.field.value !== this.prefilled) return;
    const first = this.question.sampleTests?.[0];
    this.prefilled = !first ? '' : this.stdin ? String(first.args[0] ?? '') : formatArguments(first.args, language);
    this.field.value = this.prefilled;
  }

  /** The body's custom input, or null after saying what is wrong with the arguments (by the field, which gets the focus). */
  read(language: LanguageId): CustomRunBody | null {
    if (this.stdin) return { customInput: this.field.value };
    const parsed = parseArguments(this.field.value, language);
    if (parsed.ok) return { customArgs: parsed.args };
    this.showProblem(parsed.message);
    this.field.focus();
    return null;
  }

  clear(): void {
    this.summary.className = 'run-summary';
    this.summary.textContent = '';
    this.values.textContent = '';
  }

  failed(message: string): void {
    this.clear();
    this.summary.className = 'run-summary run-some-failed';
    this.summary.textContent = `Your input could not be run: ${message}`;
  }

  cancelled(): void {
    this.clear();
    this.summary.textContent = 'Run cancelled.';
  }

  /** What the call returned (or the program printed), or its error, or every compile error; answers their places for the editor to mark. */
  show(result: CustomRunResult, compileErrors: CompileErrors | undefined, language: LanguageId): ErrorMark[] {
    const where = result.errorLocation;
    const failed = result.error !== undefined;
    const name: ResultName = { testId: `${this.id}-custom`, name: 'your input' };
    this.summary.className = `run-summary ${failed ? 'run-some-failed' : ''}`;
    if (compileErrors && compileErrors.length > 0) {
      this.summary.textContent = compileSummary(compileErrors);
      replaceChildren(this.values, compileErrorsList(compileErrors, `${this.id}-custom`, this.goTo));
      return compileErrorMarks(compileErrors);
    }
    const ended = this.stdin ? 'The program ended' : 'The call ended';
    this.summary.textContent = failed
      ? `${ended} with an error${where ? ` on ${placeWords(where)}` : ''}.`
      : this.stdin
        ? 'The program ran.'
        : 'The call returned.';
    const time = result.timeMs !== undefined ? entry('Time', formatTime(result.timeMs)) : null;
    replaceChildren(
      this.values,
      h(
        'div',
        { class: `case ${failed ? 'case-failed' : 'case-custom'}` },
        this.stdin
          ? [
              failed || time ? h('dl', { class: 'case-values' }, failed ? errorEntry(result, name, this.goTo) : null, time) : null,
              stdioParts({ ...result, failed: false }, name),
            ]
          : [
              h(
                'dl',
                { class: 'case-values' },
                entry('Input', h('code', { class: 'case-call' }, `${this.fn}(${result.args.map((arg) => formatValue(arg, language)).join(', ')})`)),
                failed
                  ? errorEntry(result, name, this.goTo)
                  : entry(
                      'Returned',
                      h('code', { 'data-testid': `custom-returned-${this.id}` }, result.display?.actual ?? formatValue(result.actual, language)),
                    ),
                time,
              ),
              tracebackBlock(result.traceback, name),
              outputBlock(result.output, name),
            ],
      ),
    );
    return errorMarks([result]);
  }

  private showProblem(message: string | null): void {
    this.problem.textContent = message ? `These arguments cannot be read: ${message}` : '';
    this.problem.hidden = message === null;
    if (message) {
      this.field.setAttribute('aria-invalid', 'true');
      this.field.setAttribute('aria-describedby', `${this.field.id}-error ${this.field.id}-hint`);
    } else {
      this.field.removeAttribute('aria-invalid');
      this.field.setAttribute('aria-describedby', `${this.field.id}-hint`);
    }
  }
}
