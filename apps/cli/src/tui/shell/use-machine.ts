import { useCallback, useMemo, useRef, useState } from 'react';

export interface Machine<S, E> {
  /** The state this render shows. */
  state: S;
  /** Applies the event now and answers the new state: the next key of a burst meets it, not a stale render. */
  send(event: E): S;
  /** The state as of now, with every event sent so far (rendered or not). */
  current(): S;
}

/**
 * `useReducer` whose state is also kept outside React's render cycle. Keys arrive faster than frames (a paste,
 * tmux `send-keys` with several keys): each one is decided against `current()`, and `send` applies its
 * events at once, so consecutive keys compose exactly as if a frame had been drawn between them.
 */
export const useMachine = <S, E>(reducer: (state: S, event: E) => S, init: () => S): Machine<S, E> => {
  const live = useRef<{ state: S } | null>(null);
  if (live.current === null) live.current = { state: init() };
  const [state, setState] = useState(live.current.state);
  const send = useCallback(
    (event: E) => {
      const holder = live.current!;
      holder.state = reducer(holder.state, event);
      setState(holder.state);
      return holder.state;
    },
    [reducer],
  );
  const current = useCallback(() => live.current!.state, []);
  return useMemo(() => ({ state, send, current }), [state, send, current]);
};
