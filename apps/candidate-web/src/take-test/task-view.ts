import type { CandidateCodingQuestion } from '@assay/domain/candidate';
import type { JsonValue } from '@assay/domain/schemas';
import { type Child, h } from '../lib/dom.js';
import { formatArguments, formatValue } from './code-values.js';
import { type CodingLanguage, languageName } from './languages.js';
import { schemaTables, seedBlock } from './sql-schema-view.js';

/**
 * What a coding question asks, in its form's words (issue 49): a function to write (with its name), a program that
 * reads standard input and prints its answer, or one SQL query on a schema the page shows. A stdio or SQL question
 * has no function name, so the function's sentence ("a Java function named ``") would mislead there.
 */
export function taskSentence(question: CandidateCodingQuestion, language: CodingLanguage): Child[] {
  const scored = question.sampleTests.length > 0 ? ' It is scored on hidden tests as well as the samples below.' : ' It is scored on hidden tests.';
  switch (question.form) {
    case 'stdio':
      return [`Write a ${languageName(language)} program that reads its input from standard input and prints its answer to standard output.${scored}`];
    case 'sql':
      return [
        `Write one ${languageName(language)} query. Each test runs it on a fresh database made from the schema below and that test's data; ${sqlRule(question)}.${scored}`,
      ];
    case 'function':
      return [`Write a ${languageName(language)} function named `, h('code', null, question.functionName || 'solution'), `.${scored}`];
  }
}

/** How an SQL question compares rows, as the candidate needs to know it. */
const sqlRule = (question: CandidateCodingQuestion): string => {
  const order = question.sql?.ordered ? 'rows must come in the expected order' : 'rows may come in any order';
  return question.sql?.checkColumnNames ? `${order}, and the columns must have the expected names` : order;
};

/** One sample as the problem states it, in its form: a call and its value, an input and its output, data and its rows. */
export function sampleItem(
  question: CandidateCodingQuestion,
  sample: { args: JsonValue[]; expected: JsonValue },
  language: CodingLanguage,
  index: number,
): HTMLElement {
  const label = `sample ${index + 1}`;
  switch (question.form) {
    case 'stdio':
      return h(
        'li',
        { class: 'sample-form' },
        textBlock('Input', String(sample.args[0] ?? ''), `Input of ${label}`),
        textBlock('Expected output', String(sample.expected ?? ''), `Expected output of ${label}`),
      );
    case 'sql':
      return h(
        'li',
        { class: 'sample-form' },
        seedBlock(String(sample.args[0] ?? ''), schemaTables(question), `Data of ${label}`),
        h('p', { class: 'sample-label' }, 'Expected rows'),
        rowsTable(sample.expected, `Expected rows of ${label}`),
      );
    case 'function': {
      const fn = question.functionName || 'solution';
      return h(
        'li',
        null,
        h('code', null, `${fn}(${formatArguments(sample.args, language)})`),
        ' should return ',
        h('code', null, formatValue(sample.expected, language)),
      );
    }
  }
}

/** What a sample result's Input line shows: the call, the input text, or the SQL sample's data as written. */
export function caseInput(question: CandidateCodingQuestion, args: JsonValue[], language: CodingLanguage): HTMLElement {
  switch (question.form) {
    case 'stdio':
    case 'sql':
      return h('code', { class: 'case-call' }, String(args[0] ?? ''));
    case 'function':
      return h('code', { class: 'case-call' }, `${question.functionName || 'solution'}(${args.map((arg) => formatValue(arg, language)).join(', ')})`);
  }
}

function textBlock(title: string, text: string, label: string): Child[] {
  return [h('p', { class: 'sample-label' }, title), h('pre', { class: 'sample-text', tabindex: '0', role: 'region', 'aria-label': label }, text)];
}

/** `{ columns, rows }` as a table with a header row; anything else (an author's odd sample) as its JSON. */
function rowsTable(expected: JsonValue, label: string): HTMLElement {
  const table = expected as { columns?: unknown; rows?: unknown };
  if (!Array.isArray(table?.columns) || !Array.isArray(table?.rows)) return h('pre', { class: 'sample-text' }, JSON.stringify(expected));
  const cell = (value: unknown) => (value === null ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value));
  return h(
    'div',
    { class: 'sample-rows', tabindex: '0', role: 'region', 'aria-label': label },
    h(
      'table',
      null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          table.columns.map((column) => h('th', { scope: 'col' }, String(column))),
        ),
      ),
      h(
        'tbody',
        null,
        (table.rows as unknown[]).map((row) =>
          h(
            'tr',
            null,
            (Array.isArray(row) ? row : [row]).map((value) => h('td', null, cell(value))),
          ),
        ),
      ),
    ),
  );
}
