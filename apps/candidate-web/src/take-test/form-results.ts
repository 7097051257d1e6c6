import type { CandidateCodingQuestion } from '@assay/domain/candidate';
import type { JsonValue } from '@assay/domain/schemas';
import { type Child, h } from '../lib/dom.js';
import { outputDiffBlock } from './output-diff-view.js';
import { outputBlock, printedBlock, type ResultName } from './run-result-parts.js';
import { queryRowsOf, rowsDifference, rowsSentence } from './rows-diff.js';
import { rowsTableBlock } from './rows-table-view.js';

/**
 * What a stdin/stdout or SQL result shows beyond its verdict (decision 1102), for a sample (with what it expected)
 * and for the candidate's own input (without): the printed text as text, the rows as tables, and for a failing
 * sample what differs. A function's results keep their `dl` of values (sample-results.ts).
 */
export interface FormResult {
  readonly args: readonly JsonValue[];
  /** Absent for the candidate's own input: nothing to compare with. */
  readonly expected?: JsonValue;
  readonly actual?: JsonValue;
  readonly output?: string;
  /** Whether to show what differs (a failing sample). */
  readonly failed: boolean;
}

/** The input text, the expected output (failing samples), the program's output, what differs, its standard error. */
export function stdioParts(result: FormResult, name: ResultName): Child[] {
  const actual = typeof result.actual === 'string' ? result.actual : undefined;
  const expected = typeof result.expected === 'string' ? result.expected : undefined;
  const compare = result.failed && expected !== undefined;
  return [
    printedBlock('Input', String(result.args[0] ?? ''), `Input of ${name.name}`, `case-input-${name.testId}`),
    compare ? printedBlock('Expected output', expected, `Expected output of ${name.name}`, `expected-output-${name.testId}`) : null,
    actual !== undefined ? printedBlock('Your output', actual, `Your output of ${name.name}`, `your-output-${name.testId}`) : null,
    compare && actual !== undefined ? outputDiffBlock(expected, actual, name) : null,
    outputBlock(result.output, name, 'stderr'),
  ];
}

/** The sample's data, the rows the query returned (those not expected marked), and the expected rows (those missing marked). */
export function sqlParts(result: FormResult, question: CandidateCodingQuestion, name: ResultName): Child[] {
  const expected = queryRowsOf(result.expected);
  const actual = queryRowsOf(result.actual);
  const rule = { ordered: question.sql?.ordered ?? false, checkColumnNames: question.sql?.checkColumnNames ?? true };
  const difference = result.failed && expected && actual ? rowsDifference(expected, actual, rule) : null;
  const sentence = difference ? rowsSentence(difference) : null;
  return [
    printedBlock('Data', String(result.args[0] ?? ''), `Data of ${name.name}`, `case-input-${name.testId}`),
    sentence ? h('p', { class: 'case-diff-summary', 'data-testid': `rows-diff-summary-${name.testId}` }, sentence) : null,
    actual
      ? rowsTableBlock('Your rows', actual, {
          label: `Your rows for ${name.name}`,
          testId: `your-rows-${name.testId}`,
          ...(difference ? { mark: 'extra', marked: difference.extra } : {}),
        })
      : null,
    difference && expected
      ? rowsTableBlock('Expected rows', expected, {
          label: `Expected rows of ${name.name}`,
          testId: `expected-rows-${name.testId}`,
          mark: 'missing',
          marked: difference.missing,
        })
      : null,
    outputBlock(result.output, name, 'stderr'),
  ];
}
