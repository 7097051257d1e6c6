import type { BulkInvitationJob, BulkRowCheck } from '@assay/domain/bulk';
import { Box } from 'ink';
import { readdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readBulkFile, type BulkFile } from '../../bulk/bulk-file.js';
import { refusedRowsCsv } from '../../bulk/bulk-invite.js';
import { describeFailure, UsageError, type Failure } from '../../errors.js';
import { Bar } from '../components/Bar.js';
import { Confirm } from '../components/Confirm.js';
import { FailureText } from '../components/FailureText.js';
import { FieldRow, fieldColumns } from '../components/FieldRow.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { usePoll } from '../shell/use-poll.js';
import {
  bulkInviteKeys,
  bulkInviteReducer,
  initialBulkInvite,
  readCallKey,
  saveCallKey,
  sendCallKey,
  type BulkInviteState,
} from '../state/bulk-invite-state.js';

/** Rows the preview shows from the top of the file, and refused rows it lists. */
const PREVIEW_ROWS = 5;
const REFUSED_SHOWN = 8;
/** The job asked for its progress every half second, as `assay invite --csv` does. */
const POLL_MS = 500;
const pollDelay = () => POLL_MS;

/** The CSV files of the working directory, to pick with ↑↓ (none when it cannot be read). */
const csvFilesHere = async (): Promise<string[]> =>
  (await readdir(process.cwd()).catch(() => [] as string[]))
    .filter((name) => /\.csv$/i.test(name))
    .sort()
    .slice(0, 50);

const counts = (checks: readonly BulkRowCheck[]) => {
  const refused = checks.filter((check) => !check.ok).length;
  return { refused, toInvite: checks.length - refused };
};

/** The job once finished, with its refused rows (for the summary and the CSV); the progress only before. */
const jobNow = async (client: ReturnType<typeof useConnection>['client'], job: BulkInvitationJob): Promise<BulkInvitationJob> => {
  const progress = await client.invitations.bulkJob(job.jobId, { rows: 'none' });
  if (progress.state !== 'finished') return { ...progress, resubmitted: job.resubmitted };
  return { ...(await client.invitations.bulkJob(job.jobId, { rows: 'refused' })), resubmitted: job.resubmitted };
};

const RefusedRows = ({ rows }: { rows: readonly { row: number; email: string; reason: string }[] }) => (
  <Box flexDirection="column">
    {rows.slice(0, REFUSED_SHOWN).map((row) => (
      <Text key={row.row} wrap="truncate-end">
        <Text color="red">✗</Text> row {String(row.row)} {row.email || '(no email)'}: {row.reason}
      </Text>
    ))}
    {rows.length > REFUSED_SHOWN ? <Text dimColor>…and {String(rows.length - REFUSED_SHOWN)} more refused rows</Text> : null}
  </Box>
);

const Preview = ({ file }: { file: BulkFile }) => {
  const { refused, toInvite } = counts(file.checks);
  const refusedRows = file.checks.flatMap((check) => (check.ok ? [] : [{ row: check.row, email: check.email, reason: check.reason }]));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        {file.path}: {String(file.rows.length)} rows, <Text color="green">{String(toInvite)} to invite</Text>,{' '}
        <Text color={refused > 0 ? 'red' : undefined}>{String(refused)} refused</Text>
      </Text>
      <Text dimColor>First rows:</Text>
      {file.checks.slice(0, PREVIEW_ROWS).map((check) => (
        <Text key={check.ok ? check.value.row : check.row} wrap="truncate-end">
          {check.ok ? (
            <>
              <Text color="green">✓</Text> row {String(check.value.row)} {check.value.email} {check.value.name}
              {check.value.extraTimePercent ? ` (+${check.value.extraTimePercent}% time)` : ''}
            </>
          ) : (
            <>
              <Text color="red">✗</Text> row {String(check.row)} {check.email || '(no email)'}: {check.reason}
            </>
          )}
        </Text>
      ))}
      {refused > 0 ? (
        <>
          <Text dimColor>Refused (the server refuses the same rows; the others are invited):</Text>
          <RefusedRows rows={refusedRows} />
        </>
      ) : null}
    </Box>
  );
};

const Summary = ({ state }: { state: Extract<BulkInviteState, { phase: 'finished' }> }) => {
  const { job } = state;
  const refusedRows = (job.rows ?? []).filter((row) => row.outcome === 'refused').map((row) => ({ ...row, reason: row.reason ?? 'refused' }));
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">
        <Text color="green">✓</Text> Job {String(job.jobId)} finished: <Text bold>{String(job.invited)} invited</Text>, {String(job.alreadyInvited)} already
        invited, {String(job.refused)} refused of {String(job.total)} rows.
      </Text>
      {job.resubmitted ? <Text dimColor>This file was sent before for this test: its job is shown, nobody was invited again.</Text> : null}
      {refusedRows.length > 0 ? <RefusedRows rows={refusedRows} /> : null}
      {state.saved ? <Text color="green">Refused rows saved to {state.saved}</Text> : null}
      {state.saveFailure ? <FailureText failure={state.saveFailure} /> : null}
    </Box>
  );
};

