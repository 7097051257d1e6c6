import { Box } from 'ink';
import { AI_CHECK_POLL_MS } from '../../commands/ai-check.js';
import { applyDecision } from '../input/key-decision.js';
import type { Keystroke } from '../input/keystroke.js';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { usePoll } from '../shell/use-poll.js';
import { type AiCheckLayout, type AiCheckLine, aiCheckLines } from '../state/ai-check-lines.js';
import {
  type AiCheckPanel,
  aiCheckKeys,
  aiCheckPanelReducer,
  aiCheckReadKey,
  aiCheckStartKey,
  initialAiCheckPanel,
  NOT_CHECKED_YET,
} from '../state/ai-check-panel.js';
import { Text } from './Text.js';

const TONES: Record<NonNullable<AiCheckLine['tone']>, { bold?: boolean; dimColor?: boolean; color?: string }> = {
  head: { bold: true },
  muted: { dimColor: true },
  solved: { color: 'yellow' },
  failure: { color: 'red' },
};

const pollDelay = () => AI_CHECK_POLL_MS;

/**
 * The latest check of which questions a model solves, for the test screen (issue 60 item 7): read when the screen
 * opens and followed while it runs; `a` starts one (POST), whose refusal is shown in the API's words.
 */
export const useAiCheckPanel = (testId: number): { panel: AiCheckPanel; keys: (stroke: Keystroke) => boolean } => {
  const { client } = useConnection();
  const { state: panel, send } = useMachine(aiCheckPanelReducer, () => initialAiCheckPanel);

  useCall(
    aiCheckReadKey(panel, testId),
    (signal) => client.tests.aiCheck.get(testId, { signal }),
    (check) => send({ type: 'read-done', check }),
    // Before any check the API answers 404.104: the panel says "not checked", which is no failure.
    (failure) => send(failure.label === NOT_CHECKED_YET ? { type: 'read-done', check: null } : { type: 'read-failed', failure }),
  );
  useCall(
    aiCheckStartKey(panel, testId),
    (signal) => client.tests.aiCheck.start(testId, { signal }),
    (check) => send({ type: 'started', check }),
    (failure) => send({ type: 'refused', failure }),
  );
  usePoll(panel.check?.state === 'running' && !panel.reading, panel.reads, pollDelay, () => send({ type: 'read' }));

  return { panel, keys: (stroke) => applyDecision(aiCheckKeys(stroke), send) };
};

export const AiCheckPanelView = ({ panel, layout }: { panel: AiCheckPanel; layout: AiCheckLayout }) => {
  const lines = aiCheckLines(panel, layout);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      {lines.map((line, index) => (
        <Text key={index} wrap="truncate" {...(line.tone ? TONES[line.tone] : {})}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
};
