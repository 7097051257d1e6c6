import type { CandidateQuestion, RunCodeResult, TestCaseResult } from '@assay/domain';
import { h, replaceChildren } from '../lib/dom.js';
import { jsonPreview, plural } from '../lib/format.js';

/** The printed output shown per case; the server cuts it too (at 4 KiB), this keeps the page light. */
const OUTPUT_SHOWN = 4_000;

const formatTime = (ms: number): string => (ms < 1 ? 'under 1 ms' : ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`);

/**
 * The outcome of a sample run: a summary in a live region (the only part read out: "2 of 3 sample tests
 * passed."), then each case with its input, expected and actual value or error (with its line and column and a
 * way to that place in the editor), its time and what it printed, in a block that scrolls and can be focused.
 */
export class SampleResults {
  readonly element: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLElement;
  private readonly id: string;

  constructor(
    private readonly question: CandidateQuestion,
    private readonly goTo: (line: number, column: number) => void,
  ) {
    this.id = String(question.questionId);
    this.summary = h('p', { class: 'run-summary', role: 'status', 'data-testid': `run-status-${this.id}` });
    this.list = h('div', { class: 'run-cases' });
    this.element = h('div', { class: 'sample-results', 'data-testid': `sample-results-${this.id}` }, this.summary, this.list);
  }

  running(): void {
    this.summary.className = 'run-summary';
    this.summary.textContent = 'Running the sample tests…';
    this.list.textContent = '';
  }

  failed(message: string): void {
    this.summary.className = 'run-summary run-some-failed';
    this.summary.textContent = `The sample tests could not be run: ${message}`;
    this.list.textContent = '';
  }

  /** Shows the outcome; answers the first error's place in the code, for the editor to mark. */
  show(outcome: RunCodeResult): { line: number; column: number } | null {
    const cases = outcome.results;
    const passed = cases.filter((result) => result.passed).length;
    const total = cases.length;
    const located = cases.find((result) => result.errorLocation)?.errorLocation ?? null;
    this.summary.className = `run-summary ${passed === total ? 'run-all-passed' : 'run-some-failed'}`;
    this.summary.textContent =
      total === 0
        ? 'There are no sample tests for this question.'
        : `${passed} of ${plural(total, 'sample test')} passed.${located ? ` Error on line ${located.line}, column ${located.column}.` : ''}`;
    replaceChildren(
      this.list,
      total === 0
        ? null
        : h(
            'ol',
            { class: 'cases' },
            cases.map((result, index) => this.case(result, index)),
          ),
    );
    return located;
  }

  private case(result: TestCaseResult, index: number): HTMLElement {
    const fn = this.question.functionName ?? 'solution';
    const where = result.errorLocation;
    const output = result.output ?? '';
    const shownOutput = output.length > OUTPUT_SHOWN ? `${output.slice(0, OUTPUT_SHOWN)}\n… (cut)` : output;
    const value = (term: string, ...content: (Node | string | null)[]) => h('div', null, h('dt', null, term), h('dd', null, content));
    return h(
      'li',
      {
        class: `case ${result.passed ? 'case-passed' : 'case-failed'}`,
        'data-testid': `sample-case-${this.id}-${index}`,
        'data-passed': String(result.passed),
      },
      h(
        'p',
        { class: 'case-head' },
        h('span', { class: 'case-badge' }, result.passed ? '✓ Passed' : '✗ Failed'),
        h('span', { class: 'case-name' }, `Sample ${index + 1}`),
      ),
      h(
        'dl',
        { class: 'case-values' },
        value('Input', h('code', { class: 'case-call' }, `${fn}(${result.args.map(jsonPreview).join(', ')})`)),
        value('Expected', h('code', null, jsonPreview(result.expected))),
        result.error !== undefined
          ? value(
              'Error',
              h('span', { class: 'case-error' }, result.error),
              where
                ? h('span', { class: 'case-where', 'data-testid': `error-location-${this.id}-${index}` }, ` (line ${where.line}, column ${where.column})`)
                : null,
              where
                ? h(
                    'button',
                    {
                      type: 'button',
                      class: 'link-button case-goto',
                      'data-testid': `error-goto-${this.id}-${index}`,
                      onclick: () => this.goTo(where.line, where.column),
                    },
                    `Go to line ${where.line} in the editor`,
                  )
                : null,
            )
          : value('Got', h('code', null, jsonPreview(result.actual))),
        result.timeMs !== undefined ? value('Time', formatTime(result.timeMs)) : null,
      ),
      output
        ? h(
            'div',
            { class: 'case-output' },
            h('p', { class: 'case-output-title', 'aria-hidden': 'true' }, 'Output'),
            h(
              'pre',
              {
                class: 'case-output-text',
                tabindex: '0',
                role: 'region',
                'aria-label': `Output of sample ${index + 1}`,
                'data-testid': `sample-output-${this.id}-${index}`,
              },
              shownOutput,
            ),
          )
        : null,
    );
  }
}
