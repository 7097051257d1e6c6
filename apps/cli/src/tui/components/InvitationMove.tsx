import { Text } from 'ink';
import { useEffect, useReducer, type Dispatch } from 'react';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { actionCallKey, actionReducer, idleAction, type ActionEvent, type ActionState } from '../state/action-state.js';
import { moveQuestion, type InvitationMoveName } from '../state/invitation-moves.js';
import { Confirm } from './Confirm.js';
import { FailureText } from './FailureText.js';

export interface MoveRequest {
  move: InvitationMoveName;
  testInvitationId: number;
  testId?: number;
}

export type MoveState = ActionState<MoveRequest>;

/** Cancel or reattempt through the client once confirmed; `onDone` runs after a success (to reload). */
export const useInvitationMove = (onDone: () => void): [MoveState, Dispatch<ActionEvent<MoveRequest>>] => {
  const { client } = useConnection();
  const [state, dispatch] = useReducer(actionReducer<MoveRequest>, undefined, idleAction<MoveRequest>);
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
  return [state, dispatch];
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

/** The keys of a confirmation: y runs, n or Esc dismisses; any key clears an outcome. Answers whether it took the key. */
export const handleMoveKeys = (state: MoveState, dispatch: Dispatch<ActionEvent<MoveRequest>>, input: string, escapePressed: boolean): boolean => {
  if (state.phase === 'confirming') {
    if (input === 'y') dispatch({ type: 'confirm' });
    else if (input === 'n' || escapePressed) dispatch({ type: 'dismiss' });
    return true;
  }
  if (state.phase === 'done' || state.phase === 'failed') dispatch({ type: 'dismiss' });
  return false;
};
