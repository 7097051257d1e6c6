import { Box, useStdout } from 'ink';
import { Text } from './Text.js';
import { useCallback, useEffect, useMemo } from 'react';
import { answeredUrl } from '../../format/checked-url.js';
import { applyDecision } from '../input/key-decision.js';
import type { Keystroke } from '../input/keystroke.js';
import { useConnection } from '../shell/client-context.js';
import { copyToClipboard } from '../shell/clipboard.js';
import { useCall } from '../shell/use-call.js';
import { useMachine, type Machine } from '../shell/use-machine.js';
import { actionCallKey, actionKeys, actionReducer, idleAction, type ActionEvent, type ActionState } from '../state/action-state.js';
import { moveQuestion, type MoveRequest } from '../state/invitation-moves.js';
import { extendInvitation } from './extend-invitation.js';
import { Confirm } from './Confirm.js';
import { FailureText } from './FailureText.js';
import { HandedUrl } from './HandedUrl.js';

export type MoveState = ActionState<MoveRequest>;

/**
 * Cancel, reattempt or resend through the client once confirmed, or extend as typed; `onDone` runs after a success (to reload). `keys`
 * answers y/n, clears a shown outcome, and copies a reattempt's new URL with `c`.
 */
export const useInvitationMove = (onDone: () => void): Machine<MoveState, ActionEvent<MoveRequest>> & { keys(stroke: Keystroke): boolean } => {
  const { client } = useConnection();
  const { stdout } = useStdout();
  const machine = useMachine(actionReducer<MoveRequest>, idleAction<MoveRequest>);
  const { state, send: dispatch } = machine;
  useCall(
    actionCallKey(state),
    async (signal) => {
      if (state.phase !== 'running') throw new Error('no move running');
      const { move, testInvitationId, testId } = state.action;
      if (move === 'extend' || move === 'renew') return { message: await extendInvitation(client, state.action, Date.now(), signal) };
      if (move === 'resend') {
        // A refusal (409.50 no longer open, 429.50 emailed too recently) is the server's text, shown as it comes.
        const resent = await client.invitations.resend(testInvitationId, { signal });
        return { message: `Invitation ${resent.testInvitationId}: the candidate is emailed their link again.` };
      }
      if (move === 'erase') {
        const erased = await client.candidates.erase({ testInvitationId }, { signal });
        return {
          message: `Invitation ${testInvitationId}: ${erased.erased === 0 ? 'erased before' : 'the candidate is erased'}; the scores stay as "Erased candidate".`,
        };
      }
      if (move === 'cancel') {
        const { notify } = state.action;
        await client.invitations.cancel(testInvitationId, { ...(testId === undefined ? {} : { testId }), ...(notify ? { notify } : {}) }, { signal });
        return { message: `Invitation ${testInvitationId} is cancelled.${notify ? ' The candidate is emailed after the undo window.' : ''}` };
      }
      const reattempt = await client.invitations.reattempt(testInvitationId, { signal });
      return {
        message: `New attempt: invitation ${reattempt.testInvitationId} (invitation ${testInvitationId} keeps its result).`,
        url: answeredUrl(reattempt.takeTestURL, 'take-test URL'),
        // Whether it was emailed is the server's answer (decision 781): the URL's line says it as it is.
        emailed: reattempt.emailQueued === true,
      };
    },
    (outcome) => dispatch({ type: 'succeeded', ...outcome }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useEffect(() => {
    if (state.phase === 'done') onDone();
    // Only the arrival at done matters, not a new onDone closure.
  }, [state.phase]);
  const { current, send } = machine;
  const keys = useCallback(
    (stroke: Keystroke) => {
      const now = current();
      // A cancel's confirmation has a second yes: cancel and email the candidate (issue 61 item 1).
      if (now.phase === 'confirming' && now.action.move === 'cancel' && stroke.type === 'char' && stroke.char === 'e') {
        send({ type: 'confirm', action: { ...now.action, notify: true } });
        return true;
      }
      return applyDecision(actionKeys(now, stroke), send, ({ copy }) => copyToClipboard(stdout, copy));
    },
    [current, send, stdout],
  );
  return useMemo(() => ({ ...machine, keys }), [machine, keys]);
};

const RUNNING: Record<MoveRequest['move'], string> = {
  cancel: 'Cancelling…',
  reattempt: 'Creating a new attempt…',
  resend: 'Emailing the candidate…',
  extend: 'Extending…',
  renew: 'Extending and emailing the link…',
  erase: 'Erasing…',
};

/** y/n while confirming; the outcome afterwards. */
export const MoveLine = ({ state }: { state: MoveState }) => {
  if (state.phase === 'confirming') return <Confirm question={moveQuestion(state.action.move, state.action.testInvitationId)} />;
  if (state.phase === 'running') return <Text dimColor>{RUNNING[state.action.move]}</Text>;
  if (state.phase === 'done')
    return (
      <Box flexDirection="column">
        <Text color="green" wrap="wrap">
          ✓ {state.message}
        </Text>
        {state.outcome ? <HandedUrl url={state.outcome.url} copied={state.outcome.copied} emailed={state.outcome.emailed} /> : null}
      </Box>
    );
  if (state.phase === 'failed') return <FailureText failure={state.failure} />;
  return null;
};
