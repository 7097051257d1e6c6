import { useState } from 'react';
import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { FailureText } from '../components/FailureText.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { clampTop } from '../state/scroll-keys.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import {
  transcriptKeys,
  transcriptLines,
  type TranscriptData,
  type TranscriptEvent,
  type TranscriptLine,
  type TranscriptSource,
} from '../state/transcript-view.js';

const TONES: Record<NonNullable<TranscriptLine['tone']>, { bold?: boolean; dimColor?: boolean; color?: string }> = {
  head: { bold: true },
  muted: { dimColor: true },
  warning: { color: 'yellow' },
  insertion: { color: 'cyan' },
};

/** From a report, its `ai` and its questions' numbers; by a review reference, that answer's transcript and nothing more. */
const loadTranscript = async (client: ReturnType<typeof useConnection>['client'], source: TranscriptSource, signal: AbortSignal): Promise<TranscriptData> => {
  if ('reference' in source) return { ai: (await client.grading.transcript(source.reference, { signal })).ai, numbers: new Map() };
  const details = await client.reports.details(source.testInvitationId, { signal });
  return { ai: details.ai ?? null, numbers: new Map(details.questions.map((question) => [question.questionId, question.number])) };
};

/**
 * The AI assistant's transcript of an attempt (issue 60 item 4, decision 1264): the policy, model and counts, then per
 * question every message, reply, withheld reply, insertion and follow-up in order; ↑↓ scroll. Opened by reference
 * (a blind review), its title names the answer, never the invitation.
 */
export const TranscriptScreen = ({ source }: { source: TranscriptSource }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const { state, send: dispatch } = useMachine(remoteReducer<TranscriptData>, initialRemote<TranscriptData>);
  const [top, setTop] = useState(0);
  const scope = 'reference' in source ? `reference:${source.reference}` : `invitation:${source.testInvitationId}`;

  useCall(
    remoteCallKey(state, `transcript:${scope}`),
    (signal) => loadTranscript(client, source, signal),
    (value) => dispatch({ type: 'loaded', value }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useChrome({
    title: 'reference' in source ? 'AI assistant transcript of the answer under review' : `AI assistant transcript of invitation ${source.testInvitationId}`,
    hints: HINTS.transcript,
  });

  const lines = state.value ? transcriptLines(state.value, Math.max(20, body.columns - 1)) : [];
  // A line for the position or a failure.
  const visible = Math.max(1, body.rows - 1);
  useScreenKeys((stroke) =>
    applyDecision(transcriptKeys(stroke), (event: TranscriptEvent) =>
      event.type === 'scroll' ? setTop((current) => clampTop(current + event.delta, lines.length, visible)) : dispatch(event),
    ),
  );

  if (!state.value) {
    return state.phase === 'failed' ? <FailureText failure={state.failure} hint="(r to retry)" /> : <Text dimColor>Loading the transcript…</Text>;
  }
  const first = clampTop(top, lines.length, visible);
  return (
    <Box flexDirection="column">
      {lines.slice(first, first + visible).map((line, index) => (
        <Text key={first + index} wrap="truncate" {...(line.tone ? TONES[line.tone] : {})}>
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
      {state.phase === 'failed' ? (
        <FailureText failure={state.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>{`${first + 1}–${Math.min(lines.length, first + visible)} of ${lines.length} lines`}</Text>
      )}
    </Box>
  );
};
