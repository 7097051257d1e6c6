import type { RetentionSettings } from '@assay/domain/invitations';
import { Box } from 'ink';
import { useState } from 'react';
import { retentionText } from '../../commands/retention.js';
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
import { closedRetentionPrompt, retentionKeys, retentionPromptReducer, retentionSaveKey } from '../state/retention-prompt.js';

/**
 * The organization's retention periods (issue 51 item 2; `assay retention show|set`): when ended and never-started
 * invitations are erased and media deleted. The test list offers it to admin keys; `s` sets them (an admin's only).
 */
export const RetentionScreen = () => {
  const { client } = useConnection();
  const { body } = useScreenSlot();
  const maySet = useMay()('change-candidate-page');
  const { state: remote, send: load } = useMachine(remoteReducer<RetentionSettings>, initialRemote<RetentionSettings>);
  const { state: prompt, send, current } = useMachine(retentionPromptReducer, closedRetentionPrompt);
  const [outcome, setOutcome] = useState<{ saved: boolean; failure: Failure | null }>({ saved: false, failure: null });
  useCall(
    remoteCallKey(remote, 'retention'),
    (signal) => client.retentionSettings.get({ signal }),
    (value) => load({ type: 'loaded', value }),
    (failure) => load({ type: 'failed', failure }),
  );
  useCall(
    retentionSaveKey(prompt),
    (signal) => {
      if (prompt.phase !== 'saving') throw new Error('nothing to save');
      return client.retentionSettings.set(prompt.change, { signal });
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
  useChrome({ title: 'Retention', hints: open ? HINTS.retentionPrompt : HINTS.retention(maySet), typing: open, modal: open });
  useScreenKeys((stroke) => {
    if (applyDecision(retentionKeys(current(), maySet, stroke), send)) {
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
      <Text dimColor wrap="wrap">
        How long candidates' data is kept. Erasing keeps an anonymised row, so scores and statistics hold; the worker applies the periods hourly, to older data
        too.
      </Text>
      <Text> </Text>
      {remote.value ? (
        <Text wrap="wrap">{retentionText(remote.value)}</Text>
      ) : remote.phase === 'failed' ? (
        <FailureText failure={remote.failure} hint="(r to retry)" />
      ) : (
        <Text dimColor>Loading the retention periods…</Text>
      )}
      <Text> </Text>
      {prompt.phase === 'open' ? (
        <Box flexDirection="column">
          <Text bold>Ended, media, unstarted days (365,60,180); keep for none, empty to leave one:</Text>
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
