import { describeEveryRoute } from './every-route.js';
import { FAST_RUNS, fuzzSettings } from './fuzz-settings.js';

/**
 * The fast loop's share of the hostile-request fuzz over every route (see every-route.ts): FAST_RUNS requests
 * per backend on the fixed seed. `pnpm test:system` sends the full DEFAULT_RUNS
 * (test/system/fuzz-every-route.test.ts); `pnpm --filter @assay/server test:fuzz` 20,000 on a fresh seed.
 */
describeEveryRoute(fuzzSettings(process.env, FAST_RUNS));
