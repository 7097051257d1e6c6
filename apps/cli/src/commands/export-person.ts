import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PersonalData } from '@assay/domain/schemas';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** "2 invitations, 3 snapshots (1 left out of the document: too large), 1 email from the outbox". */
export const exportSummary = (data: PersonalData): string => {
  const snapshots = data.invitations.reduce((sum, invitation) => sum + invitation.snapshots.length, 0);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const omitted = data.snapshotsOmitted > 0 ? ` (${data.snapshotsOmitted} without their image: past the document's size budget)` : '';
  return `${count(data.invitations.length, 'invitation')}, ${count(snapshots, 'snapshot')}${omitted}, ${count(data.outboxEmails.length, 'email')} from the outbox`;
};

/**
 * `assay export-person EMAIL [--out FILE]` (issue 51 item 3): everything the organization holds about one address, as
 * the API's JSON document — on stdout, or into FILE (readable by its owner only: it is personal data) with a summary.
 */
export const registerExportPerson = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('export-person')
      .description('everything the organization holds about one email address, as one JSON document (a request of access, GDPR Art. 15; admin key)')
      .argument('<EMAIL>', "the candidate's email address")
      .option('--out <FILE>', 'write the document to FILE (created readable by you only) and print a summary'),
  ).action(
    act(io, async (io, options: GlobalOptions & { out?: string }, email: string) => {
      const data = await (await connect(io, options.profile)).personalData.export(email);
      if (!options.out) {
        // The document itself is the output: JSON, made safe for a terminal like every --json answer.
        emit(io, { json: true }, data, () => '');
        return;
      }
      const path = resolve(options.out);
      try {
        await writeFile(path, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
      } catch (error) {
        throw new UsageError(`Cannot write ${path}: ${(error as Error).message}`);
      }
      const snapshots = data.invitations.reduce((sum, invitation) => sum + invitation.snapshots.length, 0);
      const saved = { path, invitations: data.invitations.length, snapshots, snapshotsOmitted: data.snapshotsOmitted, outboxEmails: data.outboxEmails.length };
      emit(io, options, saved, () => `Saved ${path}: ${exportSummary(data)}.`);
    }),
  );
};
