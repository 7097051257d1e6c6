import { Text } from './Text.js';
import { useEffect } from 'react';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { useMachine, type Machine } from '../shell/use-machine.js';
import { actionCallKey, actionReducer, idleAction, type ActionEvent, type ActionState } from '../state/action-state.js';
import { moveQuestion, type MoveRequest } from '../state/invitation-moves.js';
import { Confirm } from './Confirm.js';
import { FailureText } from './FailureText.js';

export type MoveState = ActionState<MoveRequest>;

/** Cancel or reattempt through the client once confirmed; `onDone` runs after a success (to reload). */
export const useInvitationMove = (onDone: () => void): Machine<MoveState, ActionEvent<MoveRequest>> => {
  const { client } = useConnection();
  const machine = useMachine(actionReducer<MoveRequest>, idleAction<MoveRequest>);
  const { state, send: dispatch } = machine;
  useCall(
    actionCallKey(state),
    async (signal) => {
      if (state.phase !== 'running') throw new Error('no move running');
      const { move, testInvitationId, testId } = state.action;
      if (move === 'cancel') {
        await client.invitations.cancel(testInvitationId, testId === undefined ? {} : { testId }, { signal });
        return `Invitation ${testInvitationId} is cancelled.`;
      }
      const reattempt = await client.invitations.reattempt(testInvitationId, { signal });
      return `New attempt: invitation ${reattempt.testInvitationId}, ${reattempt.takeTestURL}`;
    },
    (message) => dispatch({ type: 'succeeded', message }),
    (failure) => dispatch({ type: 'failed', failure }),
  );
  useEffect(() => {
    if (state.phase === 'done') onDone();
    // Only the arrival at done matters, not a new onDone closure.
  }, [state.phase]);
  return machine;
};

/** y/n while confirming; the outcome afterwards. */
export const MoveLine = ({ state }: { state: MoveState }) => {
  if (state.phase === 'confirming') return <Confirm question={moveQuestion(state.action.move, state.action.testInvitationId)} />;
  if (state.phase === 'running') return <Text dimColor>{state.action.move === 'cancel' ? 'Cancelling…' : 'Creating a new attempt…'}</Text>;
  if (state.phase === 'done')
    return (
      <Text color="green" wrap="wrap">
        ✓ {state.message}
      </Text>
    );
  if (state.phase === 'failed') return <FailureText failure={state.failure} />;
  return null;
};
