/**
 * What one keystroke does on a screen, decided by a pure function against the screen's current state (never
 * a stale render): events for its reducer, in order; an effect outside it (open a screen, copy a URL); and
 * whether the key was the screen's at all — a passed key goes on to the frame's own keys (q, Esc, ?).
 */
export interface KeyDecision<E, F = never> {
  events: readonly E[];
  effect?: F;
  passed: boolean;
}

/** The screen took the key (with these events, perhaps none). */
export const taken = <E>(...events: E[]): KeyDecision<E, never> => ({ events, passed: false });

/** The screen took the key and asks for something outside its state. */
export const effect = <F, E = never>(value: F, ...events: E[]): KeyDecision<E, F> => ({ events, effect: value, passed: false });

/** Not this screen's key: it goes on (after these events, such as clearing a shown outcome). */
export const passed = <E>(...events: E[]): KeyDecision<E, never> => ({ events, passed: true });

/** Carries a decision out: its events to the machine, its effect to `perform`; answers whether the key was taken. */
export const applyDecision = <E, F>(decision: KeyDecision<E, F>, send: (event: E) => unknown, perform: (effect: F) => void = () => {}): boolean => {
  for (const event of decision.events) send(event);
  if (decision.effect !== undefined) perform(decision.effect);
  return !decision.passed;
};
