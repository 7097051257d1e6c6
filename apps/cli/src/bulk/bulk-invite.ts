import { writeFile } from 'node:fs/promises';
import type { AssayClient } from '@assay/client';
import type { BulkInvitationJob } from '@assay/domain/bulk';
import { spreadsheetCell } from '@assay/domain/text';
import { stringify } from 'csv-stringify/sync';
import { SomeRowsRefusedError } from '../errors.js';
import { readCsv } from './bulk-file.js';
import { terminalLine } from '../format/terminal-text.js';
import type { CliIo } from '../commands/cli-io.js';
import { isInteractive } from '../commands/cli-io.js';

/** How often the job is asked for its progress. */
export const BULK_POLL_MS = 500;

export interface BulkInviteOptions {
  csv: string;
  refusedCsv?: string;
  json?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The summary a person reads: counts, and each refused row with its reason (as the server wrote it, made safe). */
export const bulkSummary = (job: BulkInvitationJob): string => {
  const lines = [
    `job ${job.jobId}: ${job.invited} invited, ${job.alreadyInvited} already invited, ${job.refused} refused of ${job.total} rows${job.resubmitted ? ' (this file was sent before: nobody invited again)' : ''}`,
  ];
  for (const row of job.rows ?? []) if (row.outcome === 'refused') lines.push(terminalLine(`row ${row.row} ${row.email}: ${row.reason ?? 'refused'}`));
  return lines.join('\n');
};

/**
 * The refused rows as CSV a person can mend and send again. A person opens it in a spreadsheet: the address came from
 * the uploaded file as it was, so its cells are neutralised like every CSV cell Assay writes (`spreadsheetCell`).
 */
export const refusedRowsCsv = (job: BulkInvitationJob): string =>
  stringify(
    (job.rows ?? []).filter((row) => row.outcome === 'refused').map((row) => [row.row, spreadsheetCell(row.email), spreadsheetCell(row.reason ?? '')]),
    { header: true, columns: ['row', 'email', 'reason'] },
  );

/**
 * `assay invite TEST_ID --csv FILE`: sends the file, follows the job until it finishes (a line of progress on an
 * interactive stderr), prints the summary (or the job as JSON), writes the refused rows when asked, and answers the
 * exit code: 0 when every row was invited or already invited, 4 (`SomeRowsRefusedError`) otherwise.
 */
export const bulkInvite = async (io: CliIo, client: AssayClient, testId: number, options: BulkInviteOptions): Promise<void> => {
  const csv = await readCsv(options.csv);
  let job = await client.invitations.bulk(testId, { csv });
  const showProgress = !options.json && isInteractive(io);
  while (job.state !== 'finished') {
    if (showProgress) io.stderr.write(`\rinviting: ${job.percent}% (${job.total - job.pending} of ${job.total} rows)`);
    await sleep(BULK_POLL_MS);
    job = await client.invitations.bulkJob(job.jobId, { rows: 'none' });
  }
  if (showProgress) io.stderr.write('\n');
  const finished = await client.invitations.bulkJob(job.jobId, { rows: options.json ? 'all' : 'refused' });
  const answer = { ...finished, resubmitted: job.resubmitted };
  if (options.refusedCsv) await writeFile(options.refusedCsv, refusedRowsCsv(answer));
  io.stdout.write(options.json ? `${JSON.stringify(answer)}\n` : `${bulkSummary(answer)}\n`);
  if (answer.refused > 0) throw new SomeRowsRefusedError(answer.refused, answer.total);
};
