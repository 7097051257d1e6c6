import { freePort } from '@assay/testing';
import { buildIfStale as buildAll } from '../../../../scripts/build-if-stale.js';

export { freePort };

/** Builds the server, the worker and everything they load, when stale. */
export const buildIfStale = (): string[] => buildAll('@assay/server', '@assay/worker');
