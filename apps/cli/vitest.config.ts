import { fileURLToPath } from 'node:url';
import { assayTestConfig } from '../../vitest.shared.js';

export default assayTestConfig({
  // One real server (apps/server/dist) for every test file; each file creates an organization of its own.
  globalSetup: [fileURLToPath(new URL('./test/helpers/global-server.ts', import.meta.url))],
});
