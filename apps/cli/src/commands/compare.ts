import { COMPARE_MAX, COMPARE_MIN } from '@assay/domain/report';
import type { Command } from 'commander';
import { comparisonText } from '../format/comparison-rows.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson } from './json-option.js';
import { emit } from './output.js';

/**
 * `assay compare TEST ID ID [ID…]` (issue 61 item 4, decision 1430): 2–5 candidates of a test side by side, one
 * column each, one row per fact, at 80 columns. With `--json`, the API's comparison. The server checks the count.
 */
export const registerCompare = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('compare')
      .description(`${COMPARE_MIN}–${COMPARE_MAX} candidates of a test side by side: scores, sections, skills, time, integrity, decision, rating, marks`)
      .argument('<TEST>', 'the testId', parseId)
      .argument('<IDS...>', `${COMPARE_MIN}–${COMPARE_MAX} testInvitationIds of that test`, (value: string, previous: number[] = []) => [
        ...previous,
        parseId(value),
      ]),
  ).action(
    act(io, async (io, options, testId: number, ids: number[]) => {
      const comparison = await (await connect(io, options.profile)).reports.compare(testId, ids);
      emit(io, options, comparison, () => comparisonText(comparison));
    }),
  );
};
