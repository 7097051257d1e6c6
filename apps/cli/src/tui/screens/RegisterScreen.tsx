import { formatWireDateTime } from '@assay/domain/core';
import type { InvitationStatus } from '@assay/domain/invitations';
import type { TestLink } from '@assay/domain/schemas';
import { Box, useStdout } from 'ink';
import { Text } from '../components/Text.js';
import { answeredUrl } from '../../format/checked-url.js';
import { alreadyRegistered, readsAsNew, registerCandidate } from '../../registration/registration.js';
import { Confirm } from '../components/Confirm.js';
import { FailureText } from '../components/FailureText.js';
import { useConnection } from '../shell/client-context.js';
import { copyToClipboard } from '../shell/clipboard.js';
import { applyDecision } from '../input/key-decision.js';
import { useChrome, useScreenKeys, useScreenSlot } from '../shell/screen-slot.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { moveQuestion } from '../state/invitation-moves.js';
import {
  candidateErrors,
  candidateInput,
  deadlineDaysOf,
  initialRegister,
  reattemptCallKey,
  registerCallKey,
  registerKeys,
  registerReducer,
  type CandidateField,
} from '../state/register-state.js';
import { FieldRow, fieldColumns } from '../components/FieldRow.js';
import { TextField } from '../components/TextField.js';
import { HandedUrl } from '../components/HandedUrl.js';
import { HINTS } from '../hints.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the URL below is: a new invitation, one the candidate already had (still usable), or a new attempt. */
const handedText = ({ testInvitationId, status, replaces }: { testInvitationId: number; status: InvitationStatus; replaces: number | null }): string => {
  if (replaces !== null) return `New attempt: invitation ${testInvitationId} (invitation ${replaces} was completed).`;
  if (readsAsNew(status)) return `Registered: invitation ${testInvitationId}.`;
  return `${alreadyRegistered(status)}: invitation ${testInvitationId}, whose URL still takes the test.`;
};

export const RegisterScreen = ({ testId, testName, link }: { testId: number; testName: string; link: TestLink | null }) => {
  const { client } = useConnection();
  const { active, open, body } = useScreenSlot();
  const { stdout } = useStdout();
  const { state, send: dispatch, current } = useMachine(registerReducer, initialRegister);

  // The org's default deadline fills the field (decision 1394); a key that may not read it leaves the field empty.
  useCall(
    'invitation-settings',
    (signal) => client.invitationSettings.get({ signal }),
    ({ defaultDeadlineDays }) => dispatch({ type: 'defaultDeadline', days: defaultDeadlineDays }),
    () => undefined,
  );
  useCall(
    registerCallKey(state),
    async (signal) => {
      const outcome = await registerCandidate(client, testId, link?.testLinkId, candidateInput(state), { signal });
      // A new invitation gets the deadline on the form, or none when it is emptied (the server gave it the org's default).
      if (readsAsNew(outcome.status) && outcome.answer.alreadyRegistered !== true) {
        const days = deadlineDaysOf(state);
        const expiresAt = days === null ? null : formatWireDateTime(Math.floor(Date.now() / 1000) * 1000 + days * DAY_MS);
        await client.reminders.setInvitationExpiry(outcome.testInvitationId, { expiresAt }, { signal });
      }
      return outcome;
    },
    ({ url, testInvitationId, status, answer }) => dispatch({ type: 'registered', url, testInvitationId, status, emailed: answer.emailQueued === true }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useCall(
    reattemptCallKey(state),
    async (signal) => {
      if (state.phase !== 'reattempting') throw new Error('no reattempt asked for');
      // Asked on the form, the new attempt is emailed; not asked, as the first invitation was (decision 781).
      const reattempt = await client.invitations.reattempt(state.testInvitationId, { signal }, { sendEmail: state.sendEmail || undefined });
      return {
        url: answeredUrl(reattempt.takeTestURL, 'take-test URL'),
        testInvitationId: reattempt.testInvitationId,
        emailed: reattempt.emailQueued === true,
      };
    },
    (reattempted) => dispatch({ type: 'reattempted', ...reattempted }),
    (failure) => dispatch({ type: 'failed', failure }),
  );

  const done = state.phase === 'done';
  const confirming = state.phase === 'completedBefore';
  useChrome({
    title: 'Register a candidate',
    hints: done ? HINTS.registered : confirming ? HINTS.confirm : HINTS.registerForm,
    typing: !done && !confirming,
    modal: confirming,
  });

  useScreenKeys((stroke) =>
    applyDecision(registerKeys(current(), stroke), dispatch, (effect) => {
      if ('copy' in effect) copyToClipboard(stdout, effect.copy);
      else open(effect.open);
    }),
  );

  const errors = candidateErrors(state);
  // The longest label, "Submitted URL", and a space after it.
  const columns = fieldColumns(body.columns, 14);
  const field = (name: CandidateField, label: string, placeholder: string, note?: string) => {
    const focused = state.focus === name && state.phase === 'editing';
    return (
      <FieldRow columns={columns} label={label} focused={focused} note={note} error={state.attempted || state[name].length > 0 ? errors[name] : undefined}>
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
          <Text wrap="wrap">
            <Text color="green">✓</Text> {handedText(state)}
          </Text>
          <HandedUrl url={state.url} copied={state.copied} emailed={state.emailed} />
        </Box>
      ) : state.phase === 'completedBefore' || state.phase === 'reattempting' ? (
        <Box flexDirection="column">
          <Text wrap="wrap">
            <Text color="yellow" bold>
              {alreadyRegistered(state.status)}:
            </Text>{' '}
            {state.email.trim()} has invitation {state.testInvitationId}, {state.status.toLowerCase()}; its URL no longer starts the test.
          </Text>
          {state.phase === 'completedBefore' ? (
            <Confirm question={moveQuestion('reattempt', state.testInvitationId)} />
          ) : (
            <Text dimColor>Creating a new attempt…</Text>
          )}
        </Box>
      ) : (
        <>
          {field('email', 'Email', 'ada@example.com')}
          {field('name', 'Full name', 'Ada Lovelace')}
          {field('extraTime', 'Extra time %', '0', "optional: % more of the test's time")}
          {field('redirect', 'Redirect URL', 'https://…', 'optional: where the candidate goes after')}
          {field('callback', 'Callback URL', 'https://…', 'optional: gets the completion callback')}
          {field('submitted', 'Submitted URL', 'https://…', 'optional: gets the submitted event')}
          {field('deadline', 'Deadline days', 'none', 'days to start from now; empty: no deadline')}
          <Text dimColor={!state.sendEmail} wrap="truncate-end">
            {state.sendEmail ? '[x]' : '[ ]'} Email the candidate their invitation (Ctrl+E)
          </Text>
          {state.phase === 'submitting' ? <Text dimColor>Registering…</Text> : null}
          {state.failure ? <FailureText failure={state.failure} /> : null}
        </>
      )}
    </Box>
  );
};
