import { fileURLToPath } from 'node:url';
import { assayTestConfig } from '../../vitest.shared.js';

// Which files run is vitest.shared.ts's: `pnpm test` everything but test/system, `pnpm test:system` test/system.
export default assayTestConfig({
  // One real server (apps/server/dist) for every test file; each file creates an organization of its own.
  globalSetup: [fileURLToPath(new URL('./test/helpers/global-server.ts', import.meta.url))],
});
