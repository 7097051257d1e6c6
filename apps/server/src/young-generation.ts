import { setFlagsFromString } from 'node:v8';

/**
 * `node --max-semi-space-size=N` is meant for the request thread (decision 258): with ~1,000 requests in flight the
 * default 16 MB semi-space fills faster than a request lives, its objects are promoted and the old generation is
 * marked over and over. But V8 reads the flag again for every isolate it creates, over a worker's own
 * `resourceLimits`: render threads lost their 8 MB young generation and sandbox workers got 64 MB each. Once this
 * thread's heap exists (it is sized when the process starts) the flag is cleared, so every worker keeps the young
 * generation it asks for, or V8's default.
 */
export const keepSemiSpaceToRequestThread = (): void => {
  setFlagsFromString('--max-semi-space-size=0');
};
