import { createInterface } from 'node:readline/promises';
import type { ErasedCandidates } from '@assay/domain/invitations';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

type EraseOptions = GlobalOptions & { email?: string; yes?: boolean };

/** What was erased, for a person: the invitations, and that the scores stay. */
export const erasedText = (done: ErasedCandidates): string => {
  const ids = done.testInvitationIds.join(', ');
  const what = done.scope === 'invitation' ? `invitation ${ids}` : ids === '' ? 'that address' : `every invitation of that address (${ids})`;
  // Rows of bulk files that never became an invitation go with the address (decision 1003).
  const rows = done.bulkRows > 0 ? `, and ${done.bulkRows} bulk-file row${done.bulkRows === 1 ? '' : 's'} that never became an invitation` : '';
  const lines = [`Erased ${what}: ${done.erased} now, ${done.alreadyErased} erased before${rows}.`];
  lines.push('Names, address, answers, code, snapshots and notes are gone; scores stay as "Erased candidate".');
  return lines.join('\n');
};

/**
 * The confirmation: the address (or the id) typed again, on the terminal or as the first line of standard input. Any
 * other answer, or none, cancels (a usage error, exit 2) before any request.
 */
const confirm = async (io: CliIo, expected: string, what: string): Promise<void> => {
  const lines = createInterface({ input: io.stdin, output: io.stderr, terminal: Boolean(io.stdin.isTTY) });
  const closed = new Promise<undefined>((resolve) => lines.once('close', () => resolve(undefined)));
  try {
    const answer = await Promise.race([lines.question(`This cannot be undone. Type ${what} (${expected}) to erase: `), closed]);
    if (answer === undefined || answer.trim().toLowerCase() !== expected.toLowerCase()) {
      throw new UsageError(`Not erased: the confirmation did not match ${expected} (type it, or pass --yes).`);
    }
  } finally {
    lines.close();
  }
};

/**
 * Issue 51 item 1: `assay erase --email X` (every invitation of the address) or `assay erase ID` (one invitation), for
 * an admin key, after a confirmation (decision 847). Prints what was erased, or `--json`.
 */
export const registerErase = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('erase')
      .description("erase a candidate's personal data: every invitation of an address (--email), or one invitation (ID); cannot be undone")
      .argument('[ID]', 'the testInvitationId', parseId)
      .option('--email <ADDRESS>', 'every invitation of this address in the organization')
      .option('--yes', 'do not ask for the confirmation'),
  ).action(
    act(io, async (io, options: EraseOptions, id: number | undefined) => {
      if ((options.email === undefined) === (id === undefined)) throw new UsageError('Give either --email ADDRESS or an invitation ID, not both.');
      const whom = options.email === undefined ? { testInvitationId: id! } : { emailId: options.email };
      if (!options.yes) await confirm(io, options.email ?? String(id), options.email === undefined ? 'the invitation id' : 'the address');
      const client = await connect(io, options.profile);
      const done = await client.candidates.erase(whom);
      emit(io, options, done, () => erasedText(done));
    }),
  );
};
