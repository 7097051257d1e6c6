import { Session } from 'node:inspector';

/**
 * What V8 does when told memory is low, for the calling thread: full collections until nothing more is freed, the
 * young generation shrunk back from what the last burst grew it to, and freed pages handed back to the system. A
 * plain `gc()` keeps the young generation grown unless V8 has measured a low allocation rate over the last 5 s,
 * which is hit or miss. Node has no API for the notification; an in-process inspector session sends it
 * (`HeapProfiler.collectGarbage`), opening no port. Resolves false when this Node has no inspector.
 */
export const reduceMemory = async (): Promise<boolean> => {
  if (!process.features.inspector) return false;
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
    return true;
  } finally {
    session.disconnect();
  }
};

/**
 * Runs `reduce` once a thread has had no work for `quietMs`: `busy()` when work starts, `idle()` when it ends. A
 * render thread waits for the next export for up to 30 s holding what the last one left (tens of MB); the pause
 * after a burst of exports is when it can give that back.
 */
export const reduceWhenQuiet = (quietMs: number, reduce: () => Promise<unknown> = reduceMemory) => {
  let timer: NodeJS.Timeout | undefined;
  return {
    busy(): void {
      clearTimeout(timer);
    },
    idle(): void {
      clearTimeout(timer);
      timer = setTimeout(() => void reduce().catch(() => {}), quietMs);
      timer.unref();
    },
  };
};
