import { useEffect, useRef } from 'react';
import { useScreenSlot } from './screen-slot.js';

/**
 * Calls `refresh` after `delayMs(polls)` while `waiting` holds and the screen is on top; `settled` changes
 * each time an answer arrives, which arms the next wait. Nothing is scheduled once the screen is left or
 * covered: the timer goes with it.
 */
export const usePoll = (waiting: boolean, settled: unknown, delayMs: (polls: number) => number, refresh: () => void): void => {
  const { active } = useScreenSlot();
  const polls = useRef(0);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!waiting || !active) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      latest.current();
    }, delayMs(polls.current));
    return () => clearTimeout(timer);
  }, [waiting, active, settled, delayMs]);
};
