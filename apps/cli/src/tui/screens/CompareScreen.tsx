import { COMPARE_MAX, COMPARE_MIN, type CandidateComparison } from '@assay/domain/report';
import { Box } from 'ink';
import { useState } from 'react';
import { candidateWidth, comparisonLine, comparisonRows } from '../../format/comparison-rows.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { clampTop } from '../state/scroll-keys.js';
import { compareKeys } from '../state/compare-keys.js';

/** Out of 2–5 marked: what to do, instead of a request the server would refuse (400.125). */
export const compareCountText = (count: number): string | null =>
  count >= COMPARE_MIN && count <= COMPARE_MAX
    ? null
    : `Mark ${COMPARE_MIN} to ${COMPARE_MAX} candidates with space in the list to compare them (${count} marked). Esc goes back.`;

/**
 * The marked candidates of a test side by side (issue 61 item 4, decision 1431): the CLI's table (one column per
 * candidate, one row per fact) at the terminal's width; the facts stay on screen and the marks of each question scroll.
 */
export const CompareScreen = ({ testId, ids }: { testId: number; ids: readonly number[] }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const outOfRange = compareCountText(ids.length);
  const { state: remote, send: dispatch } = useMachine(remoteReducer<CandidateComparison>, initialRemote<CandidateComparison>);
  const [top, setTop] = useState(0);
  useCall(
    outOfRange === null ? remoteCallKey(remote, `compare:${testId}:${ids.join(',')}`) : null,
    (signal) => client.reports.compare(testId, ids, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `Compare · ${ids.length} candidates of test ${testId}`, hints: HINTS.compare });
  useScreenKeys((stroke) =>
    applyDecision(compareKeys(stroke), (event) => (event.type === 'reload' ? dispatch({ type: 'reload' }) : setTop((now) => Math.max(0, now + event.delta)))),
  );

  if (outOfRange !== null) return <Text wrap="wrap">{outOfRange}</Text>;
  if (!remote.value) {
    return remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : <Text dimColor>Loading the comparison…</Text>;
  }
  const { head, questions } = comparisonRows(remote.value);
  const cellWidth = candidateWidth(remote.value.candidates.length, body.columns);
  // The head rows, the "marks" row and the position line stay; the questions' rows scroll below them.
  const visible = Math.max(1, body.rows - head.length - 2);
  const first = clampTop(top, questions.length, visible);
  return (
    <Box flexDirection="column">
      {head.map((row, index) => (
        <Text key={`head-${index}`} wrap="truncate-end" bold={index === 0}>
          {comparisonLine(row, cellWidth)}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {comparisonLine(['marks', ...remote.value.candidates.map(() => '')], cellWidth)}
      </Text>
      {questions.slice(first, first + visible).map((row, index) => (
        <Text key={`q-${first + index}`} wrap="truncate-end">
          {comparisonLine(row, cellWidth)}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {questions.length === 0 ? 'No questions to compare.' : `questions ${first + 1}–${Math.min(questions.length, first + visible)} of ${questions.length}`}
      </Text>
    </Box>
  );
};
