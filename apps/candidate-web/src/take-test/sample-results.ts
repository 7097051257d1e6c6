import type { CandidateQuestion, RunCodeResult } from '@assay/domain';
import { h, replaceChildren } from '../lib/dom.js';
import { jsonPreview, plural } from '../lib/format.js';

export function showRunning(results: HTMLElement): void {
  replaceChildren(results, h('p', { class: 'muted' }, 'Running the sample tests…'));
}

export function showRunFailure(results: HTMLElement, message: string): void {
  replaceChildren(results, h('p', { class: 'notice notice-error' }, message));
}

/** Each sample: passed or failed, the call, what was expected and what came back (or the error). */
export function showRunResults(results: HTMLElement, question: CandidateQuestion, outcome: RunCodeResult): void {
  const fn = question.functionName ?? 'solution';
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
          {
            class: `case ${result.passed ? 'case-passed' : 'case-failed'}`,
            'data-testid': `sample-case-${String(question.questionId)}-${index}`,
            'data-passed': String(result.passed),
          },
          h('span', { class: 'case-badge' }, result.passed ? '✓ Passed' : '✗ Failed'),
          h('code', { class: 'case-call' }, `${fn}(${result.args.map(jsonPreview).join(', ')})`),
          h(
            'dl',
            { class: 'case-values' },
            h('div', null, h('dt', null, 'Expected'), h('dd', null, h('code', null, jsonPreview(result.expected)))),
            result.error !== undefined
              ? h('div', null, h('dt', null, 'Error'), h('dd', { class: 'case-error' }, result.error))
              : h('div', null, h('dt', null, 'Got'), h('dd', null, h('code', null, jsonPreview(result.actual)))),
          ),
        ),
      ),
    ),
  );
}
