import type { TestSettings } from '@assay/domain/invitations';
import { Box } from 'ink';
import { settingValueText, testSettingKeys } from '../../settings/test-setting-keys.js';
import { FailureText } from '../components/FailureText.js';
import { SettingPromptLines } from '../components/SettingPromptLines.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useScreenSlot } from '../shell/screen-slot.js';
import { useSettingScreen } from '../shell/use-setting-screen.js';
import { readTestSetting, type TestSettingChange } from '../state/test-settings-prompt.js';

/** Two settings a line, so all twenty-two and the prompt fit 80×24. */
const pairs = <T,>(items: readonly T[]): T[][] => items.flatMap((_item, index) => (index % 2 === 0 ? [items.slice(index, index + 2)] : []));

/**
 * A test's settings (issue 52; `assay tests settings TEST`): every setting under the key the prompt takes; `s` changes
 * one (`showQuestionScore=on`), for a role that may change the test's links. The whole object is written back, as v3 does.
 */
export const TestSettingsScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const maySet = useMay()('change-test-links');
  const { remote, prompt, outcome } = useSettingScreen<TestSettings, TestSettingChange>({
    name: `test-settings:${testId}`,
    title: 'Test settings',
    hints: { screen: HINTS.testSettings(maySet), prompt: HINTS.testSettingsPrompt },
    maySet,
    load: (signal) => client.testSettings.get(testId, { signal }),
    save: async ({ setting, value }, signal) =>
      client.testSettings.put(testId, setting.write(await client.testSettings.get(testId, { signal }), value), { signal }),
    read: readTestSetting,
  });
  const half = Math.floor(body.columns / 2);

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Settings of <Text bold>{testName}</Text>
      </Text>
      {remote.value ? (
        pairs(testSettingKeys).map((pair) => (
          <Box key={pair[0]!.key}>
            {pair.map((setting) => (
              <Box key={setting.key} width={half}>
                <Text wrap="truncate-end">
                  {setting.key}: <Text bold>{settingValueText(setting.read(remote.value!))}</Text>
                </Text>
              </Box>
            ))}
          </Box>
        ))
      ) : remote.phase === 'failed' ? (
        <FailureText failure={remote.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>Loading the settings…</Text>
      )}
      <SettingPromptLines
        prompt={prompt}
        outcome={outcome}
        question="One setting as key=value (showQuestionScore=on, aiPolicy=guarded, followUps=2):"
        width={body.columns}
      />
    </Box>
  );
};
