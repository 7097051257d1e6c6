import type { ItemAnalysis } from '@assay/domain/report';
import { Box } from 'ink';
import { useState } from 'react';
import { itemAnalysisText } from '../../commands/item-analysis.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { compareKeys } from '../state/compare-keys.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { clampTop } from '../state/scroll-keys.js';

/** The summary line, a blank and the table's heading stay on screen; the questions and flagged options scroll below. */
const FIXED_LINES = 3;

/**
 * Item analysis of a test's questions (issue 62 item 5), from the test screen's `s`: the CLI's table (`assay tests
 * analysis`) at the terminal's width, its heading fixed and its lines scrolling with ↑↓ PgUp PgDn.
 */
export const ItemAnalysisScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state: remote, send: dispatch } = useMachine(remoteReducer<ItemAnalysis>, initialRemote<ItemAnalysis>);
  const [top, setTop] = useState(0);
  useCall(
    remoteCallKey(remote, `item-analysis:${testId}`),
    (signal) => client.reports.itemAnalysis(testId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `Item analysis · ${testName}`, hints: HINTS.itemAnalysis });
  useScreenKeys((stroke) =>
    applyDecision(compareKeys(stroke), (event) => (event.type === 'reload' ? dispatch({ type: 'reload' }) : setTop((now) => Math.max(0, now + event.delta)))),
  );

  if (!remote.value) {
    return remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : <Text dimColor>Loading the item analysis…</Text>;
  }
  const lines = itemAnalysisText(remote.value).split('\n');
  const head = lines.slice(0, FIXED_LINES);
  const rest = lines.slice(FIXED_LINES);
  const visible = Math.max(1, body.rows - FIXED_LINES - 1);
  const first = clampTop(top, rest.length, visible);
  return (
    <Box flexDirection="column">
      {head.map((line, index) => (
        <Text key={`head-${index}`} wrap="truncate-end" bold={index === FIXED_LINES - 1}>
          {line || ' '}
        </Text>
      ))}
      {rest.slice(first, first + visible).map((line, index) => (
        <Text key={`line-${first + index}`} wrap="truncate-end" dimColor={line.startsWith('FAC ')}>
          {line || ' '}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {`lines ${first + 1}–${Math.min(rest.length, first + visible)} of ${rest.length}`}
      </Text>
    </Box>
  );
};
