import type { ReportDetails, SimilarityPairDetail } from '@assay/domain/report';
import { Box } from 'ink';
import { useState } from 'react';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { clampTop } from '../state/scroll-keys.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { pairKeys, pairOf, regionTitle, sideBySideRows, type SideBySideRow } from '../state/similarity-view.js';

const cell = (side: SideBySideRow['left'], width: number, gutter: number): string => {
  const text = side ? `${String(side.number).padStart(gutter)} ${side.text}` : '';
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text.padEnd(width);
};

/**
 * One similarity pair (issue 34, item 1), opened from the report's evidence list: its score and, region by region,
 * this candidate's lines beside the other candidate's. Evidence for a reviewer; the review itself stays on the report.
 */
export const SimilarPairScreen = ({ testInvitationId, eventId, listed }: { testInvitationId: number; eventId: string; listed?: SimilarityPairDetail }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state: remote, send: dispatch } = useMachine(remoteReducer<ReportDetails>, initialRemote<ReportDetails>);
  const [view, setView] = useState({ region: 0, top: 0 });
  useCall(
    remoteCallKey(remote, `pair:${testInvitationId}:${eventId}`),
    (signal) => client.reports.details(testInvitationId, { signal }),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({ title: `Similar answers · invitation ${testInvitationId}`, hints: HINTS.similarPair });
  // A pair the report does not list comes from the list of every pair (decision 822); the report gives this answer's code.
  const pair = remote.value ? (pairOf(remote.value.integrity.similarity, eventId) ?? listed) : undefined;
  const regions = pair?.regions.length ?? 0;
  useScreenKeys((stroke) =>
    applyDecision(pairKeys(stroke), (event) =>
      event.type === 'reload'
        ? dispatch({ type: 'reload' })
        : setView((now) =>
            event.type === 'region'
              ? { region: Math.max(0, Math.min(regions - 1, now.region + event.delta)), top: 0 }
              : { ...now, top: Math.max(0, now.top + event.delta) },
          ),
    ),
  );

  if (!remote.value) {
    return remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : <Text dimColor>Loading the pair…</Text>;
  }
  if (!pair) return <Text dimColor>The report no longer lists this pair (a reset of either attempt clears it).</Text>;
  const question = remote.value.questions.find((entry) => entry.questionId === pair.questionId);
  const region = pair.regions[Math.min(view.region, regions - 1)];
  const rows = region ? sideBySideRows(question?.coding?.code ?? null, region) : [];
  // Two title lines, the column header, the position line.
  const visible = Math.max(1, body.rows - 4);
  const top = clampTop(view.top, rows.length, visible);
  const half = Math.max(10, Math.floor((body.columns - 3) / 2));
  const gutter = String(Math.max(...rows.map((row) => Math.max(row.left?.number ?? 0, row.right?.number ?? 0)), 1)).length;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Q{pair.questionNumber ?? '?'}</Text> · similar to {pair.otherCandidateName} #{pair.otherTestInvitationId} · score{' '}
        <Text bold>{pair.score.toFixed(2)}</Text> · evidence, not a verdict
      </Text>
      <Text wrap="truncate-end">{regionTitle(pair, Math.min(view.region, regions - 1))}</Text>
      <Text bold wrap="truncate-end">
        {'THIS ANSWER'.padEnd(half)} │ {pair.otherCandidateName.toUpperCase()}
      </Text>
      {rows.slice(top, top + visible).map((row, index) => (
        <Text key={top + index} wrap="truncate-end">
          {cell(row.left, half, gutter)} │ {cell(row.right, half, gutter)}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {rows.length === 0 ? 'No lines to show.' : `lines ${top + 1}–${Math.min(rows.length, top + visible)} of ${rows.length}`}
      </Text>
      {remote.phase === 'failed' ? <FailureText failure={remote.failure} hint="(r to retry)" /> : null}
    </Box>
  );
};