export const BulkInviteScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { active, body } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(bulkInviteReducer, initialBulkInvite);
  const failed = (failure: Failure) => dispatch({ type: 'failed', failure });

  useCall(
    'found',
    () => csvFilesHere(),
    (paths) => dispatch({ type: 'found', paths }),
    failed,
  );
  useCall(
    readCallKey(state),
    () => readBulkFile(state.path.value.trim(), Date.now()),
    (file) => dispatch({ type: 'readDone', file }),
    failed,
  );
  useCall(
    sendCallKey(state),
    (signal) => {
      if (state.phase !== 'sending') throw new Error('nothing to send');
      return client.invitations.bulk(testId, { csv: state.file.csv }, { signal });
    },
    (job) => dispatch({ type: 'sent', job }),
    failed,
  );
  // Each answer (a failure too: it re-arms with a copy of the job) schedules the next ask; leaving the screen stops it.
  usePoll(state.phase === 'running', state.phase === 'running' ? state.job : null, pollDelay, () => {
    const now = current();
    if (now.phase !== 'running') return;
    jobNow(client, now.job).then(
      (job) => dispatch({ type: 'progressed', job }),
      (error: unknown) => failed(describeFailure(error)),
    );
  });
  useCall(
    saveCallKey(state),
    async () => {
      if (state.phase !== 'finished' || state.target === null) throw new Error('nothing to save');
      const path = resolve(state.target.value.trim());
      try {
        await writeFile(path, refusedRowsCsv(state.job), { flag: 'wx' });
      } catch (error) {
        throw new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)} (a file there is never overwritten)`);
      }
      return path;
    },
    (path) => dispatch({ type: 'saved', path }),
    failed,
  );

  const typing = state.phase === 'choosing' || (state.phase === 'finished' && state.target !== null);
  useChrome({
    title: 'Invite a file of candidates',
    hints:
      state.phase === 'previewing'
        ? HINTS.confirm
        : state.phase === 'finished'
          ? state.target
            ? HINTS.naming
            : HINTS.bulkSummary
          : state.phase === 'choosing'
            ? HINTS.bulkFile
            : HINTS.bulkRunning,
    typing,
    modal: state.phase === 'previewing' || (state.phase === 'finished' && state.target !== null),
  });
  useScreenKeys((stroke) => applyDecision(bulkInviteKeys(current(), stroke), dispatch));

  const columns = fieldColumns(body.columns, 14);
  const pathField = (label: string, value: { value: string; caret: number }, focused: boolean, note?: string) => (
    <FieldRow columns={{ ...columns, value: Math.max(columns.value, Math.min(60, body.columns - 18)) }} label={label} focused={focused} note={note}>
      <TextField
        input={{ value: value.value, caret: focused ? value.caret : 0 }}
        placeholder="candidates.csv"
        focus={active && focused}
        width={Math.min(60, body.columns - 18)}
      />
    </FieldRow>
  );

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Invite a file of candidates to <Text bold>{testName}</Text>
      </Text>
      <Text> </Text>
      {state.phase === 'choosing' || state.phase === 'reading' ? (
        <>
          {pathField('CSV file', state.path, state.phase === 'choosing', state.found.length > 0 ? `↑↓ ${state.found.length} CSV files here` : undefined)}
          <Text dimColor>Columns: email, name, and optionally extraTimePercent, linkExpiresAt (up to 10,000 rows).</Text>
          {state.phase === 'reading' ? <Text dimColor>Reading {state.path.value.trim()}…</Text> : null}
          {state.failure ? <FailureText failure={state.failure} /> : null}
        </>
      ) : state.phase === 'previewing' || state.phase === 'sending' ? (
        <>
          <Preview file={state.file} />
          {state.phase === 'previewing' ? (
            <Confirm question={`Invite the ${counts(state.file.checks).toInvite} valid rows?`} />
          ) : (
            <Text dimColor>Sending the file…</Text>
          )}
        </>
      ) : state.phase === 'running' ? (
        <>
          <Text wrap="truncate-end">
            Job {String(state.job.jobId)}: inviting {String(state.job.total)} rows ({String(state.job.invited)} invited, {String(state.job.alreadyInvited)}{' '}
            already invited, {String(state.job.refused)} refused)
          </Text>
          <Text>
            <Bar fraction={state.job.percent / 100} width={Math.max(10, Math.min(50, body.columns - 20))} color="cyan" /> {String(state.job.percent)}% (
            {String(state.job.total - state.job.pending)} of {String(state.job.total)})
          </Text>
          <Text dimColor>Esc leaves: the job goes on on the server.</Text>
          {state.failure ? <FailureText failure={state.failure} hint="asking again…" /> : null}
        </>
      ) : (
        <>
          <Summary state={state} />
          {state.target ? pathField('Save to', state.target, !state.saving, 'refused rows as CSV: row, email, reason') : null}
        </>
      )}
    </Box>
  );
};
