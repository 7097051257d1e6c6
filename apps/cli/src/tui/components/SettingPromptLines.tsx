import { Box } from 'ink';
import type { SaveOutcome } from '../shell/use-setting-screen.js';
import type { SettingPrompt } from '../state/setting-prompt.js';
import { FailureText } from './FailureText.js';
import { Text } from './Text.js';
import { TextField } from './TextField.js';

/** A settings screen's prompt while open (its question, the line typed, why it was refused), then how the save went. */
export const SettingPromptLines = ({
  prompt,
  outcome,
  question,
  width,
}: {
  prompt: SettingPrompt<unknown>;
  outcome: SaveOutcome;
  question: string;
  width: number;
}) => (
  <>
    {prompt.phase === 'open' ? (
      <Box flexDirection="column">
        <Text bold>{question}</Text>
        <Text>
          {'> '}
          <TextField input={{ value: prompt.text, caret: prompt.caret }} focus width={Math.max(10, width - 3)} />
        </Text>
        {prompt.error ? <Text color="red">✗ {prompt.error}</Text> : null}
      </Box>
    ) : null}
    {prompt.phase === 'saving' ? <Text dimColor>Saving…</Text> : null}
    {outcome.saved ? <Text color="green">✓ Saved.</Text> : null}
    {outcome.failure ? <FailureText failure={outcome.failure} /> : null}
  </>
);
