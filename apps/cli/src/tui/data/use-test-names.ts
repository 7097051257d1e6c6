import { useEffect, useRef } from 'react';
import { useConnection } from '../shell/client-context.js';
import { useCall } from '../shell/use-call.js';
import { useMachine } from '../shell/use-machine.js';
import { initialTestNames, testLabel, testNamesReducer } from '../state/test-names-state.js';

/** The names of the tests `ids` refer to (test-names-state.ts): answers the label of a test id. */
export const useTestNames = (ids: readonly number[]): ((testId: number) => string) => {
  const { client } = useConnection();
  const { state, send } = useMachine(testNamesReducer, initialTestNames);
  const asked = useRef<readonly number[]>([]);
  const signature = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const wanted = signature === '' ? [] : signature.split(',').map(Number);
    asked.current = wanted;
    send({ type: 'need', ids: wanted });
  }, [signature, send, state.answered]);
  useCall(
    state.reading === null ? null : `names#${state.reading}`,
    async (signal) => {
      const askedNow = asked.current;
      const names = new Map<number, string>();
      for await (const test of client.tests.all({}, { signal })) names.set(test.testId, test.testName);
      return { names, asked: askedNow };
    },
    ({ names, asked: askedThen }) => send({ type: 'read', names, asked: askedThen }),
    () => send({ type: 'failed' }),
  );
  return (testId) => testLabel(state, testId);
};
