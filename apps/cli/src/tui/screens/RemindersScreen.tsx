import type { ReminderSettings } from '@assay/domain/invitations';
import { Box } from 'ink';
import { useState } from 'react';
import { reminderText } from '../../commands/reminders.js';
import type { Failure } from '../../errors.js';
import { FailureText } from '../components/FailureText.js';
import { Text } from '../components/Text.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { useMay } from '../shell/capabilities-context.js';
import { useConnection } from '../shell/client-context.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialRemote, remoteCallKey, remoteReducer } from '../state/remote-state.js';
import { closedRemindersPrompt, remindersKeys, remindersPromptReducer, remindersSaveKey } from '../state/reminders-prompt.js';

/**
 * A test's reminder hours (issue 50 item 4, decision 833; `assay reminders show|set TEST`): what applies to its invitations and where
 * it comes from; `s` sets them, for a role that may change the test's links (a reviewer key only reads).
 */
export const RemindersScreen = ({ testId, testName }: { testId: number; testName: string }) => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const maySet = useMay()('change-test-links');
  const { state: remote, send: load } = useMachine(remoteReducer<ReminderSettings>, initialRemote<ReminderSettings>);
  const { state: prompt, send, current } = useMachine(remindersPromptReducer, closedRemindersPrompt);
  const [outcome, setOutcome] = useState<{ saved: boolean; failure: Failure | null }>({ saved: false, failure: null });
  useCall(
    remoteCallKey(remote, `reminders:${testId}`),
    (signal) => client.reminders.ofTest(testId, { signal }),
    (value) => load({ type: 'loaded', value }),
    (failure) => load({ type: 'failed', failure }),
  );
  useCall(
    remindersSaveKey(prompt),
    (signal) => {
      if (prompt.phase !== 'saving') throw new Error('nothing to save');
      return client.reminders.setForTest(testId, { reminderHours: prompt.hours }, { signal });
    },
    () => {
      load({ type: 'reload' });
      setOutcome({ saved: true, failure: null });
      send({ type: 'close' });
    },
    (failure) => {
      setOutcome({ saved: false, failure });
      send({ type: 'close' });
    },
  );
  const open = prompt.phase === 'open';
  useChrome({ title: 'Reminders', hints: open ? HINTS.remindersPrompt : HINTS.reminders(maySet), typing: open, modal: open });
  useScreenKeys((stroke) => {
    if (applyDecision(remindersKeys(current(), maySet, stroke), send)) {
      setOutcome({ saved: false, failure: null });
      return true;
    }
    if (stroke.type === 'char' && stroke.char === 'r') {
      load({ type: 'reload' });
      return true;
    }
    return false;
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
      {prompt.phase === 'open' ? (
        <Box flexDirection="column">
          <Text bold>Hours before the window closes (48,4), off, or default:</Text>
          <Text>
            {'> '}
            <TextField input={{ value: prompt.text, caret: prompt.caret }} focus width={Math.max(10, body.columns - 3)} />
          </Text>
          {prompt.error ? <Text color="red">✗ {prompt.error}</Text> : null}
        </Box>
      ) : null}
      {prompt.phase === 'saving' ? <Text dimColor>Saving…</Text> : null}
      {outcome.saved ? <Text color="green">✓ Saved.</Text> : null}
      {outcome.failure ? <FailureText failure={outcome.failure} /> : null}
    </Box>
  );
};
