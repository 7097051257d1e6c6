import type { RetentionSettings, RetentionSettingsInput } from '@assay/domain/invitations';
import { Box } from 'ink';
import { retentionText } from '../../commands/retention.js';
import { FailureText } from '../components/FailureText.js';
import { SettingPromptLines } from '../components/SettingPromptLines.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useScreenSlot } from '../shell/screen-slot.js';
import { useSettingScreen } from '../shell/use-setting-screen.js';
import { readRetention } from '../state/retention-prompt.js';

/**
 * The organization's retention periods (issue 51 item 2; `assay retention show|set`): when ended and never-started
 * invitations are erased and media deleted. The test list offers it to admin keys; `s` sets them (an admin's only).
 */
export const RetentionScreen = () => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const maySet = useMay()('change-candidate-page');
  const { remote, prompt, outcome } = useSettingScreen<RetentionSettings, RetentionSettingsInput>({
    name: 'retention',
    title: 'Retention',
    hints: { screen: HINTS.retention(maySet), prompt: HINTS.retentionPrompt },
    maySet,
    load: (signal) => client.retentionSettings.get({ signal }),
    save: (change: RetentionSettingsInput, signal) => client.retentionSettings.set(change, { signal }),
    read: readRetention,
  });

  return (
    <Box flexDirection="column">
      <Text dimColor wrap="wrap">
        How long candidates' data is kept. Erasing keeps an anonymised row, so scores and statistics hold; the worker applies the periods hourly, to older data
        too.
      </Text>
      <Text> </Text>
      {remote.value ? (
        // One line a period: a newline inside one text would be drawn as ␊ (control characters are shown, never sent).
        retentionText(remote.value)
          .split('\n')
          .map((line) => (
            <Text key={line} wrap="wrap">
              {line}
            </Text>
          ))
      ) : remote.phase === 'failed' ? (
        <FailureText failure={remote.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>Loading the retention periods…</Text>
      )}
      <Text> </Text>
      <SettingPromptLines
        prompt={prompt}
        outcome={outcome}
        question="Ended, media, unstarted days (365,60,180); keep for none, empty to leave one:"
        width={body.columns}
      />
    </Box>
  );
};
