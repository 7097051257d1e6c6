import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { FailureText } from '../components/FailureText.js';
import { MoveLine, useInvitationMove } from '../components/InvitationMove.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { HINTS } from '../hints.js';
import { loadInvitations, type InvitationRow } from '../data/invitations-of-test.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { performWith } from '../shell/screen-effects.js';
import { useChrome, useOnReturn, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { offeredMoves } from '../state/invitation-moves.js';
import { initialList, listReducer, selectedItem } from '../state/list-state.js';
import { remoteCallKey } from '../state/remote-state.js';
import { invitationsKeys } from '../state/screen-keys.js';

const CHROME_ROWS = 5;

const scoreText = (row: InvitationRow) => (row.score === null ? '–' : `${row.score}/${row.totalScore ?? '?'}`);

export const InvitationsScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(listReducer<InvitationRow>, initialList<InvitationRow>);
  const moving = useInvitationMove(() => dispatch({ type: 'reload' }));
  const move = moving.state;

  useCall(
    remoteCallKey(state.remote, `invitations:${testId}`),
    (signal) => loadInvitations(client, testId, signal),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useOnReturn(() => dispatch({ type: 'reload' }));

  const selected = selectedItem(state);
  const offered = selected ? offeredMoves(selected.testStatus) : [];
  useChrome({
    title: 'Invitations',
    hints: move.phase === 'confirming' ? HINTS.confirm : HINTS.invitations(offered),
    modal: move.phase === 'confirming',
  });

  useScreenKeys(
    (stroke) =>
      moving.keys(stroke) ||
      applyDecision(
        invitationsKeys(current(), testId, stroke),
        dispatch,
        performWith({ open, ask: (action) => moving.send({ type: 'ask', action, confirm: true }) }),
      ),
  );

  const rows = state.remote.value ?? [];
  const visible = Math.max(1, body.rows - CHROME_ROWS);
  const first = Math.max(0, Math.min(state.cursor - visible + 1, rows.length - visible));
  const columns = columnsFor(body.columns, [7, 'flex', 'flex', 12, 9, 9], [0, 4]);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Invitations of <Text bold>{testName}</Text> <Text dimColor>(from the test's Excel report)</Text>
      </Text>
      <Row header columns={columns} cells={['ID', 'NAME', 'EMAIL', 'STATUS', 'SCORE', 'WV/TV']} />
      {rows.slice(first, first + visible).map((row, index) => (
        <Row
          key={row.testInvitationId}
          columns={columns}
          selected={first + index === state.cursor}
          cells={[String(row.testInvitationId), row.fullName, row.emailId, <StatusText status={row.testStatus} />, scoreText(row), `${row.wv}/${row.tv} s`]}
        />
      ))}
      {state.remote.phase === 'loading' ? <Text dimColor>Loading invitations…</Text> : null}
      {state.remote.phase === 'ready' && rows.length === 0 ? <Text dimColor>No invitations yet: register a candidate from the test (n).</Text> : null}
      {state.remote.phase === 'failed' ? <FailureText failure={state.remote.failure} hint="(r to retry)" /> : null}
      <MoveLine state={move} />
    </Box>
  );
};
