import type { TestLink } from '@assay/domain';
import { Box, Text, useStdout } from 'ink';
import { FailureText } from '../components/FailureText.js';
import { useConnection } from '../shell/client-context.js';
import { copyToClipboard } from '../shell/clipboard.js';
import { applyDecision } from '../input/key-decision.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { candidateErrors, initialRegister, registerCallKey, registerKeys, registerReducer, type CandidateField } from '../state/register-state.js';
import { FieldRow, fieldColumns } from '../components/FieldRow.js';
import { TextField } from '../components/TextField.js';
import { HINTS } from '../hints.js';

export const RegisterScreen = ({ testId, testName, link }: { testId: number; testName: string; link: TestLink | null }) => {
  const { client } = useConnection();
  const { active, open, body } = useScreenSlot();
  const { stdout } = useStdout();
  const { state, send: dispatch, current } = useMachine(registerReducer, initialRegister);

  useCall(
    registerCallKey(state),
    async (signal) => {
      const candidate = { emailId: state.email.trim(), fullName: state.name.trim() };
      if (link) {
        const registration = await client.testLinks.register(testId, link.testLinkId, candidate, { signal });
        return { url: registration.testUrl, testInvitationId: registration.testInvitationId };
      }
      const registration = await client.invitations.register(testId, candidate, { signal });
      return { url: registration.takeTestURL, testInvitationId: registration.testInvitationId };
    },
    (registered) => dispatch({ type: 'registered', ...registered }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const done = state.phase === 'done';
  useChrome({ title: 'Register a candidate', hints: done ? HINTS.registered : HINTS.registerForm, typing: !done });

  useScreenKeys((stroke) =>
    applyDecision(registerKeys(current(), stroke), dispatch, (effect) => {
      if ('copy' in effect) copyToClipboard(stdout, effect.copy);
      else open(effect.open);
    }),
  );

  const errors = candidateErrors(state);
  const columns = fieldColumns(body.columns, 11);
  const field = (name: CandidateField, label: string, placeholder: string) => {
    const focused = state.focus === name && state.phase === 'editing';
    return (
      <FieldRow columns={columns} label={label} focused={focused} error={state.attempted || state[name].length > 0 ? errors[name] : undefined}>
        <TextField input={{ value: state[name], caret: focused ? state.caret : 0 }} placeholder={placeholder} focus={active && focused} width={columns.value} />
      </FieldRow>
    );
  };

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        Register a candidate for <Text bold>{testName}</Text>
        {link ? ` through link “${link.testLinkName}” (its access rules apply)` : ' (direct invitation)'}
      </Text>
      <Text> </Text>
      {state.phase === 'done' ? (
        <Box flexDirection="column">
          <Text>
            <Text color="green">✓</Text> Registered: invitation {state.testInvitationId}. Send the candidate this URL:
          </Text>
          <Box borderStyle="round" paddingX={1}>
            <Text wrap="wrap">{state.url}</Text>
          </Box>
          {state.copied ? <Text dimColor>Sent to the clipboard (OSC 52); if your terminal ignores that, select the URL above.</Text> : null}
        </Box>
      ) : (
        <>
          {field('email', 'Email', 'ada@example.com')}
          {field('name', 'Full name', 'Ada Lovelace')}
          {state.phase === 'submitting' ? <Text dimColor>Registering…</Text> : null}
          {state.failure ? <FailureText failure={state.failure} /> : null}
        </>
      )}
    </Box>
  );
};
