import { describeEveryRoute } from '../security/fuzz/every-route.js';
import { fuzzSettings } from '../security/fuzz/fuzz-settings.js';

/** The hostile-request fuzz over every route (test/security/fuzz/every-route.ts) at its full DEFAULT_RUNS per backend. */
describeEveryRoute(fuzzSettings());
