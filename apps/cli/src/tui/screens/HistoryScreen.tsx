import { useState } from 'react';
import { Box } from 'ink';
import type { InvitationHistory } from '@assay/domain/invitations';
import { Text } from '../components/Text.js';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { historyKeys, historyRows, type HistoryEvent } from '../state/history-view.js';
import { clampTop } from '../state/scroll-keys.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';

/** What happened to an invitation (issue 32), oldest first: when, what, by whom; ↑↓ scroll a long one. */
export const HistoryScreen = ({ testInvitationId }: { testInvitationId: number }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state, send: dispatch } = useMachine(remoteReducer<InvitationHistory>, initialRemote<InvitationHistory>);
  const [top, setTop] = useState(0);

  useCall(
    remoteCallKey(state, `history:${testInvitationId}`),
    (signal) => client.invitations.history(testInvitationId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `History of invitation ${testInvitationId}`, hints: HINTS.history });

  const rows = state.value ? historyRows(state.value) : [];
  // The header, and a line for the position or a failure.
  const visible = Math.max(1, body.rows - 2);
  useScreenKeys((stroke) =>
    applyDecision(historyKeys(stroke), (event: HistoryEvent) =>
      event.type === 'scroll' ? setTop((current) => clampTop(current + event.delta, rows.length, visible)) : dispatch(event),
    ),
  );

  if (!state.value) {
    return state.phase === 'failed' ? (
      <FailureText failure={state.failure} hint="(r to retry)" />
    ) : (
      <Text dimColor>Loading the history of {testInvitationId}…</Text>
    );
  }
  const columns = columnsFor(body.columns, [20, 'flex', 18]);
  const first = clampTop(top, rows.length, visible);
  return (
    <Box flexDirection="column">
      <Row header columns={columns} cells={['WHEN (UTC)', 'WHAT', 'BY']} />
      {rows.slice(first, first + visible).map((row, index) => (
        <Row key={first + index} columns={columns} cells={[row.when, row.what, row.by]} />
      ))}
      {state.phase === 'failed' ? (
        <FailureText failure={state.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>
          {rows.length === 0 ? 'Nothing recorded.' : `${first + 1}–${Math.min(rows.length, first + visible)} of ${rows.length}, oldest first`}
        </Text>
      )}
    </Box>
  );
};
