import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { useEffect } from 'react';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { StatusText } from '../components/StatusText.js';
import { describeFailure } from '../../errors.js';
import { useConnection } from '../shell/client-context.js';
import { applyDecision } from '../input/key-decision.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useMachine } from '../shell/use-machine.js';
import { completionsKeys, completionsReducer, initialCompletions } from '../state/completions-state.js';
import { HINTS } from '../hints.js';
import { useTestNames } from '../data/use-test-names.js';

const HOUR_MS = 3_600_000;

/**
 * Completions and cancellations as they happen (`events.follow`), starting with the last 24 hours so the
 * screen is not empty on arrival.
 */
export const CompletionsScreen = ({ intervalMs = 5_000, lookBackMs = 24 * HOUR_MS }: { intervalMs?: number; lookBackMs?: number }) => {
  const { client } = useConnection();
  const { body, open } = useScreenSlot();
  const { state, send: dispatch, current } = useMachine(completionsReducer, initialCompletions);

  useEffect(() => {
    if (state.phase !== 'following') return;
    const controller = new AbortController();
    const from = new Date(Date.now() - lookBackMs);
    void (async () => {
      try {
        for await (const event of client.events.follow({ from, intervalMs, signal: controller.signal })) dispatch({ type: 'received', event });
      } catch (error) {
        if (!controller.signal.aborted) dispatch({ type: 'failed', failure: describeFailure(error) });
      }
    })();
    return () => controller.abort();
  }, [state.phase, state.attempt, client, intervalMs, lookBackMs, dispatch]);

  useChrome({ title: 'Recent completions', hints: HINTS.completions });
  const testName = useTestNames(state.events.map((event) => event.testId));

  useScreenKeys((stroke) => applyDecision(completionsKeys(current(), stroke), dispatch, open));

  const visible = Math.max(1, body.rows - 4);
  const first = Math.max(0, Math.min(state.cursor - visible + 1, state.events.length - visible));
  const columns = columnsFor(body.columns, [20, 10, 11, 'flex', 'flex'], [2]);
  return (
    <Box flexDirection="column">
      <Text>
        Live: completions and cancellations of the last 24 hours, newest first <Text dimColor>(checked every {Math.round(intervalMs / 1000)} s)</Text>
      </Text>
      <Row header columns={columns} cells={['AT (UTC)', 'EVENT', 'INVITATION', 'TEST', 'CANDIDATE']} />
      {state.events.slice(first, first + visible).map((event, index) => (
        <Row
          key={`${event.type}:${event.testInvitationId}:${event.at}`}
          columns={columns}
          selected={first + index === state.cursor}
          cells={[
            event.at.slice(0, 19).replace('T', ' '),
            <StatusText status={event.type} />,
            String(event.testInvitationId),
            testName(event.testId),
            event.emailId,
          ]}
        />
      ))}
      {state.events.length === 0 && state.phase === 'following' ? <Text dimColor>Nothing yet; waiting for the next completion…</Text> : null}
      {state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : null}
    </Box>
  );
};
