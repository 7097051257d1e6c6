import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { FailureText } from '../components/FailureText.js';
import { MoveLine, useInvitationMove } from '../components/InvitationMove.js';
import { EXTEND_PROMPT_ROWS, ExtendLine, useExtendPrompt } from '../components/ExtendPrompt.js';
import { extendPromptKeys } from '../state/extend-prompt.js';
import type { MoveRequest } from '../state/invitation-moves.js';
import { columnsFor, Row } from '../components/Row.js';
import { scoreCellText, scoreColumnWidth } from '../state/invitation-score-cell.js';
import { recordedCells, recordedColumnsAt } from '../state/recorded-columns.js';
import { StatusText } from '../components/StatusText.js';
import { IntegrityMark } from '../components/IntegrityText.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { deniedKeys, isDenied } from '../state/key-permissions.js';
import { loadInvitations, loadSummary, type InvitationRow } from '../data/invitations-of-test.js';
import { PROMPT_ROWS, PromptLine, usePipelinePrompt } from '../components/PipelinePrompt.js';
import { isNoFilter, matchesPipelineFilter, pipelineFilterText, type PipelineFilter } from '../state/pipeline-filter.js';
import { pipelineOpenKeys, pipelinePromptKeys } from '../state/pipeline-prompt.js';
import { summaryLines } from '../state/pipeline-summary.js';
import type { InvitationSummary } from '@assay/domain/schemas';
import type { Failure } from '../../errors.js';
import { useState } from 'react';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { performWith } from '../shell/screen-effects.js';
import { useChrome, useOnReturn, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { offeredMoves } from '../state/invitation-moves.js';
import { initialList, listReducer, selectedRow, shownRows, windowOf } from '../state/list-state.js';
import { INVITATIONS_VIEW, listStateOf } from '../state/list-views.js';
import { LIST_POSITION_ROWS, ListPosition } from '../components/ListPosition.js';
import { remoteCallKey } from '../state/remote-state.js';
import { invitationsKeys } from '../state/screen-keys.js';
import { NO_MARKS } from '../state/invitation-marks.js';
import { markedCountText, marksStillListed } from '../state/invitation-marks.js';

/** The title, the summary's two lines, the filter line, the column header, the position line and the outcome line. */
const CHROME_ROWS = 8 + LIST_POSITION_ROWS;
const reducer = listReducer(INVITATIONS_VIEW);

/** The score to show (decision 649): the provisional one marked with a `~`, none as "—", never a placeholder 0. */
/** The decision column (issue 50, decision 807): the CLI's verb (it fits 10 cells), coloured by where it leads; blank without one. */
const DECISION_CELL = {
  shortlisted: ['shortlist', 'green'],
  advanced: ['advance', 'cyan'],
  rejected: ['reject', 'red'],
  'on-hold': ['hold', 'yellow'],
} as const;
const decisionCell = (row: InvitationRow) => {
  if (!row.decision) return '';
  const [word, color] = DECISION_CELL[row.decision];
  return <Text color={color}>{word}</Text>;
};

/** The integrity summary's level as a mark (issue 48, decisions 648 and 672); "—" for a row the server did not summarise. */
const integrityCell = (row: InvitationRow) => (row.integrity ? <IntegrityMark level={row.integrity.level} /> : '—');

export const InvitationsScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body, open, active } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(reducer, initialList<InvitationRow>);
  const visible = Math.max(1, body.rows - CHROME_ROWS);
  const moving = useInvitationMove(() => dispatch({ type: 'reload' }));
  const move = moving.state;
  // One reload after each write; a bulk decision's marks go with it (issue 61 item 2).
  const prompting = usePipelinePrompt((kind) => {
    if (kind === 'decideMany') dispatch({ type: 'marks', marked: NO_MARKS });
    dispatch({ type: 'reload' });
  });
  const prompt = prompting.state;
  const promptOpen = prompt.phase !== 'closed';
  const extending = useExtendPrompt();
  const extendOpen = extending.state.phase === 'open';
  const listRows = Math.max(1, visible - (promptOpen ? PROMPT_ROWS : 0) - (extendOpen ? EXTEND_PROMPT_ROWS : 0));
  // Read with the list, on the same reloads: the counts and the rows never tell two different moments apart by much.
  const [summary, setSummary] = useState<{ value: InvitationSummary | null; failure: Failure | null }>({ value: null, failure: null });
  useCall(
    remoteCallKey(state.remote, `summary:${testId}`),
    (signal) => loadSummary(client, testId, signal),
    (value) => setSummary({ value, failure: null }),
    (failure) => setSummary((before) => ({ ...before, failure })),
  );

  useCall(
    remoteCallKey(state.remote, `invitations:${testId}`),
    (signal) => loadInvitations(client, testId, signal),
    (value) => {
      dispatch({ type: 'loaded', value });
      // Marks on candidates the reload no longer lists are dropped: nobody is decided unseen.
      dispatch({
        type: 'marks',
        marked: marksStillListed(
          current().marked,
          value.map((row) => row.testInvitationId),
        ),
      });
    },
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useOnReturn(() => dispatch({ type: 'reload' }));

  const selected = selectedRow(state, INVITATIONS_VIEW);
  // Only the moves the key's role may make (issue 50): a reviewer is offered no cancel or reattempt.
  const may = useMay();
  const denied = deniedKeys('invitations', may);
  const offered = selected && may('change-invitations') ? offeredMoves(selected.testStatus) : [];
  const choosing = prompt.prompt?.kind === 'rate' || (prompt.prompt?.kind === 'decide' && prompt.prompt.decision === undefined);
  const promptHints = choosing ? HINTS.pipelineChoice : HINTS.pipelinePrompt;
  useChrome({
    title: 'Invitations',
    hints: extendOpen
      ? HINTS.extendPrompt
      : move.phase === 'confirming'
        ? HINTS.confirm
        : promptOpen
          ? promptHints
          : state.editing
            ? HINTS.searching
            : HINTS.invitations(offered, { decide: may('decide-candidates'), annotate: may('annotate-candidates') }),
    typing: extendOpen || state.editing || (promptOpen && !choosing),
    modal: extendOpen || move.phase === 'confirming' || state.editing || promptOpen,
  });
  // Extend asks for the new deadline first (no y/n: what is typed is the confirmation); the other moves are confirmed.
  const ask = (action: MoveRequest) => {
    const row = selectedRow(current(), INVITATIONS_VIEW);
    if (action.move === 'extend' || action.move === 'renew')
      extending.send({ type: 'open', request: action, who: row ? `${row.fullName} (${row.testInvitationId})` : String(action.testInvitationId) });
    else moving.send({ type: 'ask', action, confirm: true });
  };
  const filterOf = (narrowing: typeof state.narrowing) => narrowing?.text ?? '';
  const applyFilter = ({ filter }: { filter: PipelineFilter }) =>
    dispatch({
      type: 'narrow',
      narrowing: isNoFilter(filter) ? null : { text: pipelineFilterText(filter), keeps: (row: InvitationRow) => matchesPipelineFilter(row, filter) },
    });

  useScreenKeys(
    (stroke) =>
      applyDecision(extendPromptKeys(extending.current(), stroke), extending.send, ({ run }) => moving.send({ type: 'ask', action: run, confirm: false })) ||
      moving.keys(stroke) ||
      applyDecision(pipelinePromptKeys(prompting.current(), stroke), prompting.send, applyFilter) ||
      (!current().editing && isDenied(denied, stroke)) ||
      (!current().editing &&
        applyDecision(
          pipelineOpenKeys(selectedRow(current(), INVITATIONS_VIEW), filterOf(current().narrowing), stroke, { testId, ids: [...current().marked] }),
          prompting.send,
        )) ||
      applyDecision(invitationsKeys({ state: current(), view: INVITATIONS_VIEW, pageSize: listRows }, testId, stroke), dispatch, performWith({ open, ask })),
  );

  const rows = shownRows(state, INVITATIONS_VIEW);
  const { first, last } = windowOf(state.cursor, rows.length, listRows);
  // Below 100 columns the WV/TV counts give their room to the decision (decision 807): the INT mark still says whether
  // departures need a look, and the report has the counts.
  const wide = body.columns >= 100;
  // The mean rating and the tags (issue 61 item 3, decision 1422) where the width has room for them; the report's
  // first screen has them at every width.
  const recorded = recordedColumnsAt(body.columns);
  const columns = columnsFor(
    body.columns,
    wide ? [7, 'flex', 'flex', 16, scoreColumnWidth(true), 10, ...recorded.widths, 8, 4] : [6, 'flex', 'flex', 16, scoreColumnWidth(false), 10, 4],
    [0, 4, ...(recorded.rated ? [6] : [])],
  );
  const headers = ['ID', 'NAME', 'EMAIL', 'STATUS', 'SCORE', 'DECISION', ...recorded.headers, ...(wide ? ['WV/TV'] : []), 'INT'];
  const decided = (state.remote.value ?? []).filter((row) => row.decision !== null).length;
  const [stagesLine, scoresLine] = summary.value ? summaryLines(summary.value, decided) : ['Loading the pipeline…', ''];
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Invitations of <Text bold>{testName}</Text>
        {rows.some((row) => row.scoreStatus === 'provisional') ? <Text dimColor> (~ provisional: marks so far, answers await review)</Text> : null}
      </Text>
      <Text wrap="truncate-end" dimColor={!summary.value}>
        {stagesLine}
      </Text>
      {summary.failure ? (
        <Text wrap="truncate-end" color="red">
          ✗ summary: {summary.failure.message}
        </Text>
      ) : (
        <Text wrap="truncate-end">{scoresLine}</Text>
      )}
      <Text wrap="truncate-end">
        {state.narrowing ? (
          <>
            Filter: <Text color="cyan">{state.narrowing.text}</Text>
            <Text dimColor> (F to change)</Text>
          </>
        ) : (
          <Text dimColor>No filter (F: e.g. completed score&gt;=15 clean)</Text>
        )}
        {state.marked.size > 0 ? <Text color="magenta"> · {markedCountText(state.marked)} (space/A)</Text> : null}
      </Text>
      <Row header columns={columns} cells={headers} />
      {rows.slice(first, last).map((row, index) => (
        <Row
          key={row.testInvitationId}
          columns={columns}
          selected={first + index === state.cursor}
          cells={[
            // The mark glyph leads the id (issue 61 item 2): the id column keeps its width at 80 columns.
            `${state.marked.has(row.testInvitationId) ? '●' : ' '}${row.testInvitationId}`,
            row.fullName,
            row.emailId,
            <StatusText status={listStateOf(row)} />,
            scoreCellText(row, wide),
            decisionCell(row),
            ...recordedCells(row, recorded),
            ...(wide ? [`${row.wv}/${row.tv} s`] : []),
            integrityCell(row),
          ]}
        />
      ))}
      {state.remote.phase === 'loading' ? <Text dimColor>Loading invitations…</Text> : null}
      {state.remote.phase === 'ready' && state.remote.value.length === 0 ? (
        <Text dimColor>No invitations yet: register a candidate from the test (n).</Text>
      ) : null}
      {state.remote.value?.length ? <ListPosition state={state} view={INVITATIONS_VIEW} visible={listRows} focus={active} /> : null}
      {state.remote.phase === 'failed' ? <FailureText failure={state.remote.failure} hint="(r to retry)" /> : null}
      <MoveLine state={move} />
      <ExtendLine state={extending.state} width={body.columns} />
      <PromptLine state={prompt} width={body.columns} />
    </Box>
  );
};
