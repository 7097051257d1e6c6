import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { FailureText } from '../components/FailureText.js';
import { MoveLine, useInvitationMove } from '../components/InvitationMove.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { IntegrityMark } from '../components/IntegrityText.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { deniedKeys, isDenied } from '../state/key-permissions.js';
import { loadInvitations, type InvitationRow } from '../data/invitations-of-test.js';
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

const CHROME_ROWS = 5 + LIST_POSITION_ROWS;
const reducer = listReducer(INVITATIONS_VIEW);

/** The score to show (decision 649): the provisional one marked with a `~`, none as "—", never a placeholder 0. */
const scoreText = (row: InvitationRow) => {
  if (row.score === null) return '—';
  return `${row.scoreStatus === 'provisional' ? '~' : ''}${row.score}/${row.maxScore}`;
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

  useCall(
    remoteCallKey(state.remote, `invitations:${testId}`),
    (signal) => loadInvitations(client, testId, signal),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useOnReturn(() => dispatch({ type: 'reload' }));

  const selected = selectedRow(state, INVITATIONS_VIEW);
  // Only the moves the key's role may make (issue 50): a reviewer is offered no cancel or reattempt.
  const may = useMay();
  const denied = deniedKeys('invitations', may);
  const offered = selected && may('change-invitations') ? offeredMoves(selected.testStatus) : [];
  useChrome({
    title: 'Invitations',
    hints: move.phase === 'confirming' ? HINTS.confirm : state.editing ? HINTS.searching : HINTS.invitations(offered),
    typing: state.editing,
    modal: move.phase === 'confirming' || state.editing,
  });

  useScreenKeys(
    (stroke) =>
      moving.keys(stroke) ||
      (!current().editing && isDenied(denied, stroke)) ||
      applyDecision(
        invitationsKeys({ state: current(), view: INVITATIONS_VIEW, pageSize: visible }, testId, stroke),
        dispatch,
        performWith({ open, ask: (action) => moving.send({ type: 'ask', action, confirm: true }) }),
      ),
  );

  const rows = shownRows(state, INVITATIONS_VIEW);
  const { first, last } = windowOf(state.cursor, rows.length, visible);
  const columns = columnsFor(body.columns, [7, 'flex', 'flex', 16, 8, 8, 4], [0, 4]);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Invitations of <Text bold>{testName}</Text>
        {rows.some((row) => row.scoreStatus === 'provisional') ? <Text dimColor> (~ provisional: marks so far, answers await review)</Text> : null}
      </Text>
      <Row header columns={columns} cells={['ID', 'NAME', 'EMAIL', 'STATUS', 'SCORE', 'WV/TV', 'INT']} />
      {rows.slice(first, last).map((row, index) => (
        <Row
          key={row.testInvitationId}
          columns={columns}
          selected={first + index === state.cursor}
          cells={[
            String(row.testInvitationId),
            row.fullName,
            row.emailId,
            <StatusText status={listStateOf(row)} />,
            scoreText(row),
            `${row.wv}/${row.tv} s`,
            integrityCell(row),
          ]}
        />
      ))}
      {state.remote.phase === 'loading' ? <Text dimColor>Loading invitations…</Text> : null}
      {state.remote.phase === 'ready' && state.remote.value.length === 0 ? (
        <Text dimColor>No invitations yet: register a candidate from the test (n).</Text>
      ) : null}
      {state.remote.value?.length ? <ListPosition state={state} view={INVITATIONS_VIEW} visible={visible} focus={active} /> : null}
      {state.remote.phase === 'failed' ? <FailureText failure={state.remote.failure} hint="(r to retry)" /> : null}
      <MoveLine state={move} />
    </Box>
  );
};
