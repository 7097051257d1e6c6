import type { InvitationHistory } from '@assay/domain/invitations';
import type { Command } from 'commander';
import { historyRows } from '../format/history-rows.js';
import { table } from '../format/table.js';
import { terminalLine } from '../format/terminal-text.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson } from './json-option.js';
import { emit } from './output.js';

/**
 * The history as a table: when (UTC), what, by whom — people by name, a key by its id only when nobody named it; then
 * what the history no longer keeps, one line per kind under the table (rows without a time).
 */
export const historyText = (history: InvitationHistory): string => {
  const rows = historyRows(history);
  const entries = rows.filter((row) => row.when !== '').map((row) => [row.when, row.what, row.by]);
  const omitted = rows.filter((row) => row.when === '').map((row) => terminalLine(row.what));
  return [table(['WHEN (UTC)', 'WHAT', 'BY'], entries), ...omitted].join('\n');
};

/**
 * `assay history ID` (issue 50, decision 828): what happened to an invitation and who did it, oldest first — the TUI's
 * `h`, for a shell. With `--json`, the API's document (`GET …/history`).
 */
export const registerHistory = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('history')
      .description('what happened to an invitation and who did it (decisions, notes, ratings, reviews, deliveries), oldest first')
      .argument('<ID>', 'the testInvitationId', parseId),
  ).action(
    act(io, async (io, options, id: number) => {
      const history = await (await connect(io, options.profile)).invitations.history(id);
      emit(io, options, history, () => historyText(history));
    }),
  );
};
