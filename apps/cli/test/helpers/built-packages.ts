import { join } from 'node:path';
import { ROOT, buildIfStale as buildAll } from '../../../../scripts/build-if-stale.js';

export { ROOT };
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
export const CLI_MAIN = join(ROOT, 'apps/cli/dist/main.js');

/** Builds the server and `assay` with everything they load, when stale. */
export const buildIfStale = (): string[] => buildAll('@assay/server', '@assay/cli');
