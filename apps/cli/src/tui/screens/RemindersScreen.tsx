import type { ReminderSettings } from '@assay/domain/invitations';
import { Box } from 'ink';
import { reminderText } from '../../commands/reminders.js';
import { FailureText } from '../components/FailureText.js';
import { SettingPromptLines } from '../components/SettingPromptLines.js';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { useMay } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useScreenSlot } from '../shell/screen-slot.js';
import { useSettingScreen } from '../shell/use-setting-screen.js';
import { readReminderHours } from '../state/reminders-prompt.js';

/**
 * A test's reminder hours (issue 50 item 4, decision 833; `assay reminders show|set TEST`): what applies to its invitations and where
 * it comes from; `s` sets them, for a role that may change the test's links (a reviewer key only reads).
 */
export const RemindersScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const maySet = useMay()('change-test-links');
  const { remote, prompt, outcome } = useSettingScreen<ReminderSettings, number[] | null>({
    name: `reminders:${testId}`,
    title: 'Reminders',
    hints: { screen: HINTS.reminders(maySet), prompt: HINTS.remindersPrompt },
    maySet,
    load: (signal) => client.reminders.ofTest(testId, { signal }),
    save: (hours: number[] | null, signal) => client.reminders.setForTest(testId, { reminderHours: hours }, { signal }),
    read: readReminderHours,
  });

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Reminders of <Text bold>{testName}</Text>
      </Text>
      <Text dimColor wrap="wrap">
        Candidates who have not started are emailed this many hours before their window closes.
      </Text>
      <Text> </Text>
      {remote.value ? (
        <Text wrap="wrap">{reminderText(remote.value, `Test ${testId}`)}</Text>
      ) : remote.phase === 'failed' ? (
        <FailureText failure={remote.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>Loading the reminder hours…</Text>
      )}
      <Text dimColor wrap="wrap">
        A link may choose its own: assay reminders set {testId} --link ID --hours 48,4
      </Text>
      <Text> </Text>
      <SettingPromptLines prompt={prompt} outcome={outcome} question="Hours before the window closes (48,4), off, or default:" width={body.columns} />
    </Box>
  );
};
