import { assayTestConfig } from '../../vitest.shared.js';

export default assayTestConfig({
  // The suites assert wall-clock bounds of real worker threads; running files one at a time on a
  // 2-core machine keeps those timings about the sandbox, not about CPU contention between files.
  fileParallelism: false,
  hookTimeout: 30_000,
});
