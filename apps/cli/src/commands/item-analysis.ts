import type { ItemAnalysis, ItemAnalysisRow } from '@assay/domain/report';
import type { Command } from 'commander';
import { poolExposureLines } from '../format/pool-exposure-lines.js';
import { table } from '../format/table.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** Short names of the flags, so a row with two of them still fits 80 columns. */
const FLAG_WORDS: Record<ItemAnalysisRow['flags'][number], string> = {
  'too-few-attempts': 'too few',
  'too-easy': 'too easy',
  'too-hard': 'too hard',
  'negative-discrimination': 'neg disc',
  'weak-discrimination': 'weak disc',
  'unpicked-distractor': 'unpicked',
  'distractor-draws-strong': 'lures strong',
};

const figure = (value: number | null): string => (value === null ? '–' : value.toFixed(2));
const optionLetter = (option: number): string => String.fromCharCode(65 + option);

/** The flagged options under the table: which option, its text, and what is wrong with it. */
const optionLines = (rows: readonly ItemAnalysisRow[]): string[] =>
  rows.flatMap((row) =>
    (row.options ?? []).flatMap((option) =>
      option.flags.map((flag) =>
        flag === 'unpicked-distractor'
          ? `Q${row.number} option ${optionLetter(option.option)} "${option.text}": wrong, and nobody chose it`
          : `Q${row.number} option ${optionLetter(option.option)} "${option.text}": wrong, chosen by ${figure(option.upperShare)} of the strongest vs ${figure(option.lowerShare)} of the weakest`,
      ),
    ),
  );

/**
 * Item analysis as a table (issue 62 item 5): a line per question and version with the attempts behind it, facility,
 * discrimination (correlation with the rest), Kelley's index and its flags; the flagged options below it, then each
 * pool's exposure cap with its retired questions.
 */
export const itemAnalysisText = (analysis: ItemAnalysis): string => {
  const rows = analysis.questions.map((row) => [
    String(row.number),
    String(row.questionId),
    row.version.slice(0, 8),
    String(row.attempts),
    figure(row.facility),
    figure(row.discrimination),
    figure(row.upperLowerIndex),
    row.flags.map((flag) => FLAG_WORDS[flag]).join(', '),
  ]);
  const version = analysis.testVersion === undefined ? '' : `, version ${analysis.testVersion}`;
  const head = `Test ${analysis.testId}${version}: ${analysis.scoredAttempts} attempts with final results (flags need ${analysis.minAttempts} a question).`;
  const options = optionLines(analysis.questions);
  const pools = poolExposureLines(analysis.pools ?? []);
  const legend = 'FAC facility (mean fraction of marks), DISC correlation with the rest of the test, U-L upper-lower 27 % index: docs/item-analysis.md';
  return [
    head,
    '',
    table(['#', 'QUESTION', 'VERSION', 'N', 'FAC', 'DISC', 'U-L', 'FLAGS'], rows),
    ...(options.length ? ['', ...options] : []),
    ...(pools.length ? ['', ...pools] : []),
    '',
    legend,
  ].join('\n');
};

/** `assay tests analysis TEST_ID [--json]`: which of a test's questions work, on the org's own attempts. */
export const registerItemAnalysis = (tests: Command, io: CliIo): void => {
  withJson(
    tests
      .command('analysis')
      .description(
        "item analysis of a test's questions on your attempts: facility, discrimination, options, flags, each pool's exposure cap and retired questions (docs/item-analysis.md)",
      )
      .argument('<TEST_ID>', 'the test', parseId)
      .option('--test-version <N>', 'the test version to analyse (default the current one; docs/test-versions.md)', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions & { testVersion?: number }, testId: number) => {
      const client = await connect(io, options.profile);
      const analysis = await client.reports.itemAnalysis(testId, options.testVersion === undefined ? {} : { version: options.testVersion });
      emit(io, options, analysis, () => itemAnalysisText(analysis));
    }),
  );
};
