import type { SimilarityPage, SimilarityPairEntry } from '@assay/domain/report';
import { Box } from 'ink';
import { useState } from 'react';
import { FailureText } from '../components/FailureText.js';
import { columnsFor, Row } from '../components/Row.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { clampCursor, similarPairsKeys } from '../state/similar-pairs-view.js';

const reviewText = (pair: SimilarityPairEntry) => (pair.review ? `${pair.review.outcome} by ${pair.review.by}` : 'not reviewed');

/**
 * Every similarity pair of an attempt (issue 50 item 6, decision 822), opened with `s` from the report: the report
 * lists the closest few per question; this lists them all, highest score first, each opening side by side with Enter.
 * Reviews stay on the report, which lists a reviewed pair whatever its rank (decision 823).
 */
export const SimilarPairsScreen = ({ testInvitationId }: { testInvitationId: number }) => {
  const { client } = useConnection();
  const { body, open } = useScreenSlot();
  const { state: remote, send: dispatch } = useMachine(remoteReducer<SimilarityPage>, initialRemote<SimilarityPage>);
  const [cursor, setCursor] = useState(0);
  useCall(
    remoteCallKey(remote, `pairs:${testInvitationId}`),
    async (signal) => {
      const pairs: SimilarityPairEntry[] = [];
      for await (const pair of client.reports.similarityAll(testInvitationId, {}, { signal })) pairs.push(pair);
      return { pairs, pairsCount: pairs.length };
    },
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `Similar answers · invitation ${testInvitationId}`, hints: HINTS.similarPairs });
  const pairs = remote.value?.pairs ?? [];
  useScreenKeys((stroke) =>
    applyDecision(
      similarPairsKeys(pairs, cursor, testInvitationId, stroke),
      (event) => (event.type === 'reload' ? dispatch({ type: 'reload' }) : setCursor((now) => clampCursor(now + event.delta, pairs.length))),
      open,
    ),
  );

  if (!remote.value) {
    return remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : <Text dimColor>Loading every similar pair…</Text>;
  }
  if (pairs.length === 0) return <Text dimColor>No similar answers at or above 0.5.</Text>;
  // The intro line, the header, the position line.
  const visible = Math.max(1, body.rows - 3);
  const selected = clampCursor(cursor, pairs.length);
  const top = Math.max(0, Math.min(selected - visible + 1, pairs.length - visible));
  const columns = columnsFor(body.columns, [7, 5, 6, 'flex', 24], [0, 2]);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Every pair at or above 0.5, highest score first <Text dimColor>(the report lists the 5 closest per question, and any reviewed)</Text>
      </Text>
      <Row header columns={columns} cells={['PAIR', 'Q', 'SCORE', 'OTHER CANDIDATE', 'REVIEW']} />
      {pairs.slice(top, top + visible).map((pair, index) => (
        <Row
          key={pair.pairId}
          columns={columns}
          selected={top + index === selected}
          cells={[
            String(pair.pairId),
            pair.questionNumber === null ? '?' : `Q${pair.questionNumber}`,
            pair.score.toFixed(2),
            `${pair.otherCandidateName} #${pair.otherTestInvitationId}`,
            <Text
              color={pair.review === null || pair.review === undefined ? undefined : pair.review.outcome === 'confirmed' ? 'red' : 'green'}
              dimColor={!pair.review}
            >
              {reviewText(pair)}
            </Text>,
          ]}
        />
      ))}
      <Text dimColor wrap="truncate-end">
        {`${top + 1}–${Math.min(pairs.length, top + visible)} of ${pairs.length} pairs · Enter: side by side`}
      </Text>
      {remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : null}
    </Box>
  );
};
